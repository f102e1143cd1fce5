// Package llvm is the small part of MLIR's llvm dialect that the GPU
// dialect's host-side ops meet in MLIR's own tests: the `!llvm.ptr` type
// (opaque, with an address space, and the older typed form
// `!llvm.ptr<f32>` that MLIR 16 files still use), literal
// `!llvm.struct<(...)>` types, and `llvm.mlir.zero`. Kiln does not lower
// or run these: they are here so that such files load, verify and print
// as MLIR does.
package llvm
