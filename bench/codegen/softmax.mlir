// out[r, :] = softmax(in[r, :]), 4096 rows of 64 floats, one invocation per row.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @softmax {
    gpu.func @main(%in : memref<4096x64xf32>, %out : memref<4096x64xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 64 : index
      %ninf = arith.constant 0xFF800000 : f32
      %zero = arith.constant 0.0 : f32
      %r = gpu.global_id x
      %max = scf.for %j = %c0 to %n step %c1 iter_args(%m = %ninf) -> (f32) {
        %v = memref.load %in[%r, %j] : memref<4096x64xf32>
        %m2 = arith.maxnumf %m, %v : f32
        scf.yield %m2 : f32
      }
      %sum = scf.for %j = %c0 to %n step %c1 iter_args(%s = %zero) -> (f32) {
        %v = memref.load %in[%r, %j] : memref<4096x64xf32>
        %d = arith.subf %v, %max : f32
        %e = math.exp %d : f32
        memref.store %e, %out[%r, %j] : memref<4096x64xf32>
        %s2 = arith.addf %s, %e : f32
        scf.yield %s2 : f32
      }
      scf.for %j = %c0 to %n step %c1 {
        %e = memref.load %out[%r, %j] : memref<4096x64xf32>
        %q = arith.divf %e, %sum : f32
        memref.store %q, %out[%r, %j] : memref<4096x64xf32>
      }
      gpu.return
    }
  }
}
