package cf

import "github.com/kiln-gpu/kiln/ir"

// denseI32s returns the elements of a dense i32 array attribute with n
// elements (any length when n < 0), or nil when it is missing or malformed.
func denseI32s(op *ir.Operation, name string, n int) []int64 {
	a, ok := op.Attr(name).(*ir.DenseArrayAttr)
	if !ok || n >= 0 && len(a.Ints) != n {
		return nil
	}
	if it, isInt := a.Elem.(*ir.IntegerType); !isInt || it.Width != 32 {
		return nil
	}
	if a.Ints == nil {
		return []int64{} // present but empty, unlike nil
	}
	return a.Ints
}

// badRange is what SuccessorOperands returns for a malformed op, so that
// ir.Verify reports an out-of-bounds operand range instead of panicking.
const badRange = -1

// operandRange returns the operands forwarded to successor i, or nil when
// the op is malformed.
func operandRange(op *ir.Operation, i int) []*ir.Value {
	start, n := op.SuccessorOperands(i)
	if start < 0 || start+n > op.NumOperands() {
		return nil
	}
	return op.Operands()[start : start+n]
}
