package looptransforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// NormalizePass is affine-loop-normalize, MLIR's AffineLoopNormalize:
// every affine.for is rewritten to run from 0 by step 1 (promoted instead
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
				for _, o := range loops(fn) {
					NormalizeFor(o, promote)
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
	diff, diffOps = affine.ComposeMap(diff, diffOps)
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
	m, operands = affine.ComposeMap(m, operands)
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointToStart(f.Body())
	newIV := apply(b, op.Loc(), m, operands)
	iv.ReplaceUsesIf(newIV, func(u *ir.OpOperand) bool { return u.Owner() != newIV.DefiningOp() })
	return true
}
