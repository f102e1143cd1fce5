// c = a * b, 256x256 floats, one invocation per element of c.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @matmul {
    gpu.func @main(%a : memref<256x256xf32>, %b : memref<256x256xf32>, %c : memref<256x256xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 16, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %col = gpu.global_id x
      %row = gpu.global_id y
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%s = %zero) -> (f32) {
        %x = memref.load %a[%row, %k] : memref<256x256xf32>
        %y = memref.load %b[%k, %col] : memref<256x256xf32>
        %p = arith.mulf %x, %y : f32
        %s2 = arith.addf %s, %p : f32
        scf.yield %s2 : f32
      }
      memref.store %acc, %c[%row, %col] : memref<256x256xf32>
      gpu.return
    }
  }
}
