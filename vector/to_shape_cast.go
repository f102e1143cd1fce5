package vector

import "github.com/kiln-gpu/kiln/ir"

// Canonicalizations whose result is a vector.shape_cast: a broadcast or
// an extract that keeps the number of elements only reshapes its operand
// (MLIR's BroadcastToShapeCast and ExtractToShapeCast, PR 174452).

// broadcastToShapeCast rewrites a broadcast of a vector to a type with as
// many elements (only unit dims added) as a shape_cast.
var broadcastToShapeCast = &ir.Pattern{
	Name: "BroadcastToShapeCast",
	Root: "vector.broadcast",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		src, ok1 := op.Operand(0).Type().(*ir.VectorType)
		out, ok2 := op.Result(0).Type().(*ir.VectorType)
		if !ok1 || !ok2 || ir.NumElements(src) != ir.NumElements(out) {
			return false
		}
		replaceWithShapeCast(rw, op, op.Operand(0))
		return true
	},
}

// extractToShapeCast rewrites an extract at static positions of a vector
// result with as many elements as its source (the positions index unit
// dims) as a shape_cast. A dynamic position may be out of range, which
// makes poison, and is left alone.
var extractToShapeCast = &ir.Pattern{
	Name: "ExtractToShapeCast",
	Root: "vector.extract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		src, ok1 := op.Operand(0).Type().(*ir.VectorType)
		out, ok2 := op.Result(0).Type().(*ir.VectorType)
		if !ok1 || !ok2 || op.NumOperands() != 1 || ir.NumElements(src) != ir.NumElements(out) {
			return false
		}
		for _, p := range attrInts(op, "static_position") {
			if p != 0 {
				return false
			}
		}
		replaceWithShapeCast(rw, op, op.Operand(0))
		return true
	},
}

func replaceWithShapeCast(rw *ir.Rewriter, op *ir.Operation, v *ir.Value) {
	rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: op.ResultTypes()})
}
