package runtimeverify

import (
	"github.com/kiln-gpu/kiln/ir"
)

// The tensor checks are MLIR's (mlir/lib/Dialect/Tensor/Transforms/
// RuntimeOpVerification.cpp), with the same messages.

// tensorCast checks the rank (from an unranked tensor) and the static
// sizes the cast assumes of dynamic ones.
func tensorCast(g *gen, op *ir.Operation) {
	res, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return
	}
	if _, ok := op.Operand(0).Type().(*ir.RankedTensorType); !ok {
		g.rankCheck(op, "tensor.rank", len(res.Dims))
	}
	g.sizeChecks(op, res.Dims)
}

// extractSlice checks the slice against the source's sizes (sliceChecks).
func extractSlice(g *gen, op *ir.Operation) {
	src, ok := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return
	}
	zero, one := g.index(0), g.index(1)
	sliceChecks(g, op, len(src.Dims), "extract_slice", zero, one, func(i int) *ir.Value { return g.dim(op.Operand(0), i, true) })
}
