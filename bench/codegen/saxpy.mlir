// y[i] = 2.5 * x[i] + y[i] over 2^20 floats.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @saxpy {
    gpu.func @main(%x : memref<1048576xf32>, %y : memref<1048576xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %i = gpu.global_id x
      %a = arith.constant 2.5 : f32
      %xi = memref.load %x[%i] : memref<1048576xf32>
      %yi = memref.load %y[%i] : memref<1048576xf32>
      %m = arith.mulf %a, %xi : f32
      %s = arith.addf %m, %yi : f32
      memref.store %s, %y[%i] : memref<1048576xf32>
      gpu.return
    }
  }
}
