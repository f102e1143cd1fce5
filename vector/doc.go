// Package vector is MLIR's vector dialect: n-D vectors (fixed and
// scalable) built, taken apart, shuffled, reduced, contracted, masked and
// moved to and from memory.
//
// Every op has MLIR's custom syntax, verifier messages and, where MLIR has
// them, folders and canonicalization patterns; older spellings still found
// in upstream tests are accepted (vector.extractelement/insertelement and
// the `vector.extract %v[0] : vector<4xf32>` form that names only the
// source type).
//
//	ctx := ir.NewContext(fn.Dialect(), vector.Dialect())
//	m, err := ir.Parse(ctx, `
//	  func.func @f(%v: vector<4x8xf32>, %i: index) -> f32 {
//	    %e = vector.extract %v[0, %i] : f32 from vector<4x8xf32>
//	    return %e : f32
//	  }`, "f.mlir")
//
// Typed views (Extract, Insert, Shuffle, Reduction, Contract,
// TransferRead, Memory, ...) name operands and attributes for passes and
// the interpreter; helpers such as Linearize, StridedSliceIndices,
// InferTransferMaskType and MaskFormatOf are shared with vector/transforms
// and the SPIR-V lowering. vector.mask predicates one maskable op in its
// region (transfer_read/write, reduction, multi_reduction, contract);
// MaskedOp returns it and ScanDim reads vector.scan's dimension.
package vector
