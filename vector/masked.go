package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// maskedLoadOp is vector.maskedload:
//
//	%r = vector.maskedload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
var maskedLoadOp = &ir.OpDef{
	Name:     "vector.maskedload",
	Summary:  "loads elements from memory into a vector as defined by a mask vector",
	Example:  "%r = vector.maskedload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>",
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(3),
	Results:  ir.Exactly(1),
	Inherent: []string{"alignment"},
	Format:   maskedFormat("pass_thru", "result"),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		return verifyMasked(op, n-2, op.Result(0).Type(), op.Operand(n-1).Type(), "result")
	},
	Fold:         foldMaskedLoad,
	Canonicalize: []*ir.Pattern{maskedLoadAllTrue("MaskedLoadFolder", "vector.maskedload")},
}

// maskedStoreOp is vector.maskedstore:
//
//	vector.maskedstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>
var maskedStoreOp = &ir.OpDef{
	Name:     "vector.maskedstore",
	Summary:  "stores elements from a vector into memory as defined by a mask vector",
	Example:  "vector.maskedstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>",
	Operands: ir.AtLeast(3),
	Results:  ir.Exactly(0),
	Inherent: []string{"alignment"},
	Format:   maskedFormat("valueToStore", ""),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		return verifyMasked(op, n-2, op.Operand(n-1).Type(), nil, "valueToStore")
	},
	Fold:         foldBaseCast,
	Canonicalize: []*ir.Pattern{maskedStoreKnownMask("MaskedStoreFolder", "vector.maskedstore")},
}

// verifyMasked checks maskedload/maskedstore: the mask operand is at
// maskIdx, vt the loaded or stored vector, pass the pass-through type.
func verifyMasked(op *ir.Operation, maskIdx int, vt, pass ir.Type, what string) error {
	mt, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return op.Errorf("operand #0 must be memref of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
	}
	if err := verifyAlignment(op); err != nil {
		return err
	}
	if negativeStride(mt) {
		return op.Errorf("memref strides must be non-negative")
	}
	v, ok := vt.(*ir.VectorType)
	if !ok {
		return op.Errorf("%s must be vector of any type values, but got %s", what, typeQuoted(vt))
	}
	if mt.Elem != v.Elem {
		return op.Errorf("base and %s element type should match", what)
	}
	if err := verifyMinorUnitStride(op, mt, v); err != nil {
		return err
	}
	if err := verifyIndices(op, 1, maskIdx, len(mt.Dims)); err != nil {
		return err
	}
	m, ok := vectorOf(op.Operand(maskIdx))
	if !ok || m.Elem != op.Context().I(1) {
		return op.Errorf("operand #%d must be vector of 1-bit signless integer values, but got %s", maskIdx, typeQuoted(op.Operand(maskIdx).Type()))
	}
	if !slices.Equal(m.Dims, v.Dims) {
		return op.Errorf("expected %s shape to match mask shape", what)
	}
	if pass != nil && pass != vt {
		return op.Errorf("expected pass_thru of same type as result type")
	}
	return nil
}

// foldMaskedLoad folds a maskedload or expandload with an all-false mask
// to its pass-through (MLIR does this in canonicalization), else folds a
// memref.cast of its base as foldBaseCast.
func foldMaskedLoad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	n := op.NumOperands()
	if MaskFormatOf(op.Operand(n-2)) == AllFalse {
		return foldTo(op.Operand(n - 1))
	}
	return foldBaseCast(op, nil)
}
