package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Constant is a typed view of an arith.constant op.
type Constant struct{ *ir.Operation }

// Value returns the constant's value attribute.
func (c Constant) Value() ir.Attribute { return c.Attr("value") }

// CmpI is a typed view of an arith.cmpi op.
type CmpI struct{ *ir.Operation }

// Predicate returns the comparison predicate; ok is false when the
// attribute is missing or invalid (unverified IR).
func (c CmpI) Predicate() (p CmpIPredicate, ok bool) {
	v, ok := cmpiEnum.value(c.Operation)
	return CmpIPredicate(v), ok
}

// CmpF is a typed view of an arith.cmpf op.
type CmpF struct{ *ir.Operation }

// Predicate returns the comparison predicate; ok is false when the
// attribute is missing or invalid (unverified IR).
func (c CmpF) Predicate() (p CmpFPredicate, ok bool) {
	v, ok := cmpfEnum.value(c.Operation)
	return CmpFPredicate(v), ok
}

// Rounding returns the rounding mode of an arith.truncf or
// arith.scaling_truncf op (ToNearestEven when absent).
func Rounding(op *ir.Operation) RoundingMode {
	if v, ok := roundingEnum.value(op); ok {
		return RoundingMode(v)
	}
	return ToNearestEven
}

// OverflowOf returns the overflow flags of op (none when absent).
func OverflowOf(op *ir.Operation) OverflowFlags {
	if a, ok := op.Attr("overflowFlags").(*OverflowAttr); ok {
		return a.Flags
	}
	return OverflowNone
}
