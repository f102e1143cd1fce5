// out = the inclusive prefix sums of each 256-float block of in (1024 blocks),
// one workgroup per block, Hillis-Steele steps in workgroup memory with the
// running value carried in a register.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @scan {
    gpu.func @main(%in : memref<262144xf32>, %out : memref<262144xf32>)
      workgroup(%buf : memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %v = memref.load %in[%g] : memref<262144xf32>
      memref.store %v, %buf[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %res:2 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %v, %off = %c1) -> (f32, index) {
        %has = arith.cmpi uge, %t, %off : index
        %sum = scf.if %has -> (f32) {
          %j = arith.subi %t, %off : index
          %x = memref.load %buf[%j] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %acc, %x : f32
          scf.yield %s : f32
        } else {
          scf.yield %acc : f32
        }
        gpu.barrier
        memref.store %sum, %buf[%t] : memref<256xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %next = arith.muli %off, %c2 : index
        scf.yield %sum, %next : f32, index
      }
      memref.store %res#0, %out[%g] : memref<262144xf32>
      gpu.return
    }
  }
}
