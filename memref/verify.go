package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Type constraints, with the descriptions MLIR's ODS prints.
const (
	anyMemRef    = "ranked or unranked memref of any type values"
	rankedMemRef = "memref of any type values"
)

func isRankedMemRef(t ir.Type) bool { _, ok := t.(*ir.MemRefType); return ok }

// checkOperand reports operand #i of op unless pred accepts its type.
func checkOperand(op *ir.Operation, i int, pred func(ir.Type) bool, desc string) error {
	if i < op.NumOperands() && !pred(op.Operand(i).Type()) {
		return op.Errorf("operand #%d must be %s, but got '%s'", i, desc, ir.TypeString(op.Operand(i).Type()))
	}
	return nil
}

// checkResult reports result #i of op unless pred accepts its type.
func checkResult(op *ir.Operation, i int, pred func(ir.Type) bool, desc string) error {
	if i < op.NumResults() && !pred(op.Result(i).Type()) {
		return op.Errorf("result #%d must be %s, but got '%s'", i, desc, ir.TypeString(op.Result(i).Type()))
	}
	return nil
}

// checkIndexOperands reports the first operand from start on that is not an index.
func checkIndexOperands(op *ir.Operation, start, n int) error {
	for i := start; i < start+n && i < op.NumOperands(); i++ {
		if _, ok := op.Operand(i).Type().(*ir.IndexType); !ok {
			return op.Errorf("operand #%d must be variadic of index, but got '%s'", i, ir.TypeString(op.Operand(i).Type()))
		}
	}
	return nil
}

// checkAlignment checks an optional alignment attribute: a positive power
// of two of the given integer width (64 for most ops).
func checkAlignment(op *ir.Operation, name string) error {
	a := op.Attr(name)
	if a == nil {
		return nil
	}
	ia, ok := a.(*ir.IntegerAttr)
	if !ok || ir.IntOrFloatBitWidth(ia.Type()) != 64 || ia.Int() <= 0 || ia.Int()&(ia.Int()-1) != 0 {
		return op.Errorf("attribute '%s' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0", name)
	}
	return nil
}

// checkIndexCount checks that an access uses one index per dimension.
func checkIndexCount(op *ir.Operation, t *ir.MemRefType, n int) error {
	if len(t.Dims) != n {
		return op.Errorf("invalid number of indices for accessed memref, expected %d but got %d", len(t.Dims), n)
	}
	return nil
}

// verifyLayout checks a memref type's layout against its rank.
func verifyLayout(op *ir.Operation, t *ir.MemRefType) error {
	if m, ok := t.Layout.(*ir.AffineMapAttr); ok && m.Map.Dims != len(t.Dims) {
		return op.Errorf("memref layout mismatch between rank and affine map: %d != %d", len(t.Dims), m.Map.Dims)
	}
	return nil
}
