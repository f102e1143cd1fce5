package looptransforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// NormalizePass is affine-loop-normalize, MLIR's AffineLoopNormalize:
// every affine.for and affine.parallel is rewritten to run from 0 by step 1 (promoted instead
// when it runs once and promote-single-iter is set).
func NormalizePass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineLoopNormalize",
		Argument: "affine-loop-normalize",
		Summary:  "Apply normalization transformations to affine loop-like ops",
		Options: []pass.Option{
			{Name: "promote-single-iter", Kind: pass.BoolOption, Default: "true", Help: "Promote single iteration loops"},
		},
		Run: func(root *ir.Operation, pc *pass.Context) error {
			promote := pc.Options.Bool("promote-single-iter")
			for _, fn := range functions(root) {
				var ops []*ir.Operation
				fn.Walk(func(o *ir.Operation) bool {
					if o.Name() == "affine.for" || o.Name() == "affine.parallel" {
						ops = append(ops, o)
					}
					return true
				})
				for _, o := range ops {
					if o.Name() == "affine.parallel" {
						NormalizeParallel(o)
					} else {
						NormalizeFor(o, promote)
					}
				}
			}
			return nil
		},
	}
}

// NormalizeFor is MLIR's normalizeAffineFor: the loop runs from 0 to
// ceildiv(ub - lb, step) by 1 and its body computes the old induction
// variable as lb + iv * step. False when the lower bound has several
// results.
func NormalizeFor(op *ir.Operation, promote bool) bool {
	if promote && promoteIfSingleIteration(op) {
		return true
	}
	f := affine.For{Operation: op}
	step := f.Step()
	if c, ok := constantLowerBound(op); ok && c == 0 && step == 1 {
		return true
	}
	lb := lowerMap(op)
	if len(lb.Results) != 1 {
		return false
	}
	lbOps := f.LowerBoundOperands()
	ub := upperMap(op)
	padded := &ir.AffineMap{Dims: lb.Dims, Symbols: lb.Symbols}
	for range ub.Results {
		padded.Results = append(padded.Results, lb.Results[0])
	}
	diff, diffOps := affine.Difference(ub, f.UpperBoundOperands(), padded, lbOps)
	newUb := &ir.AffineMap{Dims: diff.Dims, Symbols: diff.Symbols}
	for _, r := range diff.Results {
		newUb.Results = append(newUb.Results, ir.AffineBinary(ir.AffineCeilDiv, r, ir.AffineConstExpr(step)))
	}
	affine.SetBound(op, false, newUb, diffOps)
	affine.SetBound(op, true, &ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(0)}}, nil)
	affine.SetStep(op, 1)

	iv := f.Body().Arg(0)
	scaled := &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(0), ir.AffineConstExpr(-step))}}
	m, operands := affine.Difference(lb, lbOps, scaled, []*ir.Value{iv})
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointToStart(f.Body())
	newIV := apply(b, op.Loc(), m, operands)
	iv.ReplaceUsesIf(newIV, func(u *ir.OpOperand) bool { return u.Owner() != newIV.DefiningOp() })
	return true
}

// NormalizeParallel is MLIR's normalizeAffineParallel: each loop of an
// affine.parallel without min/max bounds runs from 0 by 1 to
// ceildiv(ub - lb, step), its induction variable remapped to lb + iv * step
// by an affine.apply.
func NormalizeParallel(op *ir.Operation) {
	pl := affine.Parallel{Operation: op}
	for _, lower := range []bool{true, false} {
		for _, g := range pl.Groups(lower) {
			if g != 1 {
				return
			}
		}
	}
	lb := affine.MapOf(op, "lowerBoundsMap")
	steps := pl.Steps()
	normalized := true
	for i, s := range steps {
		if r := lb.Results[i]; s != 1 || r.Kind != ir.AffineConst || r.Value != 0 {
			normalized = false
		}
	}
	if normalized {
		return
	}
	lbOps, ubOps := pl.LowerBoundsOperands(), pl.UpperBoundsOperands()
	ranges, rangeOps := affine.Difference(affine.MapOf(op, "upperBoundsMap"), ubOps, lb, lbOps)
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	body := op.Region(0).Entry()
	b.SetInsertionPointToStart(body)
	newLb := &ir.AffineMap{}
	newUb := &ir.AffineMap{Dims: ranges.Dims, Symbols: ranges.Symbols}
	one := make([]ir.Attribute, len(steps))
	for i, s := range steps {
		newLb.Results = append(newLb.Results, ir.AffineConstExpr(0))
		newUb.Results = append(newUb.Results, ir.AffineBinary(ir.AffineCeilDiv, ranges.Results[i], ir.AffineConstExpr(s)))
		iv := body.Arg(i)
		m := &ir.AffineMap{Dims: lb.Dims + 1, Symbols: lb.Symbols, Results: []*ir.AffineExpr{
			ir.AffineBinary(ir.AffineAdd, lb.Results[i], ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(lb.Dims), ir.AffineConstExpr(s)))}}
		operands := append(append(append([]*ir.Value{}, lbOps[:lb.Dims]...), iv), lbOps[lb.Dims:]...)
		a := apply(b, op.Loc(), m, operands)
		iv.ReplaceUsesIf(a, func(u *ir.OpOperand) bool { return u.Owner() != a.DefiningOp() })
		one[i] = ctx.I64Attr(1)
	}
	op.SetAttr("steps", ctx.ArrayAttr(one...))
	op.SetAttr("lowerBoundsMap", ctx.AffineMapAttr(newLb))
	op.SetAttr("upperBoundsMap", ctx.AffineMapAttr(newUb))
	op.SetOperands(rangeOps)
}
