// RUN: kiln opt %s --map-memref-spirv-storage-class | FileCheck %s
// RUN: kiln opt %s --pass-pipeline='builtin.module(map-memref-spirv-storage-class{client-api=opencl})' | FileCheck %s --check-prefix=OPENCL

// CHECK-LABEL: func.func @spaces
// CHECK-SAME: memref<4xf32, #spirv.storage_class<StorageBuffer>>
// CHECK-SAME: memref<4xf32, #spirv.storage_class<Workgroup>>
// CHECK-SAME: memref<4xf32, #spirv.storage_class<Uniform>>
// CHECK-SAME: memref<4xf32, #spirv.storage_class<Private>>
// CHECK-SAME: memref<4xf32, #spirv.storage_class<Function>>
// CHECK-SAME: memref<4xf32, #spirv.storage_class<PushConstant>>
// CHECK-SAME: memref<8xf32, #spirv.storage_class<Workgroup>>
// CHECK-SAME: memref<*xf32, #spirv.storage_class<StorageBuffer>>
// OPENCL-LABEL: func.func @spaces
// OPENCL-SAME: memref<4xf32, #spirv.storage_class<CrossWorkgroup>>
// OPENCL-SAME: memref<4xf32, #spirv.storage_class<Workgroup>>
// OPENCL-SAME: memref<4xf32, #spirv.storage_class<UniformConstant>>
func.func @spaces(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<4xf32, 4>, %d: memref<4xf32, 5>,
                  %e: memref<4xf32, 6>, %f: memref<4xf32, 7>, %g: memref<8xf32, #gpu.address_space<workgroup>>,
                  %h: memref<*xf32, #gpu.address_space<global>>) {
  // CHECK: memref.load %{{.*}} : memref<8xf32, #spirv.storage_class<Workgroup>>
  %c0 = arith.constant 0 : index
  %v = memref.load %g[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
  // CHECK: memref.alloca() : memref<2xf32, #spirv.storage_class<Function>>
  %t = memref.alloca() : memref<2xf32, 6>
  return
}

// CHECK-LABEL: gpu.module @kernels
gpu.module @kernels {
  // CHECK: gpu.func @k(%{{.*}}: memref<16xi32, #spirv.storage_class<StorageBuffer>>) workgroup(%{{.*}} : memref<16xi32, #spirv.storage_class<Workgroup>>) kernel
  gpu.func @k(%arg0: memref<16xi32>) workgroup(%w : memref<16xi32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}
