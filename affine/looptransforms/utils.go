package looptransforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// The loop utilities of MLIR's Affine/Utils/LoopUtils.cpp.

func lowerMap(op *ir.Operation) *ir.AffineMap { return affine.MapOf(op, "lowerBoundMap") }
func upperMap(op *ir.Operation) *ir.AffineMap { return affine.MapOf(op, "upperBoundMap") }

// constantLowerBound returns the value of a constant single-result lower
// bound.
func constantLowerBound(op *ir.Operation) (int64, bool) {
	m := lowerMap(op)
	if len(m.Results) != 1 || m.Results[0].Kind != ir.AffineConst {
		return 0, false
	}
	return m.Results[0].Value, true
}

// enclosingFunction returns the closest function-like op around op.
func enclosingFunction(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if ir.FunctionTypeOf(p) != nil {
			return p
		}
	}
	return nil
}

func apply(b *ir.Builder, loc ir.Location, m *ir.AffineMap, operands []*ir.Value) *ir.Value {
	ctx := b.Context()
	return b.CreateOp("affine.apply", loc, operands, []ir.Type{ctx.Index()}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
}

// promoteIfSingleIteration is MLIR's promoteIfSingleIteration: a loop that
// runs exactly once is replaced by its body, the induction variable by the
// lower bound (a constant made at the start of the function), the
// iter_args by the inits and the results by the yielded values.
func promoteIfSingleIteration(op *ir.Operation) bool {
	if n, ok := affine.ConstantTripCount(op); !ok || n != 1 {
		return false
	}
	lb := lowerMap(op)
	if len(lb.Results) != 1 {
		return false
	}
	f := affine.For{Operation: op}
	body := f.Body()
	iv := body.Arg(0)
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	if iv.HasUses() {
		var repl *ir.Value
		if c, ok := constantLowerBound(op); ok {
			b.SetInsertionPointBefore(op)
			if fn := enclosingFunction(op); fn != nil && fn.NumRegions() > 0 && fn.Region(0).Entry() != nil {
				b.SetInsertionPointToStart(fn.Region(0).Entry())
			}
			repl = arith.NewConstant(b, ctx.IndexAttr(c), ctx.Index(), op.Loc())
		} else {
			operands := f.LowerBoundOperands()
			if lb.Dims == 1 && lb.Symbols == 0 && lb.IsIdentity() {
				repl = operands[0]
			} else {
				b.SetInsertionPointBefore(op)
				repl = apply(b, op.Loc(), lb, operands)
			}
		}
		iv.ReplaceAllUsesWith(repl)
	}
	for i, init := range f.Inits() {
		body.Arg(i + 1).ReplaceAllUsesWith(init)
	}
	yield := body.Terminator()
	for i, v := range yield.Operands() {
		op.Result(i).ReplaceAllUsesWith(v)
	}
	yield.Erase()
	for _, o := range body.OpList() {
		o.MoveBefore(op)
	}
	op.Erase()
	return true
}

// unrolledLoop is MLIR's generateUnrolledLoop: factor-1 more copies of the
// body are appended before its terminator, copy i seeing the induction
// variable through ivFor(i) and the iter_args as the previous copy's
// yielded values; the terminator then yields the last copy's.
func unrolledLoop(body *ir.Block, factor int64, ivFor func(i int64, b *ir.Builder) *ir.Value, iterArgs []*ir.Value) {
	yield := body.Terminator()
	yielded := slices.Clone(yield.Operands())
	last := slices.Clone(yielded)
	orig := body.OpList()
	orig = orig[:len(orig)-1]
	b := ir.NewBuilder(yield.Context())
	b.SetInsertionPointBefore(yield)
	iv := body.Arg(0)
	for i := int64(1); i < factor; i++ {
		m := ir.NewMapping()
		for k, a := range iterArgs {
			m.Map(a, last[k])
		}
		if iv.HasUses() {
			m.Map(iv, ivFor(i, b))
		}
		for _, o := range orig {
			b.Clone(o, m)
		}
		for k, v := range yielded {
			if d := v.DefiningOp(); d != nil && d.Block() == body {
				last[k] = m.Lookup(v)
			}
		}
	}
	yield.SetOperands(last)
}

// UnrollByFactor is MLIR's loopUnrollByFactor: the body is repeated factor
// times in a loop whose step is factor times the old one, with a cleanup
// loop for the iterations left over (or, with cleanup, the whole loop
// unrolled when they do not divide); a loop left running once is promoted.
// False when the loop cannot be unrolled by factor.
func UnrollByFactor(op *ir.Operation, factor int64, cleanup bool) bool {
	trips, known := affine.ConstantTripCount(op)
	if factor == 1 {
		if known && trips == 1 {
			return promoteIfSingleIteration(op)
		}
		return true
	}
	f := affine.For{Operation: op}
	body := f.Body()
	if len(body.OpList()) == 1 {
		return true
	}
	if known && trips < factor {
		if cleanup {
			return UnrollFull(op)
		}
		return false
	}
	if d := affine.LargestDivisorOfTripCount(op); d%factor != 0 {
		if len(lowerMap(op).Results) != 1 || len(upperMap(op).Results) != 1 {
			return false
		}
		if cleanup {
			return UnrollFull(op)
		}
		if !cleanupLoopForUnroll(op, factor) {
			return false
		}
	}
	step := f.Step()
	affine.SetStep(op, step*factor)
	unrolledLoop(body, factor, func(i int64, b *ir.Builder) *ir.Value {
		bump := &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineConstExpr(i*step))}}
		return apply(b, op.Loc(), bump, []*ir.Value{body.Arg(0)})
	}, body.Args()[1:])
	promoteIfSingleIteration(op)
	return true
}

// UnrollFull is MLIR's loopUnrollFull: a loop of constant trip count
// becomes that many copies of its body.
func UnrollFull(op *ir.Operation) bool {
	trips, ok := affine.ConstantTripCount(op)
	switch {
	case !ok:
		return false
	case trips == 0:
		return true
	case trips == 1:
		return promoteIfSingleIteration(op)
	}
	return UnrollByFactor(op, trips, false)
}

// UnrollUpToFactor is MLIR's loopUnrollUpToFactor: by the trip count when
// it is known and below factor, else by factor.
func UnrollUpToFactor(op *ir.Operation, factor int64) bool {
	if trips, ok := affine.ConstantTripCount(op); ok && trips < factor {
		return UnrollByFactor(op, trips, false)
	}
	return UnrollByFactor(op, factor, false)
}

// cleanupLoopForUnroll is MLIR's generateCleanupLoopForUnroll: a copy of
// the loop after it runs the iterations from the cleanup lower bound on,
// carrying on from the loop's results, and the loop stops there.
func cleanupLoopForUnroll(op *ir.Operation, factor int64) bool {
	m, operands := cleanupLowerBound(op, factor)
	if m == nil {
		return false
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointAfter(op)
	clean := b.Clone(op, ir.NewMapping())
	inits := affine.For{Operation: clean}.Inits()
	for i, r := range op.Results() {
		r.ReplaceAllUsesWith(clean.Result(i))
	}
	n := len(clean.Operands()) - len(inits)
	for i := range inits {
		clean.SetOperand(n+i, op.Result(i))
	}
	affine.SetBound(clean, true, m, operands)
	promoteIfSingleIteration(clean)
	affine.SetBound(op, false, m, operands)
	return true
}

// cleanupLowerBound is MLIR's getCleanupLoopLowerBound: lb + tc - tc mod
// factor (times the step) for each trip count expression tc, as the
// results of one map, composed and simplified.
func cleanupLowerBound(op *ir.Operation, factor int64) (*ir.AffineMap, []*ir.Value) {
	tc, tcOps := affine.TripCountMap(op)
	if tc == nil {
		return nil, nil
	}
	f := affine.For{Operation: op}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	lb := apply(b, op.Loc(), lowerMap(op), f.LowerBoundOperands())
	operands := []*ir.Value{lb}
	m := &ir.AffineMap{Dims: 1 + len(tc.Results)}
	for i, r := range tc.Results {
		bump := ir.AffineBinary(ir.AffineMul, affine.Sub(r, ir.AffineBinary(ir.AffineMod, r, ir.AffineConstExpr(factor))), ir.AffineConstExpr(f.Step()))
		v := apply(b, op.Loc(), &ir.AffineMap{Dims: tc.Dims, Symbols: tc.Symbols, Results: []*ir.AffineExpr{bump}}, tcOps)
		operands = append(operands, v)
		m.Results = append(m.Results, ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineDimExpr(i+1)))
	}
	m, out := affine.ComposeMap(m, operands)
	m = affine.SimplifyMap(m)
	for _, v := range operands {
		if !v.HasUses() {
			v.DefiningOp().Erase()
		}
	}
	return m, out
}
