// RUN: kiln opt %s --convert-memref-to-spirv | FileCheck %s

// Memory operands of loads and stores, and stored bools.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, PhysicalStorageBufferAddresses], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @access
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} ["Nontemporal"] : f32
  // CHECK: spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 4] : f32
  func.func @access(%a: memref<4xf32, #spirv.storage_class<StorageBuffer>>, %b: memref<4xf32, #spirv.storage_class<PhysicalStorageBuffer>>, %i: index) {
    %v = memref.load %a[%i] {nontemporal = true} : memref<4xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %b[%i] : memref<4xf32, #spirv.storage_class<PhysicalStorageBuffer>>
    return
  }
  // CHECK-LABEL: func.func @bool
  // CHECK: spirv.BitwiseAnd
  // CHECK: %[[ONE:.*]] = spirv.Constant 1 : i32
  // CHECK: spirv.IEqual %{{.*}}, %[[ONE]] : i32
  func.func @bool(%c: memref<8xi1, #spirv.storage_class<Function>>, %i: index) -> i1 {
    %t = memref.load %c[%i] : memref<8xi1, #spirv.storage_class<Function>>
    return %t : i1
  }
  // Memrefs of vectors load and store whole vectors.
  // CHECK-LABEL: func.func @vectors
  // CHECK: spirv.AccessChain %{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : vector<4xf32>
  // CHECK: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : vector<4xf32>
  func.func @vectors(%a: memref<4xvector<4xf32>, #spirv.storage_class<StorageBuffer>>, %i: index, %j: index) {
    %v = memref.load %a[%i] : memref<4xvector<4xf32>, #spirv.storage_class<StorageBuffer>>
    memref.store %v, %a[%j] : memref<4xvector<4xf32>, #spirv.storage_class<StorageBuffer>>
    return
  }
  // In place, memrefs of index hold the index integer (MLIR's rule).
  // CHECK-LABEL: func.func @indices
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} : i32
  func.func @indices(%a: memref<4xindex, #spirv.storage_class<StorageBuffer>>, %i: index) -> index {
    %v = memref.load %a[%i] : memref<4xindex, #spirv.storage_class<StorageBuffer>>
    return %v : index
  }
}
