package arith

import (
	"github.com/kiln-gpu/kiln/ir"
)

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
