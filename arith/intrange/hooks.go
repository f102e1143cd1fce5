package intrange

import "github.com/kiln-gpu/kiln/ir"

// Hook is the type of ir.OpDef.InferIntRanges.
type Hook = func(op *ir.Operation, operands []Range, set func(v *ir.Value, r Range))

// Infer makes a hook of a one-result op from a rule over its operands'
// ranges, as MLIR's default inferResultRanges: nothing is inferred while
// an operand has no range.
func Infer(rule func(op *ir.Operation, args []Range) Range) Hook {
	return func(op *ir.Operation, args []Range, set func(*ir.Value, Range)) {
		for _, a := range args {
			if a.Width == 0 {
				return
			}
		}
		if op.NumResults() == 1 {
			set(op.Result(0), rule(op, args))
		}
	}
}

// Binary makes a hook of a two-operand op from a rule on its ranges.
func Binary(rule func(l, r Range) Range) Hook {
	return Infer(func(_ *ir.Operation, args []Range) Range { return rule(args[0], args[1]) })
}

// Cmp evaluates an integer comparison on two ranges: true or false when
// every pair of values compares so, else ok is false (MLIR's
// evaluatePred). pred is arith.cmpi's predicate number (eq, ne, slt, sle,
// sgt, sge, ult, ule, ugt, uge).
func Cmp(pred int, l, r Range) (result, ok bool) {
	if staticallyTrue(pred, l, r) {
		return true, true
	}
	if staticallyTrue(invert[pred], l, r) {
		return false, true
	}
	return false, false
}

// The predicates in arith.cmpi's numbering.
const (
	eq = iota
	ne
	slt
	sle
	sgt
	sge
	ult
	ule
	ugt
	uge
)

var invert = [...]int{eq: ne, ne: eq, slt: sge, sle: sgt, sgt: sle, sge: slt, ult: uge, ule: ugt, ugt: ule, uge: ult}

func staticallyTrue(pred int, l, r Range) bool {
	switch pred {
	case sle:
		return l.SMax <= r.SMin
	case slt:
		return l.SMax < r.SMin
	case ule:
		return l.UMax <= r.UMin
	case ult:
		return l.UMax < r.UMin
	case sge:
		return l.SMin >= r.SMax
	case sgt:
		return l.SMin > r.SMax
	case uge:
		return l.UMin >= r.UMax
	case ugt:
		return l.UMin > r.UMax
	case eq:
		a, ok1 := ConstantValue(l)
		b, ok2 := ConstantValue(r)
		return ok1 && ok2 && a == b
	case ne:
		sne := staticallyTrue(slt, l, r) || staticallyTrue(sgt, l, r)
		une := staticallyTrue(ult, l, r) || staticallyTrue(ugt, l, r)
		return sne && une
	}
	return false
}

// CmpRange is the i1 range of a comparison (arith.cmpi, index.cmp).
func CmpRange(pred int, l, r Range) Range {
	lo, hi := uint64(0), uint64(1)
	if v, ok := Cmp(pred, l, r); ok {
		if v {
			lo = 1
		} else {
			hi = 0
		}
	}
	return FromUnsigned(1, lo, hi)
}
