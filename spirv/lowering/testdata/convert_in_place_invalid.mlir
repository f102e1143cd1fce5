// RUN: kiln opt %s --convert-to-spirv --verify-diagnostics

// Without convert-gpu-modules the conversion works in place, where a
// kernel cannot live.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op cannot be converted in place: SPIR-V kernels live in a spirv.module; use convert-to-spirv{convert-gpu-modules} to convert each gpu.module into one}}
    gpu.func @k(%buf: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<4xf32>
      memref.store %v, %buf[%x] : memref<4xf32>
      gpu.return
    }
  }
}
