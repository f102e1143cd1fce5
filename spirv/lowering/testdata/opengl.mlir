// RUN: kiln opt %s --convert-gpu-to-spirv --spirv-lower-abi-attrs | FileCheck %s

// On an OpenGL target (Kiln's own client API, for the GL runtime), scalar
// kernel arguments are passed in uniform blocks rather than storage
// buffers (GL's SPIR-V has no push constants); memrefs stay storage
// buffers, all in descriptor set 0.

// CHECK: api=OpenGL
// CHECK: spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, Uniform>
// CHECK: spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.GlobalVariable @k_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(i32 [0])>, Uniform>
// CHECK: spirv.Load "Uniform"
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=OpenGL, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @k(%a : f32, %x : memref<8xf32>, %i : index) kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      memref.store %a, %x[%i] : memref<8xf32>
      gpu.return
    }
  }
}
