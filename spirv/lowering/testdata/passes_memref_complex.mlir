// RUN: kiln opt %s --convert-memref-to-spirv | FileCheck %s

// complex<f32> converts to vector<2xf32> (MLIR's convertComplexType), so
// memrefs of complex numbers are arrays of two-float vectors.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  // CHECK: spirv.GlobalVariable @[[VAR:.*]] : !spirv.ptr<!spirv.struct<(!spirv.array<6 x vector<2xf32>>)>, Workgroup>
  // CHECK-LABEL: func.func @workgroup
  // CHECK: %[[P:.*]] = spirv.mlir.addressof @[[VAR]]
  // CHECK: %[[A:.*]] = spirv.AccessChain %[[P]][%{{.*}}, %{{.*}}]
  // CHECK: %[[V:.*]] = spirv.Load "Workgroup" %[[A]] : vector<2xf32>
  // CHECK: %[[B:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<2xf32>, stride=8> [0])>, StorageBuffer>
  // CHECK: spirv.Store "StorageBuffer" %[[B]], %[[V]] : vector<2xf32>
  func.func @workgroup(%i: index, %out: memref<4xcomplex<f32>, #spirv.storage_class<StorageBuffer>>) {
    %w = memref.alloc() : memref<2x3xcomplex<f32>, #spirv.storage_class<Workgroup>>
    %v = memref.load %w[%i, %i] : memref<2x3xcomplex<f32>, #spirv.storage_class<Workgroup>>
    memref.store %v, %out[%i] : memref<4xcomplex<f32>, #spirv.storage_class<StorageBuffer>>
    return
  }
  // A complex of integers has no SPIR-V form: the load stays.
  // CHECK-LABEL: func.func @integers
  // CHECK: memref.load %{{.*}} : memref<4xcomplex<i32>, #spirv.storage_class<StorageBuffer>>
  func.func @integers(%i: index, %m: memref<4xcomplex<i32>, #spirv.storage_class<StorageBuffer>>) -> complex<i32> {
    %v = memref.load %m[%i] : memref<4xcomplex<i32>, #spirv.storage_class<StorageBuffer>>
    return %v : complex<i32>
  }
}
