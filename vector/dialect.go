package vector

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the vector dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "vector",
	// All ops inlinable, as MLIR's vector inliner interface says.
	Inliner: ir.OpsInlinable(),
	Summary: "Operations on n-D vectors: construction, shuffling, reductions, contractions, masks and memory transfers.",
	Ops: []*ir.OpDef{
		broadcastOp, splatOp, stepOp, fromElementsOp, toElementsOp,
		extractOp, insertOp, extractElementOp, insertElementOp,
		extractStridedSliceOp, insertStridedSliceOp,
		shuffleOp, interleaveOp, deinterleaveOp,
		fmaOp, reductionOp, multiReductionOp, contractOp, outerProductOp,
		transposeOp, shapeCastOp, bitcastOp, typeCastOp,
		loadOp, storeOp, maskedLoadOp, maskedStoreOp, gatherOp, scatterOp,
		transferReadOp, transferWriteOp,
		createMaskOp, constantMaskOp, printOp,
		expandLoadOp, compressStoreOp, scanOp, maskOp, yieldOp,
		vscaleOp, scalableInsertOp, scalableExtractOp,
		warpExecuteOp, flatTransposeOp,
	},
	Dependencies:        []func() *ir.Dialect{arith.Dialect},
	ParseAttr:           parseAttr,
	MaterializeConstant: arith.BuildConstant,
}
