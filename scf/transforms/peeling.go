package transforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/scf"
)

// The markers the peeling pattern leaves on the loops it made, so that it
// does not peel them again; the pass drops them at the end.
const (
	peeledLoopLabel       = "__peeled_loop__"
	partialIterationLabel = "__partial_iteration__"
)

// ForLoopPeelingPass is scf-for-loop-peeling.
func ForLoopPeelingPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForLoopPeeling", Argument: "scf-for-loop-peeling",
		Summary: "Peel `for` loops at their upper bounds.",
		Options: []pass.Option{
			{Name: "peel-front", Kind: pass.BoolOption, Default: "false", Help: "Peel the first iteration out of the loop."},
			{Name: "skip-partial", Kind: pass.BoolOption, Default: "true",
				Help: "Do not peel loops inside of the last, partial iteration of another already peeled loop."},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			front, skip := pc.Options.Bool("peel-front"), pc.Options.Bool("skip-partial")
			// Outer loops first, as MLIR's top-down greedy driver: with
			// skip-partial the loops in an outer loop's partial iteration
			// then stay whole. Each sweep peels what it can; the markers
			// keep a second sweep from peeling a loop again.
			rw := ir.NewRewriter(op.Context(), nil)
			for changed := true; changed; {
				changed = false
				var loops []*ir.Operation
				op.WalkPre(func(o *ir.Operation) (bool, bool) {
					if o != op && o.Name() == "scf.for" {
						loops = append(loops, o)
					}
					return true, true
				})
				for _, l := range loops {
					changed = peelPattern(rw, scf.For{Operation: l}, front, skip) || changed
				}
			}
			// Fold what peeling made constant, as the greedy driver does.
			err := rewrite.ApplyGreedily(op)
			op.Walk(func(o *ir.Operation) bool {
				o.RemoveAttr(peeledLoopLabel)
				o.RemoveAttr(partialIterationLabel)
				return true
			})
			return err
		}}
}

// peelPattern is MLIR's ForLoopPeelingPattern.
func peelPattern(rw *ir.Rewriter, f scf.For, front, skipPartial bool) bool {
	if f.IsUnsigned() || f.HasAttr(peeledLoopLabel) {
		return false
	}
	var other *ir.Operation
	if front {
		other = PeelFirstIteration(rw, f)
	} else {
		if skipPartial {
			for p := f.ParentOp(); p != nil; p = p.ParentOp() {
				if p.Name() == "scf.for" && p.HasAttr(partialIterationLabel) {
					return false
				}
			}
		}
		other = PeelAndSimplifyBounds(rw, f)
	}
	if other == nil {
		return false
	}
	ctx := rw.Context()
	rw.ModifyInPlace(other, func() {
		other.SetAttr(peeledLoopLabel, ctx.UnitAttr())
		other.SetAttr(partialIterationLabel, ctx.UnitAttr())
	})
	rw.ModifyInPlace(f.Operation, func() { f.SetAttr(peeledLoopLabel, ctx.UnitAttr()) })
	return true
}

// constantBounds returns the loop's lower bound, upper bound and step
// where they are constants.
func constantBounds(f scf.For) (lb, ub, step int64, lbOK, ubOK, stepOK bool) {
	get := func(v *ir.Value) (int64, bool) {
		a, ok := ir.ConstantIntAttr(v)
		if !ok {
			return 0, false
		}
		return a.Int(), true
	}
	lb, lbOK = get(f.LowerBound())
	ub, ubOK = get(f.UpperBound())
	step, stepOK = get(f.Step())
	return
}

// boundValue makes, before f, the affine.min or affine.max (name) of the
// map m (symbols only) over operands: a constant of the type of f's bounds
// when all operands are constants, else the op, which only index loops
// take (nil for another).
func boundValue(rw *ir.Rewriter, f scf.For, name string, m *ir.AffineMap, operands []*ir.Value) *ir.Value {
	ctx := rw.Context()
	loc := f.Loc()
	t := f.LowerBound().Type()
	rw.SetInsertionPointBefore(f.Operation)
	syms := make([]int64, len(operands))
	constant := true
	for i, v := range operands {
		a, ok := ir.ConstantIntAttr(v)
		if ok {
			syms[i] = a.Int()
		}
		constant = constant && ok
	}
	if constant {
		vals := m.Eval(nil, syms)
		best := vals[0]
		for _, v := range vals[1:] {
			if name == "affine.min" {
				best = min(best, v)
			} else {
				best = max(best, v)
			}
		}
		return arith.NewConstant(&rw.Builder, ctx.IntegerAttr(t, best), t, loc)
	}
	if t != ctx.Index() {
		return nil
	}
	return rw.CreateOp(name, loc, operands, []ir.Type{t}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
}

// PeelAndSimplifyBounds is MLIR's peelForLoopAndSimplifyBounds: a loop
// whose step may not divide its range runs to the split bound
// max(ub - (ub - lb) mod step, lb) (so a loop without iterations stays
// without any), and a copy of it, the partial
// iteration inserted after it, from there to the old upper bound; the
// affine.min and affine.max ops in both then simplify under the
// knowledge that every iteration of the first is full and the copy's is
// not. It returns the copy, or nil when the loop needs no peeling or has
// dynamic bounds of an integer type.
func PeelAndSimplifyBounds(rw *ir.Rewriter, f scf.For) *ir.Operation {
	lb, ub, step, lbOK, ubOK, stepOK := constantBounds(f)
	if stepOK && step <= 1 || lbOK && ubOK && stepOK && (ub-lb)%step == 0 {
		return nil
	}
	s0, s1, s2 := ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1), ir.AffineSymbolExpr(2)
	neg := func(e *ir.AffineExpr) *ir.AffineExpr { return ir.AffineBinary(ir.AffineMul, e, ir.AffineConstExpr(-1)) }
	rem := ir.AffineBinary(ir.AffineMod, ir.AffineBinary(ir.AffineAdd, neg(s0), s1), s2)
	m := &ir.AffineMap{Symbols: 3, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, s1, neg(rem)), s0}}
	oldUB := f.UpperBound()
	split := boundValue(rw, f, "affine.max", m, []*ir.Value{f.LowerBound(), oldUB, f.Step()})
	if split == nil {
		return nil
	}

	rw.SetInsertionPointAfter(f.Operation)
	partial := scf.For{Operation: rw.Clone(f.Operation, ir.NewMapping())}
	for i := range f.NumResults() {
		rw.ReplaceAllUsesWith(f.Result(i), partial.Result(i))
	}
	rw.ModifyInPlace(partial.Operation, func() {
		partial.SetOperand(0, split)
		for i := range f.NumResults() {
			partial.SetOperand(3+i, f.Result(i))
		}
	})
	rw.ModifyInPlace(f.Operation, func() { f.SetOperand(1, split) })

	simplifyPeeledMinMax(rw, f, oldUB, true)
	simplifyPeeledMinMax(rw, partial, oldUB, false)
	return partial.Operation
}

// simplifyPeeledMinMax is MLIR's rewritePeeledMinMaxOp over the ops of
// loop f: in the main loop ub - iv >= step, in the partial iteration
// ub - iv < step.
func simplifyPeeledMinMax(rw *ir.Rewriter, f scf.For, ub *ir.Value, inside bool) {
	iv, step := f.InductionVar(), f.Step()
	var ops []*ir.Operation
	f.Walk(func(o *ir.Operation) bool {
		if o.Name() == "affine.min" || o.Name() == "affine.max" {
			ops = append(ops, o)
		}
		return true
	})
	cs := &analysis.Constraints{}
	d0, d1, d2 := ir.AffineDimExpr(0), ir.AffineDimExpr(1), ir.AffineDimExpr(2)
	neg := func(e *ir.AffineExpr) *ir.AffineExpr { return ir.AffineBinary(ir.AffineMul, e, ir.AffineConstExpr(-1)) }
	if inside {
		// ub - iv - step >= 0
		cs.AddExprBound(ir.AffineBinary(ir.AffineAdd, ir.AffineBinary(ir.AffineAdd, d0, neg(d1)), neg(d2)), 3,
			[]*ir.Value{ub, iv, step}, 0, false)
	} else {
		// iv - ub + step - 1 >= 0
		cs.AddExprBound(ir.AffineBinary(ir.AffineAdd, ir.AffineBinary(ir.AffineAdd, d0, neg(d1)), d2), 3,
			[]*ir.Value{iv, ub, step}, -1, false)
	}
	for _, o := range ops {
		replaceMinMax(rw, o, cs)
	}
}

// replaceMinMax replaces an affine.min or affine.max op by an affine.apply
// of its result that cs proves it equals.
func replaceMinMax(rw *ir.Rewriter, o *ir.Operation, cs *analysis.Constraints) bool {
	j, ok := analysis.ConstrainedMinMax(o, cs)
	if !ok {
		return false
	}
	m := affine.MapOf(o, "map")
	rw.SetInsertionPointBefore(o)
	v := affine.ComposedApply(&rw.Builder, o.Loc(), &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: m.Results[j : j+1]}, o.Operands())
	rw.ReplaceOp(o, []*ir.Value{v})
	return true
}

// PeelFirstIteration is MLIR's peelForLoopFirstIteration: a copy of the
// loop, inserted before it, runs its first iteration (to lb + step), and
// the loop continues from there with the copy's results; the split bound
// min(lb + step, ub) keeps a loop without iterations without any. It
// returns the copy, or nil when the loop has at most one iteration or
// dynamic bounds of an integer type.
func PeelFirstIteration(rw *ir.Rewriter, f scf.For) *ir.Operation {
	lb, ub, step, lbOK, ubOK, stepOK := constantBounds(f)
	if lbOK && ubOK && stepOK && (step <= 0 || ub-lb <= step) {
		return nil
	}
	m := &ir.AffineMap{Symbols: 3, Results: []*ir.AffineExpr{
		ir.AffineBinary(ir.AffineAdd, ir.AffineSymbolExpr(0), ir.AffineSymbolExpr(1)), ir.AffineSymbolExpr(2)}}
	split := boundValue(rw, f, "affine.min", m, []*ir.Value{f.LowerBound(), f.Step(), f.UpperBound()})
	if split == nil {
		return nil
	}
	rw.SetInsertionPointBefore(f.Operation)
	first := scf.For{Operation: rw.Clone(f.Operation, ir.NewMapping())}
	rw.ModifyInPlace(first.Operation, func() { first.SetOperand(1, split) })
	rw.ModifyInPlace(f.Operation, func() {
		f.SetOperand(0, split)
		for i := range first.NumResults() {
			f.SetOperand(3+i, first.Result(i))
		}
	})
	return first.Operation
}
