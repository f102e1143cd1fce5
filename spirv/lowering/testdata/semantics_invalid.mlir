// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules --verify-diagnostics

// f16 is not computed in f32 without Float16 (its results would not be
// rounded to f16), as in MLIR.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @half(%a: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %a[%x] : memref<4xf32>
      // expected-error @+1 {{failed to legalize operation 'arith.truncf': type f16 needs capability Float16, not in target #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>}}
      %h = arith.truncf %v : f32 to f16
      %w = arith.extf %h : f16 to f32
      memref.store %w, %a[%x] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

// A Shader function cannot take a storage buffer without variable pointers.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    // expected-error @+1 {{'func.func' op argument 0 of type memref<4xf32> would be a StorageBuffer pointer, which a Shader function can take only with variable pointers; pass the memref to the kernel only}}
    func.func @f(%m: memref<4xf32>) {
      return
    }
    gpu.func @k(%a: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      func.call @f(%a) : (memref<4xf32>) -> ()
      gpu.return
    }
  }
}
