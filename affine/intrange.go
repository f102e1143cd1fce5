package affine

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The integer range rules of MLIR's affine dialect: affine.apply evaluates
// its map over its operands' ranges, and affine.for's induction variable
// spans constant bounds (a bound map that is not one constant leaves that
// side unknown, as AffineForOp's getSingleLowerBound).
func init() {
	apply.InferIntRanges = intrange.Infer(func(op *ir.Operation, args []intrange.Range) intrange.Range {
		m := MapOf(op, "map")
		return intrange.AffineExpr(m.Results[0], args[:m.Dims], args[m.Dims:])
	})
	forOp.InferIntRanges = func(op *ir.Operation, _ []intrange.Range, set func(*ir.Value, intrange.Range)) {
		f := For{op}
		iv := f.Body().Arg(0)
		bound := func(name string) intrange.Range {
			if m := MapOf(op, name); m != nil && len(m.Results) == 1 && m.Results[0].Kind == ir.AffineConst {
				return intrange.Constant(64, uint64(m.Results[0].Value))
			}
			return intrange.Range{}
		}
		intrange.LoopIV(iv, bound("lowerBoundMap"), bound("upperBoundMap"), intrange.Constant(64, uint64(f.Step())), set)
	}
}
