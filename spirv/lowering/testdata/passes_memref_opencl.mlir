// RUN: kiln opt %s --split-input-file --convert-memref-to-spirv | FileCheck %s

// On Kernel targets buffers are bare pointers (MLIR's convertMemrefType):
// to an array with a static shape, to the first element with a dynamic
// one, indexed by a folded linear index.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, GenericPointer], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @bare
  // CHECK-DAG: %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<4x8xf32, #spirv.storage_class<CrossWorkgroup>> to !spirv.ptr<!spirv.array<32 x f32>, CrossWorkgroup>
  // CHECK-DAG: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?xf32, #spirv.storage_class<CrossWorkgroup>> to !spirv.ptr<f32, CrossWorkgroup>
  // CHECK-DAG: %[[I:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i32
  // CHECK: %[[EIGHT:.*]] = spirv.Constant 8 : i32
  // CHECK: %[[ROW:.*]] = spirv.IMul %[[I]], %[[EIGHT]] : i32
  // CHECK: %[[LIN:.*]] = spirv.IAdd %[[I]], %[[ROW]] : i32
  // CHECK: spirv.AccessChain %[[A]][%[[LIN]]] : !spirv.ptr<!spirv.array<32 x f32>, CrossWorkgroup>, i32
  // CHECK: spirv.PtrAccessChain %[[B]][%[[I]]] : !spirv.ptr<f32, CrossWorkgroup>, i32
  func.func @bare(%a: memref<4x8xf32, #spirv.storage_class<CrossWorkgroup>>, %b: memref<?xf32, #spirv.storage_class<CrossWorkgroup>>, %i: index) {
    %v = memref.load %a[%i, %i] : memref<4x8xf32, #spirv.storage_class<CrossWorkgroup>>
    memref.store %v, %b[%i] : memref<?xf32, #spirv.storage_class<CrossWorkgroup>>
    return
  }

  // A view at a dynamic offset advances the pointer; accesses through the
  // view count from there, and a view of it from the allocation again.
  // CHECK-LABEL: func.func @offset_view
  // CHECK-DAG: %[[B:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?xf32, #spirv.storage_class<CrossWorkgroup>> to !spirv.ptr<f32, CrossWorkgroup>
  // CHECK-DAG: %[[O:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i32
  // CHECK: %[[V:.*]] = spirv.InBoundsPtrAccessChain %[[B]][%[[O]]] : !spirv.ptr<f32, CrossWorkgroup>, i32
  // CHECK: %[[TWO:.*]] = builtin.unrealized_conversion_cast %{{.*}} : index to i32
  // CHECK: spirv.PtrAccessChain %[[V]][%[[TWO]]] : !spirv.ptr<f32, CrossWorkgroup>, i32
  // CHECK: %[[THREE:.*]] = spirv.Constant 3 : i32
  // CHECK: %[[W:.*]] = spirv.InBoundsPtrAccessChain %[[B]][%[[THREE]]]
  // CHECK: spirv.PtrAccessChain %[[W]][%[[TWO]]]
  func.func @offset_view(%b: memref<?xf32, #spirv.storage_class<CrossWorkgroup>>, %o: index) -> f32 {
    %v = memref.reinterpret_cast %b to offset: [%o], sizes: [10], strides: [1] : memref<?xf32, #spirv.storage_class<CrossWorkgroup>> to memref<?xf32, strided<[1], offset: ?>, #spirv.storage_class<CrossWorkgroup>>
    %c2 = arith.constant 2 : index
    %x = memref.load %v[%c2] : memref<?xf32, strided<[1], offset: ?>, #spirv.storage_class<CrossWorkgroup>>
    %w = memref.reinterpret_cast %v to offset: [3], sizes: [10], strides: [1] : memref<?xf32, strided<[1], offset: ?>, #spirv.storage_class<CrossWorkgroup>> to memref<?xf32, strided<[1], offset: ?>, #spirv.storage_class<CrossWorkgroup>>
    memref.store %x, %w[%c2] : memref<?xf32, strided<[1], offset: ?>, #spirv.storage_class<CrossWorkgroup>>
    return %x : f32
  }

  // memory_space_cast goes through Generic, in one step to or from it.
  // CHECK-LABEL: func.func @spaces
  // CHECK: %[[G:.*]] = spirv.PtrCastToGeneric %{{.*}} : !spirv.ptr<!spirv.array<4 x f32>, Workgroup> to !spirv.ptr<!spirv.array<4 x f32>, Generic>
  // CHECK-NOT: spirv.GenericCastToPtr
  // CHECK: builtin.unrealized_conversion_cast %[[G]]
  func.func @spaces(%a: memref<4xf32, #spirv.storage_class<Workgroup>>) -> memref<4xf32, #spirv.storage_class<Generic>> {
    %g = memref.memory_space_cast %a : memref<4xf32, #spirv.storage_class<Workgroup>> to memref<4xf32, #spirv.storage_class<Generic>>
    return %g : memref<4xf32, #spirv.storage_class<Generic>>
  }
}

// -----

// Vulkan has no generic pointers: memory_space_cast does not convert (and
// may stay, as in MLIR's pass).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  func.func @vulkan_spaces(%a: memref<4xf32, #spirv.storage_class<Workgroup>>) -> memref<4xf32, #spirv.storage_class<Private>> {
    // CHECK-LABEL: func.func @vulkan_spaces
    // CHECK: memref.memory_space_cast
    %g = memref.memory_space_cast %a : memref<4xf32, #spirv.storage_class<Workgroup>> to memref<4xf32, #spirv.storage_class<Private>>
    return %g : memref<4xf32, #spirv.storage_class<Private>>
  }
}

// -----

// memref.extract_aligned_pointer_as_index is the pointer as an index-wide
// unsigned integer (MLIR's ExtractAlignedPointerAsIndexOpPattern).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @pointer_as_index
  // CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?xf32, #spirv.storage_class<CrossWorkgroup>> to !spirv.ptr<f32, CrossWorkgroup>
  // CHECK: %[[U:.*]] = spirv.ConvertPtrToU %[[P]] : !spirv.ptr<f32, CrossWorkgroup> to i32
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[U]] : i32 to index
  // CHECK: return %[[R]] : index
  func.func @pointer_as_index(%m: memref<?xf32, #spirv.storage_class<CrossWorkgroup>>) -> index {
    %0 = memref.extract_aligned_pointer_as_index %m : memref<?xf32, #spirv.storage_class<CrossWorkgroup>> -> index
    return %0 : index
  }
}
