// Package transforms holds the vector rewrites that run before the
// conversion to SPIR-V, after MLIR's VectorUnroll, LowerVectorTransfer,
// LowerVectorMultiReduction, LowerVectorContract, LowerVectorMask and
// VectorEmulateMaskedLoadStore: SPIR-V has only 1-d vectors of 2, 3 and 4
// elements (8 and 16 with the Vector16 capability), no masks and no
// gathers, so every vector op is brought down to those.
//
// Each lowering is a pass (see Register) and `vector-lower-for-spirv`
// runs them all in order:
//
//	vector-lower-mask-op         vector.mask -> masked transfer, reduction of selected lanes (alias lower-vector-mask, MLIR's name)
//	vector-lower-scan            vector.scan -> element-wise arith ops
//	vector-lower-transfer        transfer_read/write -> vector.load/store or memref.load/store
//	vector-lower-multi-reduction multi_reduction -> vector.reduction, one per kept position
//	vector-lower-contract        contract, outerproduct -> vector.fma chains
//	vector-lower-masks           create_mask, constant_mask, maskedload/store, expandload/compressstore
//	vector-lower-gather-scatter  gather/scatter -> memref.load/store per lane under scf.if
//	vector-lower-shape           transpose, shape_cast -> extract/insert
//	vector-unroll-for-spirv      unroll to native sizes (option vector16)
//
// lower-vector-multi-reduction is MLIR's own lowering of multi_reduction
// (the three phases of MLIRMultiReductionPhases, option lowering-strategy inner-parallel or
// inner-reduction), outside vector-lower-for-spirv: its transposes and
// shape_casts are left for later passes, as in MLIR.
//
// lower-vector-to-from-elements-to-shuffle-tree is MLIR's pass of that
// name (ShuffleTreePatterns): a 1-d from_elements fed only by 1-d
// to_elements becomes a balanced tree of vector.shuffle ops.
//
// From Go:
//
//	reg := pass.Registry{}
//	transforms.Register(reg)
//	p, _ := pass.Parse("builtin.module(vector-lower-for-spirv{vector16=true})", reg)
//
// The rewrites are plain ir.Patterns as well (Patterns), for drivers that
// combine them with others. LowerForConversion runs every stage but the
// unrolling, and only when IR holds an op the SPIR-V conversion has no
// pattern for: spirv/lowering calls it first, so that convert-to-spirv and
// kiln compile take vector.mask, scan, transfers and the like.
package transforms
