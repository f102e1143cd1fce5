package runtimeverify

import (
	"github.com/kiln-gpu/kiln/arith"
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
	src := op.Operand(0)
	rankedSrc, _ := src.Type().(*ir.RankedTensorType)
	if rankedSrc == nil {
		same := g.cmpI(arith.CmpIEQ, g.op("tensor.rank", g.Context().Index(), src), g.index(int64(len(res.Dims))), false)
		g.assert(same, op, "rank mismatch")
	}
	for i, size := range res.Dims {
		if rankedSrc != nil && rankedSrc.Dims[i] != ir.Dynamic || size == ir.Dynamic {
			continue
		}
		same := g.cmpI(arith.CmpIEQ, g.dim(src, i, false), g.index(size), false)
		g.assert(same, op, "size mismatch of dim "+itoa(i))
	}
}

// tensorDim checks that the dimension index is below the rank.
func tensorDim(g *gen, op *ir.Operation) {
	rank := g.op("tensor.rank", g.Context().Index(), op.Operand(0))
	g.assert(g.inBounds(op.Operand(1), g.index(0), rank), op, "index is out of bounds")
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
