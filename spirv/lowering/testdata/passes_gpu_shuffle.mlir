// RUN: kiln opt %s --convert-gpu-to-spirv | FileCheck %s

// gpu.shuffle whose width is the subgroup size: the GroupNonUniform
// shuffle, then its validity (MLIR's order): true for xor and idx, for
// down whether the source lane is inside the subgroup.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader, GroupNonUniformShuffle, GroupNonUniformShuffleRelative], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<subgroup_size = 16>>} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @shuffles
    // CHECK: %[[X:.*]] = spirv.GroupNonUniformShuffleXor <Subgroup> %[[V:.*]], %[[M:.*]] : f32, i32
    // CHECK-NEXT: %[[T:.*]] = spirv.Constant true
    // CHECK: %[[D:.*]] = spirv.GroupNonUniformShuffleDown <Subgroup> %[[V]], %[[M]] : f32, i32
    // CHECK-NEXT: %[[A:.*]] = spirv.mlir.addressof @__builtin__SubgroupLocalInvocationId__
    // CHECK-NEXT: %[[L:.*]] = spirv.Load "Input" %[[A]] : i32
    // CHECK-NEXT: %[[S:.*]] = spirv.IAdd %[[L]], %[[M]] : i32
    // CHECK-NEXT: %{{.*}} = spirv.ULessThan %[[S]], %{{.*}} : i32
    gpu.func @shuffles(%buf: memref<16xf32>, %ok: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xf32>
      %m = arith.constant 4 : i32
      %w = arith.constant 16 : i32
      %r0, %v0 = gpu.shuffle xor %v, %m, %w : f32
      %r1, %v1 = gpu.shuffle down %v, %m, %w : f32
      %s = arith.addf %r0, %r1 : f32
      memref.store %s, %buf[%x] : memref<16xf32>
      %both = arith.andi %v0, %v1 : i1
      %i = arith.extui %both : i1 to i32
      memref.store %i, %ok[%x] : memref<16xi32>
      gpu.return
    }
  }
}
