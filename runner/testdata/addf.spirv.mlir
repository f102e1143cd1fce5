// The SPIR-V that the lowering makes of addf.mlir's kernel, written by
// hand so that the Vulkan path is tested before the lowering lands.
spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin_var_WorkgroupId__ built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @arg2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
  spirv.func @kernel_add() "None" {
    %wg = spirv.mlir.addressof @__builtin_var_WorkgroupId__ : !spirv.ptr<vector<3xi32>, Input>
    %id = spirv.Load "Input" %wg : vector<3xi32>
    %x = spirv.CompositeExtract %id[0 : i32] : vector<3xi32>
    %c0 = spirv.Constant 0 : i32
    %a0 = spirv.mlir.addressof @arg0 : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
    %p0 = spirv.AccessChain %a0[%c0, %x] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %v0 = spirv.Load "StorageBuffer" %p0 : f32
    %a1 = spirv.mlir.addressof @arg1 : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
    %p1 = spirv.AccessChain %a1[%c0, %x] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %v1 = spirv.Load "StorageBuffer" %p1 : f32
    %s = spirv.FAdd %v0, %v1 : f32
    %a2 = spirv.mlir.addressof @arg2 : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>
    %p2 = spirv.AccessChain %a2[%c0, %x] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %p2, %s : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @kernel_add, @__builtin_var_WorkgroupId__
  spirv.ExecutionMode @kernel_add "LocalSize", 1, 1, 1
}
