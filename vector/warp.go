package vector

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// warpExecuteOp is vector.warp_execute_on_lane_0, the spelling MLIR had
// before the op moved to the gpu dialect.
// Its syntax is gpu's, hand-written as in MLIR (WarpExecuteOnLane0Op::parse).
var warpExecuteOp = gpu.WarpExecuteOnLane0("vector")

// flatTransposeOp is vector.flat_transpose: the transpose of a rows x
// columns matrix stored row-major in a 1-D vector.
//
//	%t = vector.flat_transpose %m {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>
var flatTransposeOp = &ir.OpDef{
	Name:     "vector.flat_transpose",
	Summary:  "Vector matrix transposition on flattened 1-D MLIR vectors",
	Example:  "%t = vector.flat_transpose %m {columns = 4 : i32, rows = 2 : i32} : vector<8xf32> -> vector<8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"rows", "columns"},
	Format: &ir.Format{Syntax: "$matrix attr-dict `:` type($matrix) `->` type($res)", Operands: []string{"matrix"}, Results: []string{"res"},
		Kinds: map[string]ir.TypeKind{"matrix": vectorKind, "res": vectorKind}},
	Verify: func(op *ir.Operation) error {
		for _, name := range []string{"rows", "columns"} {
			a := op.Attr(name)
			if a == nil {
				return op.Errorf("requires attribute '%s'", name)
			}
			if ia, ok := a.(*ir.IntegerAttr); !ok || ia.Type() != op.Context().I(32) {
				return op.Errorf("attribute '%s' failed to satisfy constraint: 32-bit signless integer attribute", name)
			}
		}
		const what = "fixed-length vector of signless integer or signed integer or index or floating-point values of length any and rank 1"
		src, ok := vectorOf(op.Operand(0))
		if !ok || len(src.Dims) != 1 || isScalableDim(src, 0) {
			return op.Errorf("operand #0 must be %s, but got %s", what, typeQuoted(op.Operand(0).Type()))
		}
		res, ok := op.Result(0).Type().(*ir.VectorType)
		if !ok || len(res.Dims) != 1 || isScalableDim(res, 0) {
			return op.Errorf("result #0 must be %s, but got %s", what, typeQuoted(op.Result(0).Type()))
		}
		if src.Elem != res.Elem {
			return op.Errorf("failed to verify that source operand and result have same element type")
		}
		return nil
	},
}
