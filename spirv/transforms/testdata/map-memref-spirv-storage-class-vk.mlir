// RUN: kiln opt %s --map-memref-spirv-storage-class=client-api=vulkan | FileCheck %s

// The Vulkan-only spaces 8 to 12 (MLIR added 12 -> Image in PR 144899);
// OpenCL maps none of them.
// CHECK-LABEL: func.func @vulkan_only_spaces
// CHECK-SAME: memref<4xi32, #spirv.storage_class<UniformConstant>>
// CHECK-SAME: memref<4xi32, #spirv.storage_class<Input>>
// CHECK-SAME: memref<4xi32, #spirv.storage_class<Output>>
// CHECK-SAME: memref<4xi32, #spirv.storage_class<PhysicalStorageBuffer>>
// CHECK-SAME: memref<4xi32, #spirv.storage_class<Image>>
func.func @vulkan_only_spaces(%a: memref<4xi32, 8>, %b: memref<4xi32, 9>, %c: memref<4xi32, 10>,
                              %d: memref<4xi32, 11>, %e: memref<4xi32, 12>) {
  return
}
