package arith

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// foldIntBinary folds the integer op name (arith.addi, ...) of the constants
// a and b of type t: elementwise for widths up to 64 bits, and for scalars
// of wider types (i128, i256) the ring operations MLIR's APInt folds do.
func foldIntBinary(ctx *ir.Context, t ir.Type, name string, a, b ir.Attribute) ir.Attribute {
	if w := elemWidth(t); w <= 64 {
		return FoldElementwise(ctx, t, []ir.Attribute{a, b}, func(xs []Scalar) (Scalar, bool) {
			r, ok := EvalInt(name, w, xs[0].Bits, xs[1].Bits)
			return Scalar{Bits: r}, ok
		})
	}
	x, ok1 := a.(*ir.IntegerAttr)
	y, ok2 := b.(*ir.IntegerAttr)
	if !ok1 || !ok2 {
		return nil
	}
	r := new(big.Int)
	switch name {
	case "arith.addi":
		r.Add(x.Big(), y.Big())
	case "arith.subi":
		r.Sub(x.Big(), y.Big())
	case "arith.muli":
		r.Mul(x.Big(), y.Big())
	// The bitwise ops: big.Int's infinite-precision two's complement gives
	// the same low bits as two's complement of the type's width.
	case "arith.andi":
		r.And(x.Big(), y.Big())
	case "arith.ori":
		r.Or(x.Big(), y.Big())
	case "arith.xori":
		r.Xor(x.Big(), y.Big())
	default:
		return nil
	}
	return ctx.IntegerAttrBig(t, r) // wraps to the width
}
