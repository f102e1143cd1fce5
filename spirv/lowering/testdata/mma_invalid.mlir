// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules --verify-diagnostics

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @no_capability(%a: memref<64xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      // expected-error @+1 {{'gpu.subgroup_mma_load_matrix' op lowers to 'spirv.NV.CooperativeMatrixLoad', which is not available in the target environment: opcode OpCooperativeMatrixLoadNV needs capability CooperativeMatrixNV}}
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %m, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @no_extension(%a: memref<64xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      // expected-error @+1 {{'gpu.subgroup_mma_load_matrix' op lowers to 'spirv.NV.CooperativeMatrixLoad', which is not available in the target environment: opcode OpCooperativeMatrixLoadNV needs extension SPV_NV_cooperative_matrix}}
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %m, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @maxf(%a: memref<64xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      // expected-error @+1 {{'gpu.subgroup_mma_elementwise' op 'maxf' has no SPIR-V instruction on cooperative matrices}}
      %x = gpu.subgroup_mma_elementwise maxf %m, %m : (!gpu.mma_matrix<8x8xf32, "COp">, !gpu.mma_matrix<8x8xf32, "COp">) -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %x, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @transposed(%a: memref<64xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %ma = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "BOp">
      %mc = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      // expected-error @+1 {{'gpu.subgroup_mma_compute' op with a transposed operand has no SPIR-V form; load the operand transposed instead}}
      %r = gpu.subgroup_mma_compute %ma, %mb, %mc {a_transpose} : !gpu.mma_matrix<8x8xf32, "AOp">, !gpu.mma_matrix<8x8xf32, "BOp"> -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %r, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}

// -----

// The thread-local extract and insert need constant indices, as in MLIR.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @dynamic_index(%a: memref<64xf32>, %k: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = arith.constant 0 : index
      %m = gpu.subgroup_mma_load_matrix %a[%i] {leadDimension = 8 : index} : memref<64xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
      // expected-error @+1 {{failed to legalize operation 'gpu.subgroup_mma_extract_thread_local'}}
      %x = gpu.subgroup_mma_extract_thread_local %m[%k] : !gpu.mma_matrix<8x8xf32, "COp"> -> f32
      %n = gpu.subgroup_mma_insert_thread_local %x, %m[%i] : f32, !gpu.mma_matrix<8x8xf32, "COp"> -> !gpu.mma_matrix<8x8xf32, "COp">
      gpu.subgroup_mma_store_matrix %n, %a[%i] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf32, "COp">, memref<64xf32>
      gpu.return
    }
  }
}
