// sums[r] = sum of in[r, :], 1024 rows of 256 floats, one workgroup per row,
// a tree reduction in workgroup memory.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @rowsum_shared {
    gpu.func @main(%in : memref<1024x256xf32>, %sums : memref<1024xf32>)
      workgroup(%buf : memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %r = gpu.block_id x
      %t = gpu.thread_id x
      %v = memref.load %in[%r, %t] : memref<1024x256xf32>
      memref.store %v, %buf[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %k : index
        %active = arith.cmpi ult, %t, %s : index
        scf.if %active {
          %o = arith.addi %t, %s : index
          %a = memref.load %buf[%t] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %buf[%o] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %buf[%t] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %total = memref.load %buf[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %sums[%r] : memref<1024xf32>
      }
      gpu.return
    }
  }
}
