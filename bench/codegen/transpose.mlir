// out = transpose(in), 1024x1024 floats, through a 16x17 workgroup tile.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @transpose {
    gpu.func @main(%in : memref<1024x1024xf32>, %out : memref<1024x1024xf32>)
      workgroup(%tile : memref<16x17xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 16, 1]>} {
      %c16 = arith.constant 16 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %x0 = arith.muli %bx, %c16 : index
      %y0 = arith.muli %by, %c16 : index
      %x = arith.addi %x0, %tx : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %tile[%ty, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<16x17xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%oy, %ox] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
