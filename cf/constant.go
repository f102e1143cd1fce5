package cf

import "github.com/kiln-gpu/kiln/ir"

// constantInt returns the integer a value is known to hold: the "value"
// attribute of a ConstantLike defining op (arith.constant and the like).
func constantInt(v *ir.Value) (*ir.IntegerAttr, bool) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return nil, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	return a, ok
}
