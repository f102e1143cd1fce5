package looptransforms

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// UnrollJamPass is affine-loop-unroll-jam, MLIR's LoopUnrollAndJam: the
// affine.for that starts a function's body (only that one, as MLIR) is
// unroll-jammed by unroll-jam-factor.
func UnrollJamPass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineLoopUnrollAndJam",
		Argument: "affine-loop-unroll-jam",
		Summary:  "Unroll and jam affine loops",
		Options: []pass.Option{
			{Name: "unroll-jam-factor", Kind: pass.UnsignedOption, Default: "4", Help: "Use this unroll jam factor for all loops (default 4)", Check: func(v string) error {
				// MLIR only asserts on a factor of 0.
				if v == "0" {
					return fmt.Errorf("option 'unroll-jam-factor' wants a positive integer, got '0'")
				}
				return nil
			}},
		},
		Run: func(root *ir.Operation, pc *pass.Context) error {
			factor := int64(pc.Options.Int("unroll-jam-factor"))
			for _, fn := range functions(root) {
				if ops := fn.Region(0).Entry().OpList(); len(ops) > 0 && ops[0].Name() == "affine.for" {
					UnrollJamByFactor(ops[0], factor)
				}
			}
			return nil
		},
	}
}

// innerBoundsInvariant is MLIR's areInnerBoundsInvariant: no bound
// operand of a loop in op (op included) is defined inside op.
func innerBoundsInvariant(op *ir.Operation) bool {
	ok := true
	op.Walk(func(l *ir.Operation) bool {
		if l.Name() != "affine.for" {
			return true
		}
		f := affine.For{Operation: l}
		for _, v := range slices.Concat(f.LowerBoundOperands(), f.UpperBoundOperands()) {
			if d := v.DefiningOp(); d != nil && op.IsAncestorOf(d) || v.IsBlockArgument() && v.OwnerBlock().ParentOp() != nil && op.IsAncestorOf(v.OwnerBlock().ParentOp()) {
				ok = false
				return false
			}
		}
		return true
	})
	return ok
}

// jamBlocks is MLIR's JamBlockGatherer: the maximal runs of ops other
// than affine.for in op's blocks and, recursively, in the affine.for ops
// between them (the terminators left out).
func jamBlocks(op *ir.Operation) [][]*ir.Operation {
	var out [][]*ir.Operation
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			ops := b.OpList()
			ops = ops[:len(ops)-1]
			for i := 0; i < len(ops); {
				start := i
				for i < len(ops) && ops[i].Name() != "affine.for" {
					i++
				}
				if i > start {
					out = append(out, ops[start:i])
				}
				for i < len(ops) && ops[i].Name() == "affine.for" {
					out = append(out, jamBlocks(ops[i])...)
					i++
				}
			}
		}
	}
	return out
}

// reductionCombiners are the arith ops MLIR's getSupportedReduction
// recognizes as a loop reduction's combiner.
var reductionCombiners = []string{"arith.addf", "arith.mulf", "arith.addi", "arith.andi", "arith.ori", "arith.muli",
	"arith.minimumf", "arith.maximumf", "arith.minsi", "arith.maxsi", "arith.minui", "arith.maxui"}

// reduction returns the combiner of iter_arg pos of an affine.for when it
// is a supported reduction (MLIR's matchReduction and
// getSupportedReduction): the iter_arg's only user, one of
// reductionCombiners, yields its result at pos.
func reduction(op *ir.Operation, pos int) (*ir.Operation, bool) {
	body := affine.For{Operation: op}.Body()
	arg := body.Arg(pos + 1)
	yielded := body.Terminator().Operand(pos)
	c := yielded.DefiningOp()
	if !arg.HasOneUse() || c == nil || c.Block() != body || !slices.Contains(reductionCombiners, c.Name()) || c.NumOperands() != 2 {
		return nil, false
	}
	if c.Operand(0) != arg && c.Operand(1) != arg || !yielded.HasOneUse() {
		return nil, false
	}
	return c, true
}

// withMoreIterArgs is MLIR's replaceWithAdditionalYields for affine.for:
// a new loop with extra inits, iter_args of their types and extra yielded
// values, taking the old loop's body; the old results' uses go to the new
// loop's first results.
func withMoreIterArgs(op *ir.Operation, inits, yields []*ir.Value) *ir.Operation {
	f := affine.For{Operation: op}
	lbs, ubs, old := f.LowerBoundOperands(), f.UpperBoundOperands(), f.Inits()
	ctx := op.Context()
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: slices.Concat(lbs, ubs, old, inits)}
	for _, v := range slices.Concat(old, inits) {
		st.ResultTypes = append(st.ResultTypes, v.Type())
	}
	for _, a := range op.Attrs() {
		if a.Name != "operandSegmentSizes" {
			st.AddAttr(a.Name, a.Value)
		}
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(len(lbs)), int64(len(ubs)), int64(len(old)+len(inits))))
	st.AddRegion()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	nw := b.Create(st)
	rw := ir.NewRewriter(ctx, nil)
	rw.InlineRegionBefore(op.Region(0), nw.Region(0), nil)
	body := nw.Region(0).Entry()
	for _, v := range inits {
		body.AddArgument(v.Type(), op.Loc())
	}
	y := body.Terminator()
	y.SetOperands(slices.Concat(y.Operands(), yields))
	for i, r := range op.Results() {
		r.ReplaceAllUsesWith(nw.Result(i))
	}
	op.Erase()
	return nw
}

// UnrollJamByFactor is MLIR's loopUnrollJamByFactor: the loop's step grows
// by factor and each run of non-loop ops in it and its inner loops is
// followed by factor-1 copies for the next iterations, the inner loops'
// iter_args replicated per copy; a cleanup loop runs the iterations left
// over. The copies' values of the loop's own reductions are combined after
// it. False when the trip count is below the factor, an inner loop's bound
// depends on the loop, an iter_arg of the loop is no supported reduction,
// or no cleanup loop can be made.
func UnrollJamByFactor(op *ir.Operation, factor int64) bool {
	trips, known := affine.ConstantTripCount(op)
	if factor == 1 {
		if known && trips == 1 {
			return promoteIfSingleIteration(op)
		}
		return true
	}
	if len((affine.For{Operation: op}).Body().OpList()) == 1 {
		return true
	}
	if known && trips < factor || !innerBoundsInvariant(op) {
		return false
	}
	blocks := jamBlocks(op)
	var withIter []*ir.Operation
	op.Walk(func(l *ir.Operation) bool {
		if l.Name() == "affine.for" && len((affine.For{Operation: l}).Inits()) > 0 {
			withIter = append(withIter, l)
		}
		return true
	})
	var reductions []int
	for i := range (affine.For{Operation: op}).Inits() {
		if _, ok := reduction(op, i); ok {
			reductions = append(reductions, i)
		}
	}
	// MLIR drops the copies' values of an iter_arg it cannot combine,
	// computing a wrong result; Kiln leaves such a loop alone.
	if len(reductions) != len((affine.For{Operation: op}).Inits()) {
		return false
	}
	if affine.LargestDivisorOfTripCount(op)%factor != 0 {
		if len(lowerMap(op).Results) != 1 || len(upperMap(op).Results) != 1 || !cleanupLoopForUnroll(op, factor) {
			return false
		}
	}
	maps := make([]*ir.Mapping, factor)
	for i := range maps {
		maps[i] = ir.NewMapping()
	}
	var newLoops []*ir.Operation
	for _, l := range withIter {
		f := affine.For{Operation: l}
		oldInits := f.Inits()
		oldYields := f.Body().Terminator().Operands()
		var inits, yields []*ir.Value
		for range factor - 1 {
			inits = append(inits, oldInits...)
			yields = append(yields, oldYields...)
		}
		nw := withMoreIterArgs(l, inits, yields)
		if l == op {
			op = nw
		}
		newLoops = append(newLoops, nw)
		n := len(oldInits)
		args := affine.For{Operation: nw}.Body().Args()[1:]
		for i := int64(1); i < factor; i++ {
			for j := range n {
				maps[i].Map(args[j], args[int(i)*n+j])
				maps[i].Map(nw.Result(j), nw.Result(int(i)*n+j))
			}
		}
	}
	step := affine.For{Operation: op}.Step()
	affine.SetStep(op, step*factor)
	iv := affine.For{Operation: op}.Body().Arg(0)
	b := ir.NewBuilder(op.Context())
	for i := factor - 1; i >= 1; i-- {
		for _, sub := range blocks {
			b.SetInsertionPointAfter(sub[len(sub)-1])
			if iv.HasUses() {
				bump := &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineConstExpr(i*step))}}
				maps[i].Map(iv, apply(b, op.Loc(), bump, []*ir.Value{iv}))
			}
			for _, o := range sub {
				b.Clone(o, maps[i])
			}
		}
		for _, l := range newLoops {
			f := affine.For{Operation: l}
			inits := f.Inits()
			n := len(inits) / int(factor)
			control := l.NumOperands() - len(inits)
			y := f.Body().Terminator()
			// The induction variable's copy maps to the bump made in the
			// last sub-block, which need not dominate the loop or its
			// yield: those get a bump of their own (MLIR would emit IR that
			// fails verification here).
			lookup := func(v *ir.Value, at *ir.Operation) *ir.Value {
				if v != iv {
					return maps[i].Lookup(v)
				}
				b.SetInsertionPointBefore(at)
				bump := &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineConstExpr(i*step))}}
				return apply(b, op.Loc(), bump, []*ir.Value{iv})
			}
			for j := range n {
				l.SetOperand(control+int(i)*n+j, lookup(l.Operand(control+j), l))
				y.SetOperand(int(i)*n+j, lookup(y.Operand(j), y))
			}
		}
	}
	if op.NumResults() > 0 {
		n := op.NumResults() / int(factor)
		control := op.NumOperands() - n*int(factor)
		for _, pos := range reductions {
			c, _ := reduction(op, pos)
			// MLIR starts every copy from the loop's init, which a sum or a
			// product then counts factor times: Kiln starts the copies from
			// the identity (min, max, and, or repeat harmlessly).
			if id := reductionIdentity(op.Context(), c.Name(), op.Result(pos).Type()); id != nil {
				b.SetInsertionPointBefore(op)
				v := arith.NewConstant(b, id, op.Result(pos).Type(), op.Loc())
				for i := 1; i < int(factor); i++ {
					op.SetOperand(control+i*n+pos, v)
				}
			}
		}
		b.SetInsertionPointAfter(op)
		for _, pos := range reductions {
			c, _ := reduction(op, pos)
			lhs := op.Result(pos)
			var created []*ir.Operation
			for i := int(factor) - 1; i >= 1; i-- {
				r := b.CreateOp(c.Name(), op.Loc(), []*ir.Value{lhs, op.Result(i*n + pos)}, []ir.Type{lhs.Type()})
				created = append(created, r)
				lhs = r.Result(0)
			}
			op.Result(pos).ReplaceUsesIf(lhs, func(u *ir.OpOperand) bool { return !slices.Contains(created, u.Owner()) })
		}
	}
	promoteIfSingleIteration(op)
	return true
}

// reductionIdentity is the value a sum or a product starts from; nil for
// the idempotent combiners.
func reductionIdentity(ctx *ir.Context, combiner string, t ir.Type) ir.Attribute {
	switch combiner {
	case "arith.addf", "arith.mulf":
		ft, ok := t.(*ir.FloatType)
		if !ok {
			return nil
		}
		if combiner == "arith.mulf" {
			return ctx.FloatAttr(ft, 1)
		}
		return ctx.FloatAttr(ft, 0)
	case "arith.addi":
		return ctx.IntegerAttr(t, 0)
	case "arith.muli":
		return ctx.IntegerAttr(t, 1)
	}
	return nil
}
