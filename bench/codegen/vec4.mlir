// c = a * b + a as vector<4xf32> loads and stores of scalar buffers, 2^20 floats.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @vec4 {
    gpu.func @main(%a : memref<1048576xf32>, %b : memref<1048576xf32>, %c : memref<1048576xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c4 = arith.constant 4 : index
      %g = gpu.global_id x
      %i = arith.muli %g, %c4 : index
      %x = vector.load %a[%i] : memref<1048576xf32>, vector<4xf32>
      %y = vector.load %b[%i] : memref<1048576xf32>, vector<4xf32>
      %m = arith.mulf %x, %y : vector<4xf32>
      %s = arith.addf %m, %x : vector<4xf32>
      vector.store %s, %c[%i] : memref<1048576xf32>, vector<4xf32>
      gpu.return
    }
  }
}
