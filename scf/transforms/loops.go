// Package transforms holds MLIR's SCF loop passes: scf-forall-to-parallel,
// scf-forall-to-for, scf-parallel-for-to-nested-fors, scf-for-to-while,
// scf-for-loop-range-folding, scf-for-loop-specialization,
// scf-parallel-loop-specialization, scf-for-loop-peeling,
// scf-for-loop-canonicalization, scf-parallel-loop-tiling,
// scf-parallel-loop-fusion, scf-if-condition-propagation and
// loop-invariant-subset-hoisting.
package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/scf"
)

// Register adds the passes to reg.
func Register(reg pass.Registry) {
	reg.Add(ForallToParallelPass, ForallToForPass, ParallelToNestedForsPass, ForToWhilePass, ForLoopRangeFoldingPass,
		ForLoopSpecializationPass, ParallelLoopSpecializationPass, ParallelLoopTilingPass, IfConditionPropagationPass,
		ParallelLoopFusionPass, ForLoopPeelingPass, ForLoopCanonicalizationPass, LoopInvariantSubsetHoistingPass)
}

// ForallToParallelPass is scf-forall-to-parallel.
func ForallToParallelPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForallToParallelLoop", Argument: "scf-forall-to-parallel",
		Summary: "Convert SCF forall loop to SCF parallel loop",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.forall", func(rw *ir.Rewriter, o *ir.Operation) error {
				_, err := ForallToParallel(rw, scf.Forall{Operation: o})
				return err
			})
		}}
}

// ForallToForPass is scf-forall-to-for.
func ForallToForPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForallToForLoop", Argument: "scf-forall-to-for",
		Summary: "Convert SCF forall loop to SCF for loop",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.forall", func(rw *ir.Rewriter, o *ir.Operation) error {
				return ForallToFor(rw, scf.Forall{Operation: o})
			})
		}}
}

// ParallelToNestedForsPass is scf-parallel-for-to-nested-fors.
func ParallelToNestedForsPass() *pass.Pass {
	return &pass.Pass{Name: "SCFParallelForToNestedFors", Argument: "scf-parallel-for-to-nested-fors",
		Summary: "Convert SCF parallel for loops to nested SCF for loops",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			var ops []*ir.Operation
			op.WalkPre(func(o *ir.Operation) (bool, bool) {
				if o != op && o.Name() == "scf.parallel" {
					ops = append(ops, o)
				}
				return true, true
			})
			rw := ir.NewRewriter(op.Context(), nil)
			for _, o := range ops {
				if _, err := ParallelToNestedFors(rw, scf.Parallel{Operation: o}); err != nil {
					return err
				}
			}
			return nil
		}}
}

// ForToWhilePass is scf-for-to-while.
func ForToWhilePass() *pass.Pass {
	return &pass.Pass{Name: "SCFForToWhileLoop", Argument: "scf-for-to-while",
		Summary: "Convert SCF for loops to SCF while loops",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			p := &ir.Pattern{Name: "for-to-while", Root: "scf.for", Rewrite: func(o *ir.Operation, rw *ir.Rewriter) bool {
				ForToWhile(rw, scf.For{Operation: o})
				return true
			}}
			return rewrite.ApplyGreedily(op, p)
		}}
}

// walkPost applies fn to every op named name nested in root, inner ops first.
func walkPost(root *ir.Operation, name string, fn func(*ir.Rewriter, *ir.Operation) error) error {
	var ops []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		if o != root && o.Name() == name {
			ops = append(ops, o)
		}
		return true
	})
	rw := ir.NewRewriter(root.Context(), nil)
	for _, o := range ops {
		if err := fn(rw, o); err != nil {
			return err
		}
	}
	return nil
}

func types(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// NewFor creates an scf.for at rw's insertion point; a loop without
// carried values gets its empty scf.yield, another none yet.
func NewFor(rw *ir.Rewriter, loc ir.Location, lb, ub, step *ir.Value, inits []*ir.Value, unsigned bool) scf.For {
	ts := types(inits)
	st := &ir.OpState{Name: "scf.for", Loc: loc, Operands: append([]*ir.Value{lb, ub, step}, inits...), ResultTypes: ts}
	if unsigned {
		st.AddAttr("unsignedCmp", rw.Context().UnitAttr())
	}
	body := ir.NewBlock(append([]ir.Type{lb.Type()}, ts...), slices.Repeat([]ir.Location{loc}, len(inits)+1))
	st.AddRegion().Append(body)
	op := rw.Create(st)
	if len(inits) == 0 {
		body.Append(rw.Context().NewOp(&ir.OpState{Name: "scf.yield", Loc: loc}))
	}
	return scf.For{Operation: op}
}

// BuildLoopNest creates one scf.for per bound at rw's insertion point,
// each carrying inits through the next (MLIR's scf::buildLoopNest), each
// outer loop yielding the results of the one inside; the innermost body
// has no terminator yet when there are carried values, and rw is left at
// its start. It returns the loops, outermost first.
func BuildLoopNest(rw *ir.Rewriter, loc ir.Location, lbs, ubs, steps, inits []*ir.Value, unsigned bool) []scf.For {
	var fors []scf.For
	carried := inits
	for i := range lbs {
		f := NewFor(rw, loc, lbs[i], ubs[i], steps[i], carried, unsigned)
		if len(fors) > 0 && len(inits) > 0 {
			rw.SetInsertionPointToEnd(fors[len(fors)-1].Body())
			rw.CreateOp("scf.yield", loc, f.Results(), nil)
		}
		fors = append(fors, f)
		carried = f.RegionIterArgs()
		rw.SetInsertionPointToStart(f.Body())
	}
	return fors
}

// boundValues returns forall bounds as values, static ones as index
// constants made at rw's insertion point.
func boundValues(rw *ir.Rewriter, loc ir.Location, bs []scf.Bound) []*ir.Value {
	vs := make([]*ir.Value, len(bs))
	for i, b := range bs {
		vs[i] = b.AsValue(rw, loc)
	}
	return vs
}

// ForallToParallel replaces a forall without outputs by the scf.parallel
// of its body (MLIR's forallToParallelLoop): static bounds and steps
// become index constants, lower bounds first, and a mapping stays as an
// attribute.
func ForallToParallel(rw *ir.Rewriter, f scf.Forall) (scf.Parallel, error) {
	if len(f.Outputs()) > 0 {
		return scf.Parallel{}, f.Errorf("only fully bufferized scf.forall ops can be lowered to scf.parallel")
	}
	ctx := rw.Context()
	loc := f.Loc()
	rw.SetInsertionPointBefore(f.Operation)
	lbs := boundValues(rw, loc, f.LowerBounds())
	ubs := boundValues(rw, loc, f.UpperBounds())
	steps := boundValues(rw, loc, f.Steps())
	n := int64(len(lbs))
	st := &ir.OpState{Name: "scf.parallel", Loc: loc, Operands: append(append(lbs, ubs...), steps...)}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(n, n, n, 0))
	if m := f.Attr("mapping"); m != nil {
		st.AddAttr("mapping", m)
	}
	st.AddRegion().TakeBody(f.Region(0))
	par := rw.Create(st)
	body := par.Region(0).Entry()
	rw.EraseOp(body.Terminator())
	body.Append(ctx.NewOp(&ir.OpState{Name: "scf.reduce", Loc: loc}))
	rw.ReplaceOp(f.Operation, nil)
	return scf.Parallel{Operation: par}, nil
}

// ParallelToNestedFors replaces an scf.parallel without results by one
// scf.for per induction variable, outermost first, and returns them.
func ParallelToNestedFors(rw *ir.Rewriter, p scf.Parallel) ([]scf.For, error) {
	if p.NumResults() > 0 {
		return nil, p.Errorf("Currently ScfParallel to ScfFor conversion doesn't support ScfParallel with results")
	}
	rw.SetInsertionPointBefore(p.Operation)
	fors := BuildLoopNest(rw, p.Loc(), p.LowerBounds(), p.UpperBounds(), p.Steps(), nil, p.IsUnsigned())
	ivs := make([]*ir.Value, len(fors))
	for i, f := range fors {
		ivs[i] = f.InductionVar()
	}
	rw.EraseOp(p.Reduce())
	if len(fors) == 0 {
		rw.InlineBlockBefore(p.Body(), p.Operation, nil)
	} else {
		rw.InlineBlockBefore(p.Body(), fors[len(fors)-1].Body().Terminator(), ivs)
	}
	rw.ReplaceOp(p.Operation, nil)
	return fors, nil
}

// ForallToFor replaces a forall by a nest of scf.for ops (MLIR's
// forallToForLoop): each shared output is carried through the loops, and
// each tensor.parallel_insert_slice of the terminator becomes a
// tensor.insert_slice into the carried value, yielded.
func ForallToFor(rw *ir.Rewriter, f scf.Forall) error {
	term := f.Body().Terminator()
	nIVs := f.Body().NumArgs() - len(f.Outputs())
	var slices []*ir.Operation
	var outs []int // the output each slice inserts into
	for o := range term.Region(0).Entry().Ops() {
		if o.Name() != "tensor.parallel_insert_slice" {
			return o.Errorf("expected parallel insert slice op")
		}
		d := o.Operand(1)
		if !d.IsBlockArgument() || d.OwnerBlock() != f.Body() || d.Index() < nIVs {
			return o.Errorf("expected parallel insert slice op to insert into a block argument of the loop")
		}
		slices = append(slices, o)
		outs = append(outs, d.Index()-nIVs)
	}
	loc := f.Loc()
	rw.SetInsertionPointBefore(f.Operation)
	lbs := boundValues(rw, loc, f.LowerBounds())
	ubs := boundValues(rw, loc, f.UpperBounds())
	steps := boundValues(rw, loc, f.Steps())
	fors := BuildLoopNest(rw, loc, lbs, ubs, steps, f.Outputs(), false)
	var inner *ir.Block
	var yields []*ir.Value
	if len(fors) == 0 {
		// A forall without dimensions runs its body once: it goes
		// before the op, inserting into the outputs themselves.
		yields = append(yields, f.Outputs()...)
		rw.InlineBlockBefore(f.Body(), f.Operation, yields)
	} else {
		innermost := fors[len(fors)-1]
		inner = innermost.Body()
		args := make([]*ir.Value, 0, f.Body().NumArgs())
		for _, l := range fors {
			args = append(args, l.InductionVar())
		}
		yields = append(yields, innermost.RegionIterArgs()...)
		args = append(args, yields...)
		if t := inner.Terminator(); t != nil {
			rw.InlineBlockBefore(f.Body(), t, args)
		} else {
			rw.MergeBlocks(f.Body(), inner, args)
		}
	}
	rw.SetInsertionPointBefore(term)
	for i, s := range slices {
		k := outs[i]
		st := &ir.OpState{Name: "tensor.insert_slice", Loc: s.Loc(), Operands: append([]*ir.Value{s.Operand(0), yields[k]}, s.Operands()[2:]...),
			ResultTypes: []ir.Type{yields[k].Type()}, Attrs: s.Attrs()}
		yields[k] = rw.Create(st).Result(0)
	}
	rw.EraseOp(term)
	if len(fors) == 0 {
		rw.ReplaceOp(f.Operation, yields)
		return nil
	}
	if len(yields) > 0 {
		rw.SetInsertionPointToEnd(inner)
		rw.CreateOp("scf.yield", loc, yields, nil)
	}
	rw.ReplaceOp(f.Operation, fors[0].Results())
	return nil
}

// ForToWhile rewrites an scf.for as an scf.while carrying the induction
// variable first (MLIR's ForLoopLoweringPattern): the before region
// compares it with the upper bound, the after region steps it and runs
// the body.
func ForToWhile(rw *ir.Rewriter, f scf.For) {
	ctx := rw.Context()
	loc := f.Loc()
	body := f.Body()
	lcvTypes := body.ArgTypes()
	inits := append([]*ir.Value{f.LowerBound()}, f.Inits()...)
	rw.SetInsertionPointBefore(f.Operation)
	st := &ir.OpState{Name: "scf.while", Loc: loc, Operands: inits, ResultTypes: lcvTypes, Attrs: f.Attrs()}
	before, after := st.AddRegion(), st.AddRegion()
	w := rw.Create(st)
	argLocs := make([]ir.Location, len(lcvTypes))
	for i, a := range body.Args() {
		argLocs[i] = a.Loc()
	}
	bb := rw.CreateBlock(before, nil, lcvTypes, argLocs)
	pred := arith.CmpISLT
	if f.IsUnsigned() {
		pred = arith.CmpIULT
	}
	cmp := rw.CreateOp("arith.cmpi", loc, []*ir.Value{bb.Arg(0), f.UpperBound()}, []ir.Type{ctx.I(1)},
		ir.NamedAttr{Name: "predicate", Value: ctx.I64Attr(int64(pred))}).Result(0)
	rw.CreateOp("scf.condition", loc, append([]*ir.Value{cmp}, bb.Args()...), nil)
	ab := rw.CreateBlock(after, nil, lcvTypes, argLocs)
	next := rw.CreateOp("arith.addi", loc, []*ir.Value{ab.Arg(0), f.Step()}, []ir.Type{lcvTypes[0]}).Result(0)
	rw.MergeBlocks(body, ab, ab.Args())
	for o := range ab.Ops() {
		if o.Name() == "scf.yield" {
			rw.ModifyInPlace(o, func() { o.SetOperands(append([]*ir.Value{next}, o.Operands()...)) })
		}
	}
	for i, r := range f.Results() {
		rw.ReplaceAllUsesWith(r, w.Result(i+1))
	}
	rw.EraseOp(f.Operation)
}

// ForLoopRangeFoldingPass is scf-for-loop-range-folding.
func ForLoopRangeFoldingPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForLoopRangeFolding", Argument: "scf-for-loop-range-folding",
		Summary: "Fold add/mul ops into loop range",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.for", func(rw *ir.Rewriter, o *ir.Operation) error {
				FoldLoopRange(rw, scf.For{Operation: o})
				return nil
			})
		}}
}

// FoldLoopRange moves arith.addi and arith.muli ops that are the only use
// of a loop's induction variable, their other operand defined outside the
// loop, into the loop's bounds and step (MLIR's ForLoopRangeFolding): the
// loop then counts the op's result. A product assumes a positive factor,
// as MLIR's does.
func FoldLoopRange(rw *ir.Rewriter, f scf.For) {
	iv := f.InductionVar()
	outside := func(v *ir.Value) bool {
		if v == iv {
			return true
		}
		if d := v.DefiningOp(); d != nil {
			return !f.IsAncestorOf(d)
		}
		p := v.OwnerBlock().ParentOp()
		return p == nil || p != f.Operation && !f.IsAncestorOf(p)
	}
	for iv.HasOneUse() {
		var user *ir.Operation
		for u := range iv.Users() {
			user = u
		}
		if user.Name() != "arith.addi" && user.Name() != "arith.muli" || user.NumResults() != 1 {
			return
		}
		for _, v := range user.Operands() {
			if !outside(v) {
				return
			}
		}
		rw.SetInsertionPointBefore(f.Operation)
		clone := func(bound *ir.Value) *ir.Value {
			m := ir.NewMapping()
			m.Map(iv, bound)
			return rw.Clone(user, m).Result(0)
		}
		lb, ub := clone(f.LowerBound()), clone(f.UpperBound())
		step := f.Step()
		if user.Name() == "arith.muli" {
			step = clone(step)
		}
		rw.ModifyInPlace(f.Operation, func() {
			f.SetOperand(0, lb)
			f.SetOperand(1, ub)
			f.SetOperand(2, step)
		})
		rw.ReplaceAllUsesWith(user.Result(0), iv)
		rw.EraseOp(user)
	}
}

// ForLoopSpecializationPass is scf-for-loop-specialization.
func ForLoopSpecializationPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForLoopSpecialization", Argument: "scf-for-loop-specialization",
		Summary: "Specialize `for` loops for vectorization",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.for", func(rw *ir.Rewriter, o *ir.Operation) error {
				specialize(rw, o, []*ir.Value{o.Operand(1)})
				return nil
			})
		}}
}

// ParallelLoopSpecializationPass is scf-parallel-loop-specialization.
func ParallelLoopSpecializationPass() *pass.Pass {
	return &pass.Pass{Name: "SCFParallelLoopSpecialization", Argument: "scf-parallel-loop-specialization",
		Summary: "Specialize parallel loops for vectorization",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.parallel", func(rw *ir.Rewriter, o *ir.Operation) error {
				specialize(rw, o, scf.Parallel{Operation: o}.UpperBounds())
				return nil
			})
		}}
}

// specialize versions a loop whose upper bounds are each an affine.min
// with a constant among its results (MLIR's specializeForLoopForUnrolling
// and specializeParallelLoopForUnrolling): when every bound equals the
// smallest such constant, an scf.if runs a copy of the loop with the
// constants as bounds, which can be unrolled; otherwise the loop as it is.
func specialize(rw *ir.Rewriter, op *ir.Operation, bounds []*ir.Value) {
	consts := make([]int64, len(bounds))
	for i, b := range bounds {
		min := b.DefiningOp()
		if min == nil || min.Name() != "affine.min" {
			return
		}
		a, ok := min.Attr("map").(*ir.AffineMapAttr)
		if !ok {
			return
		}
		found := false
		for _, r := range a.Map.Results {
			if r.Kind == ir.AffineConst && (!found || r.Value < consts[i]) {
				consts[i], found = r.Value, true
			}
		}
		if !found {
			return
		}
	}
	ctx := rw.Context()
	loc := op.Loc()
	rw.SetInsertionPointBefore(op)
	m := ir.NewMapping()
	var cond *ir.Value
	for i, b := range bounds {
		c := arith.NewConstant(&rw.Builder, ctx.IndexAttr(consts[i]), ctx.Index(), loc)
		cmp := rw.CreateOp("arith.cmpi", loc, []*ir.Value{b, c}, []ir.Type{ctx.I(1)},
			ir.NamedAttr{Name: "predicate", Value: ctx.I64Attr(int64(arith.CmpIEQ))}).Result(0)
		if cond == nil {
			cond = cmp
		} else {
			cond = rw.CreateOp("arith.andi", loc, []*ir.Value{cond, cmp}, []ir.Type{ctx.I(1)}).Result(0)
		}
		m.Map(b, c)
	}
	st := &ir.OpState{Name: "scf.if", Loc: loc, Operands: []*ir.Value{cond}}
	for range 2 {
		blk := ir.NewBlock(nil, nil)
		blk.Append(ctx.NewOp(&ir.OpState{Name: "scf.yield", Loc: loc}))
		st.AddRegion().Append(blk)
	}
	ifOp := rw.Create(st)
	thenYield, elseYield := ifOp.Region(0).Entry().Last(), ifOp.Region(1).Entry().Last()
	rw.SetInsertionPointBefore(thenYield)
	rw.Clone(op, m)
	op.MoveBefore(elseYield)
}
