// RUN: kiln opt %s --convert-memref-to-spirv | FileCheck %s

// A load or store's alignment attribute becomes the Aligned memory operand
// (with Nontemporal when the access is that too), over the scalar size
// PhysicalStorageBuffer accesses get otherwise.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, PhysicalStorageBufferAddresses], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @aligned
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} ["Aligned", 16] : f32
  // CHECK: spirv.Load "StorageBuffer" %{{.*}} ["Aligned|Nontemporal", 8] : f32
  // CHECK: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 32] : f32
  // CHECK: spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
  // CHECK: spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 64] : f32
  func.func @aligned(%m: memref<8xf32, #spirv.storage_class<StorageBuffer>>, %p: memref<8xf32, #spirv.storage_class<PhysicalStorageBuffer>>, %i: index) {
    %0 = memref.load %m[%i] {alignment = 16} : memref<8xf32, #spirv.storage_class<StorageBuffer>>
    %1 = memref.load %m[%i] {alignment = 8, nontemporal = true} : memref<8xf32, #spirv.storage_class<StorageBuffer>>
    memref.store %0, %m[%i] {alignment = 32} : memref<8xf32, #spirv.storage_class<StorageBuffer>>
    %2 = memref.load %p[%i] : memref<8xf32, #spirv.storage_class<PhysicalStorageBuffer>>
    %3 = memref.load %p[%i] {alignment = 64} : memref<8xf32, #spirv.storage_class<PhysicalStorageBuffer>>
    return
  }
}
