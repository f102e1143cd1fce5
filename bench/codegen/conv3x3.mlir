// out[y, x] = sum of w[i, j] * in[y + i, x + j], a 1026x1026 input (one pixel of
// border) to a 1024x1024 output, one invocation per output pixel.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @conv3x3 {
    gpu.func @main(%in : memref<1026x1026xf32>, %w : memref<3x3xf32>, %out : memref<1024x1024xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 16, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %zero = arith.constant 0.0 : f32
      %x = gpu.global_id x
      %y = gpu.global_id y
      %acc = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %zero) -> (f32) {
        %row = arith.addi %y, %i : index
        %s3 = scf.for %j = %c0 to %c3 step %c1 iter_args(%s1 = %s) -> (f32) {
          %col = arith.addi %x, %j : index
          %v = memref.load %in[%row, %col] : memref<1026x1026xf32>
          %k = memref.load %w[%i, %j] : memref<3x3xf32>
          %p = arith.mulf %v, %k : f32
          %s2 = arith.addf %s1, %p : f32
          scf.yield %s2 : f32
        }
        scf.yield %s3 : f32
      }
      memref.store %acc, %out[%y, %x] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
