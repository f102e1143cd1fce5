// Package memref is MLIR's memref dialect: buffers with a shape, an element
// type, a layout (identity, strided<...> or an affine map) and a memory
// space (an integer or any attribute, such as #gpu.address_space<workgroup>
// or #spirv.storage_class<StorageBuffer>).
//
// It defines alloc, alloca, dealloc, load, store, dim, rank, cast,
// memory_space_cast, reinterpret_cast, subview, view, transpose, expand_shape,
// collapse_shape, copy, global, get_global, atomic_rmw, generic_atomic_rmw,
// atomic_yield, assume_alignment, extract_strided_metadata,
// extract_aligned_pointer_as_index, alloca_scope, realloc, reshape,
// prefetch, dma_start, dma_wait and distinct_objects, with MLIR's custom
// syntax, verifier
// messages, folders and canonicalizations:
//
//	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), memref.Dialect())
//	m, err := ir.Parse(ctx, `
//	  func.func @f(%i: index) -> f32 {
//	    %a = memref.alloc() : memref<4xf32>
//	    %v = memref.load %a[%i] : memref<4xf32>
//	    return %v : f32
//	  }`, "f.mlir")
//
// Typed views (Alloc, Load, Store, SubView, ...) name the parts of each op
// for lowerings and the interpreter; StridesAndOffset, SubViewResultType,
// ExpandedType, CollapsedType and TransposedType compute layouts as MLIR
// does; IsCastCompatible is memref.cast's rule.
package memref
