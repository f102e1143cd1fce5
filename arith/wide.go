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
	f, ok := wideOps[name]
	if !ok1 || !ok2 || !ok {
		return nil
	}
	return ctx.IntegerAttrBig(t, f(new(big.Int), x.Big(), y.Big())) // wraps to the width
}

// wideOps are the ops foldIntBinary folds on wide scalars. For the bitwise
// ones, big.Int's infinite-precision two's complement gives the same low
// bits as two's complement of the type's width.
var wideOps = map[string]func(z, x, y *big.Int) *big.Int{
	"arith.addi": (*big.Int).Add, "arith.subi": (*big.Int).Sub, "arith.muli": (*big.Int).Mul,
	"arith.andi": (*big.Int).And, "arith.ori": (*big.Int).Or, "arith.xori": (*big.Int).Xor,
}
