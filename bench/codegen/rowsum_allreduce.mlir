// sums[r] = sum of in[r, :], 1024 rows of 256 floats, by gpu.all_reduce.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @rowsum_allreduce {
    gpu.func @main(%in : memref<1024x256xf32>, %sums : memref<1024xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %r = gpu.block_id x
      %t = gpu.thread_id x
      %v = memref.load %in[%r, %t] : memref<1024x256xf32>
      %total = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %total, %sums[%r] : memref<1024xf32>
      }
      gpu.return
    }
  }
}
