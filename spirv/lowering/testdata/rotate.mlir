// RUN: kiln opt %s --convert-gpu-to-spirv --spirv-lower-abi-attrs --spirv-update-vce | FileCheck %s

// gpu.rotate to GroupNonUniformRotateKHR with the width as cluster size,
// the offset's constant made before the width's (MLIR's order); valid says
// whether the lane is below the width.
// CHECK: spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.3, [GroupNonUniform, Matrix, Shader, GroupNonUniformRotateKHR], [SPV_KHR_subgroup_rotate]>
// CHECK: %[[D:.*]] = spirv.Constant 3 : i32
// CHECK-NEXT: %[[W:.*]] = spirv.Constant 8 : i32
// CHECK-NEXT: spirv.GroupNonUniformRotateKHR <Subgroup> %{{.*}}, %[[D]], cluster_size(%[[W]]) : i32, i32, i32 -> i32
// CHECK: spirv.ULessThan %{{.*}}, %[[W]] : i32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformRotateKHR], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_subgroup_rotate]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @rotate(%buf: memref<16xi32>, %out: memref<16x2xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xi32>
      %r, %ok = gpu.rotate %v, 3, 8 : i32
      %k = arith.extui %ok : i1 to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %r, %out[%x, %c0] : memref<16x2xi32>
      memref.store %k, %out[%x, %c1] : memref<16x2xi32>
      gpu.return
    }
  }
}
