// A kernel reading a constant tensor, compiled and checked by spirv-val
// through passes_tensor.mlir's RUN line.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @lookup(%out: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %y = arith.subi %c3, %x : index
      %cst = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
      %c2 = arith.constant 2 : index
      %i = arith.divui %x, %c2 : index
      %j = arith.remui %y, %c2 : index
      %v = tensor.extract %cst[%i, %j] : tensor<2x2xf32>
      memref.store %v, %out[%x] : memref<4xf32>
      gpu.return
    }
  }
}
