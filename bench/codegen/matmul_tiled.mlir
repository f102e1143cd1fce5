// c = a * b, 256x256 floats, 16x16 tiles of a and b in workgroup memory.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @matmul_tiled {
    gpu.func @main(%a : memref<256x256xf32>, %b : memref<256x256xf32>, %c : memref<256x256xf32>)
      workgroup(%ta : memref<16x16xf32, #gpu.address_space<workgroup>>, %tb : memref<16x16xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 16, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %n = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %col = gpu.global_id x
      %row = gpu.global_id y
      %acc = scf.for %t0 = %c0 to %n step %c16 iter_args(%s = %zero) -> (f32) {
        %ak = arith.addi %t0, %tx : index
        %bk = arith.addi %t0, %ty : index
        %av = memref.load %a[%row, %ak] : memref<256x256xf32>
        %bv = memref.load %b[%bk, %col] : memref<256x256xf32>
        memref.store %av, %ta[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        memref.store %bv, %tb[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %s3 = scf.for %k = %c0 to %c16 step %c1 iter_args(%s1 = %s) -> (f32) {
          %x = memref.load %ta[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %tb[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %x, %y : f32
          %s2 = arith.addf %s1, %p : f32
          scf.yield %s2 : f32
        }
        gpu.barrier
        scf.yield %s3 : f32
      }
      memref.store %acc, %c[%row, %col] : memref<256x256xf32>
      gpu.return
    }
  }
}
