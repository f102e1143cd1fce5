// Package tensor is MLIR's tensor dialect, the ops the upstream corpus
// uses beside Kiln's own dialects: creation (empty, from_elements, splat,
// generate with its yield), element access (extract, insert), shape
// queries and casts (dim, cast), slices (extract_slice, insert_slice,
// parallel_insert_slice) and reshapes (expand_shape, collapse_shape). Each
// op has MLIR's assembly format and verifier messages; folders cover what
// canonicalization tests rely on. spirv/lowering converts tensor.extract
// of small constants (tensor.go there); the other ops stay unconverted.
package tensor
