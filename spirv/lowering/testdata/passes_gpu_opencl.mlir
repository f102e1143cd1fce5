// RUN: kiln opt %s --convert-gpu-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-gpu-to-spirv=use-64bit-index | FileCheck %s --check-prefix=I64

// convert-gpu-to-spirv on an OpenCL (Kernel) target, as MLIR's: the
// spirv.module goes inside its gpu.module, with the gpu.module's target
// and pointers as wide as the index, and the gpu.funcs left behind become
// empty func.funcs marked gpu.kernel.
module attributes {gpu.container_module} {
  // CHECK-LABEL: gpu.module @kernels
  // CHECK-SAME: spirv.target_env
  // CHECK-NEXT: spirv.module @__spv__kernels Physical32 OpenCL attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, #spirv.resource_limits<>>} {
  // CHECK: spirv.func @scale(%{{.*}}: f32, %{{.*}}: !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>)
  // CHECK: spirv.FMul
  // CHECK: }
  // CHECK: func.func @scale(%{{.*}}: f32, %{{.*}}: memref<4xf32, #spirv.storage_class<CrossWorkgroup>>) attributes {gpu.kernel} {
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  // CHECK-NOT: gpu.func
  // I64: spirv.module @__spv__kernels Physical64 OpenCL
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, #spirv.resource_limits<>>} {
    gpu.func @scale(%f: f32, %m: memref<4xf32, #spirv.storage_class<CrossWorkgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %m[%x] : memref<4xf32, #spirv.storage_class<CrossWorkgroup>>
      %r = arith.mulf %v, %f : f32
      memref.store %r, %m[%x] : memref<4xf32, #spirv.storage_class<CrossWorkgroup>>
      gpu.return
    }
  }
  func.func @main(%f: f32, %m: memref<4xf32, #spirv.storage_class<CrossWorkgroup>>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%f : f32, %m : memref<4xf32, #spirv.storage_class<CrossWorkgroup>>)
    return
  }
}
