// c[i] = a[i] + b[i] over 2^20 floats, 256 invocations per workgroup.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @vecadd {
    gpu.func @main(%a : memref<1048576xf32>, %b : memref<1048576xf32>, %c : memref<1048576xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %i = gpu.global_id x
      %x = memref.load %a[%i] : memref<1048576xf32>
      %y = memref.load %b[%i] : memref<1048576xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<1048576xf32>
      gpu.return
    }
  }
}
