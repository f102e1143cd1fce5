package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// gatherOp is vector.gather:
//
//	%r = vector.gather %m[%i] [%idx], %mask, %pass : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
var gatherOp = &ir.OpDef{
	Name:     "vector.gather",
	Summary:  "gathers elements from memory or ranked tensor into a vector as defined by an index vector and a mask vector",
	Example:  "%r = vector.gather %m[%i] [%idx], %mask, %pass : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>",
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(4),
	Results:  ir.Exactly(1),
	Inherent: []string{"alignment"},
	Format:   gatherFormat("pass_thru", "result"),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		return verifyGather(op, op.Result(0).Type(), op.Operand(n-1).Type(), "result")
	},
	Fold:         foldBaseCast,
	Canonicalize: []*ir.Pattern{gatherAllFalse, contiguousGatherScatter("FoldContiguousGather", "vector.gather", "vector.maskedload")},
}

// scatterOp is vector.scatter; on a tensor it returns the updated tensor
// (MLIR PR 165548):
//
//	vector.scatter %m[%i] [%idx], %mask, %v : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
//	%r = vector.scatter %t[%i] [%idx], %mask, %v : tensor<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
var scatterOp = &ir.OpDef{
	Name:     "vector.scatter",
	Summary:  "scatters elements from a vector into memory as defined by an index vector and a mask vector",
	Example:  "vector.scatter %m[%i] [%idx], %mask, %v : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>",
	Operands: ir.AtLeast(4),
	Results:  ir.Between(0, 1),
	Inherent: []string{"alignment"},
	Format:   gatherFormat("valueToStore", ""),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		if err := verifyGather(op, op.Operand(n-1).Type(), nil, "valueToStore"); err != nil {
			return err
		}
		_, isTensor := op.Operand(0).Type().(*ir.RankedTensorType)
		if isTensor != (op.NumResults() == 1) || isTensor && op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("expects a result of the tensor type when writing to a tensor")
		}
		return nil
	},
	Fold:         foldBaseCast,
	Canonicalize: []*ir.Pattern{scatterAllFalse, contiguousGatherScatter("FoldContiguousScatter", "vector.scatter", "vector.maskedstore")},
}

func verifyGather(op *ir.Operation, vt, pass ir.Type, what string) error {
	n := op.NumOperands()
	bt, ok := op.Operand(0).Type().(ir.ShapedType)
	_, isVec := bt.(*ir.VectorType)
	if !ok || isVec || !bt.HasRank() {
		return op.Errorf("operand #0 must be Tensor or MemRef of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
	}
	if err := verifyAlignment(op); err != nil {
		return err
	}
	if mt, ok := bt.(*ir.MemRefType); ok && negativeStride(mt) {
		return op.Errorf("memref strides must be non-negative")
	}
	v, ok := vt.(*ir.VectorType)
	if !ok {
		return op.Errorf("%s must be vector of any type values, but got %s", what, typeQuoted(vt))
	}
	if bt.ElementType() != v.Elem {
		return op.Errorf("base and %s element type should match", what)
	}
	if err := verifyIndices(op, 1, n-3, len(bt.Shape())); err != nil {
		return err
	}
	iv, ok := vectorOf(op.Operand(n - 3))
	if !ok || !ir.IsIntOrIndex(iv.Elem) {
		return op.Errorf("operand #%d must be vector of integer or index values, but got %s", n-3, typeQuoted(op.Operand(n-3).Type()))
	}
	if !slices.Equal(iv.Dims, v.Dims) {
		return op.Errorf("expected %s dim to match indices dim", what)
	}
	m, ok := vectorOf(op.Operand(n - 2))
	if !ok || m.Elem != op.Context().I(1) {
		return op.Errorf("operand #%d must be vector of 1-bit signless integer values, but got %s", n-2, typeQuoted(op.Operand(n-2).Type()))
	}
	if !slices.Equal(m.Dims, v.Dims) {
		return op.Errorf("expected %s dim to match mask dim", what)
	}
	if pass != nil && pass != vt {
		return op.Errorf("expected pass_thru of same type as result type")
	}
	return nil
}
