// hist[data[i] & 255] += 1 by atomics, 2^20 values into 256 bins.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @histogram {
    gpu.func @main(%data : memref<1048576xi32>, %hist : memref<256xi32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
      %c255 = arith.constant 255 : i32
      %one = arith.constant 1 : i32
      %i = gpu.global_id x
      %v = memref.load %data[%i] : memref<1048576xi32>
      %bin = arith.andi %v, %c255 : i32
      %b = arith.index_cast %bin : i32 to index
      %old = memref.atomic_rmw addi %one, %hist[%b] : (i32, memref<256xi32>) -> i32
      gpu.return
    }
  }
}
