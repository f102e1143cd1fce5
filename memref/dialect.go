package memref

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Dialect returns the memref dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "memref",
	// Ops inlinable anywhere, bodies into its regions, as MLIR's memref inliner interface says.
	Inliner: ir.BodiesInlinable(),
	Summary: "Buffers with shapes, layouts and memory spaces: allocation, access, views and globals.",
	Ops: []*ir.OpDef{
		alloc, alloca, dealloc, load, store, dim, rank, cast, memorySpaceCast,
		reinterpretCast, subview, view, transpose, expandShape, collapseShape, copyOp,
		global, getGlobal, atomicRMW, genericAtomicRMW, atomicYield,
		assumeAlignment, extractStridedMetadata, extractAlignedPointer,
		allocaScope, allocaScopeReturn, realloc, reshape, prefetch, dmaStart, dmaWait, distinctObjects,
		tensorStore,
	},
	Dependencies:        []func() *ir.Dialect{arith.Dialect},
	MaterializeConstant: arith.BuildConstant,
}
