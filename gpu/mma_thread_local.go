package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// The thread-local MMA ops read and write the elements of a
// !gpu.mma_matrix that the calling lane holds; indices count those
// elements, not matrix positions.

// mmaExtractDef is gpu.subgroup_mma_extract_thread_local.
var mmaExtractDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_extract_thread_local",
	Summary: "Extract a value from GPU warp by invocation and indices",
	Example: "%0:2 = \"test.defs\"() : () -> (!gpu.mma_matrix<16x16xf32, \"COp\">, index)\n" +
		`%1 = gpu.subgroup_mma_extract_thread_local %0#0[%0#1] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32`,
	Traits:   ir.Pure,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Format:   indexedArrowFormat("matrix", "res"),
	Verify: func(op *ir.Operation) error {
		m, err := threadLocalMatrix(op, 0)
		if err != nil {
			return err
		}
		if op.Result(0).Type() != m.Elem {
			return op.Errorf("failed to verify that result type matches element type of mma_matrix")
		}
		return nil
	},
}

// mmaInsertDef is gpu.subgroup_mma_insert_thread_local.
var mmaInsertDef = &ir.OpDef{
	Name:    "gpu.subgroup_mma_insert_thread_local",
	Summary: "Insert a value into GPU warp by invocation and indices",
	Example: "%0:3 = \"test.defs\"() : () -> (f32, !gpu.mma_matrix<16x16xf32, \"COp\">, index)\n" +
		`%1 = gpu.subgroup_mma_insert_thread_local %0#0, %0#1[%0#2] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">`,
	Traits:   ir.Pure,
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$value `,` $matrix `[` $indices `]` attr-dict `:` type($value) `,` type($matrix) `->` type($res)",
		Operands: []string{"value", "matrix", "indices*"}, Results: []string{"res"}, Types: indexOperands("indices")},
	Verify: func(op *ir.Operation) error {
		m, err := threadLocalMatrix(op, 1)
		if err != nil {
			return err
		}
		if op.Operand(0).Type() != m.Elem {
			return op.Errorf("failed to verify that value type matches element type of mma_matrix")
		}
		if op.Result(0).Type() != m {
			return op.Errorf("failed to verify that all of {matrix, res} have same type")
		}
		return nil
	},
}

// threadLocalMatrix checks the matrix operand at i and the index
// operands after it.
func threadLocalMatrix(op *ir.Operation, i int) (*MMAMatrixType, error) {
	if err := arith.CheckOperand(op, i, mmaMatrixType); err != nil {
		return nil, err
	}
	for k := i + 1; k < op.NumOperands(); k++ {
		if err := arith.CheckOperand(op, k, variadicIndex); err != nil {
			return nil, err
		}
	}
	return op.Operand(i).Type().(*MMAMatrixType), nil
}
