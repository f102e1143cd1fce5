// Package affine is MLIR's affine dialect: affine.for and affine.parallel
// (loops whose bounds are affine maps of index values), affine.if (an
// integer set), affine.apply, affine.min and affine.max (one map applied
// to index operands), affine.yield, the memory ops (load, store,
// vector_load, vector_store, prefetch, dma_start, dma_wait: accesses
// through an affine map of the indices) and delinearize_index and
// linearize_index. Each op has MLIR's custom syntax, verifier messages,
// folds and canonicalizations (SimplifyAffineOp's map composition and
// canonicalization among them: compose.go, flatten.go).
//
// The ops are parsed, verified, printed and canonicalized here; package
// affine/transforms lowers them (lower-affine) to scf, arith, memref and
// vector ops, which the SPIR-V conversion and the interpreter take.
package affine
