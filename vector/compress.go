package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// expandLoadOp is vector.expandload: consecutive memory elements go to
// the lanes whose mask bit is set, the others take the pass-through.
//
//	%r = vector.expandload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
var expandLoadOp = &ir.OpDef{
	Name:     "vector.expandload",
	Summary:  "reads elements from memory and spreads them into a vector as defined by a mask",
	Example:  "%r = vector.expandload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>",
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(3),
	Results:  ir.Exactly(1),
	Inherent: []string{"alignment"},
	Format:   maskedFormat("pass_thru", "result"),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		return verifyCompressed(op, op.Result(0).Type(), op.Operand(n-1).Type(), "result")
	},
	Fold:         foldMaskedLoad,
	Canonicalize: []*ir.Pattern{maskedLoadAllTrue("ExpandLoadFolder", "vector.expandload")},
}

// compressStoreOp is vector.compressstore: the lanes whose mask bit is
// set are written to consecutive memory elements.
//
//	vector.compressstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>
var compressStoreOp = &ir.OpDef{
	Name:     "vector.compressstore",
	Summary:  "writes elements selectively from a vector as defined by a mask",
	Example:  "vector.compressstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>",
	Operands: ir.AtLeast(3),
	Results:  ir.Exactly(0),
	Inherent: []string{"alignment"},
	Format:   maskedFormat("valueToStore", ""),
	Verify: func(op *ir.Operation) error {
		n := op.NumOperands()
		return verifyCompressed(op, op.Operand(n-1).Type(), nil, "valueToStore")
	},
	Fold:         foldBaseCast,
	Canonicalize: []*ir.Pattern{maskedStoreKnownMask("CompressStoreFolder", "vector.compressstore")},
}

// verifyCompressed checks expandload and compressstore, whose vectors are
// 1-D; vt is the loaded or stored vector, pass the pass-through type.
func verifyCompressed(op *ir.Operation, vt, pass ir.Type, what string) error {
	n := op.NumOperands()
	// Scalable vectors are allowed again since MLIR PR 210288.
	if m, ok := vectorOf(op.Operand(n - 2)); !ok || m.Elem != op.Context().I(1) || len(m.Dims) == 0 {
		return op.Errorf("operand #%d must be vector of 1-bit signless integer values, but got %s", n-2, typeQuoted(op.Operand(n-2).Type()))
	}
	for _, i := range []int{n - 2, n - 1} {
		if v, ok := vectorOf(op.Operand(i)); !ok || len(v.Dims) != 1 {
			return op.Errorf("operand #%d must be vector of any type values of ranks 1, but got %s", i, typeQuoted(op.Operand(i).Type()))
		}
	}
	if v, ok := vt.(*ir.VectorType); !ok || len(v.Dims) != 1 {
		return op.Errorf("%s must be vector of any type values of ranks 1, but got %s", what, typeQuoted(vt))
	}
	mt, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return op.Errorf("operand #0 must be memref of any type values, but got %s", typeQuoted(op.Operand(0).Type()))
	}
	if err := verifyAlignment(op); err != nil {
		return err
	}
	v := vt.(*ir.VectorType)
	if mt.Elem != v.Elem {
		return op.Errorf("base and %s element type should match", what)
	}
	if err := verifyMinorUnitStride(op, mt, v); err != nil {
		return err
	}
	if err := verifyIndices(op, 1, n-2, len(mt.Dims)); err != nil {
		return err
	}
	m, _ := vectorOf(op.Operand(n - 2))
	if m.Dims[0] != v.Dims[0] || m.IsScalable() != v.IsScalable() {
		return op.Errorf("expected %s dim to match mask dim", what)
	}
	if pass != nil && pass != vt {
		return op.Errorf("expected pass_thru of same type as result type")
	}
	return nil
}
