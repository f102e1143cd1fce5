// RUN: kiln opt %s --split-input-file --convert-gpu-to-spirv --verify-diagnostics | FileCheck %s

// gpu.barrier's scope is the ControlBarrier's execution scope (MLIR's
// GPUBarrierConversion); the memory scope and semantics stay the
// workgroup's, whatever the memfence list says.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @barriers
    // CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    // CHECK-NEXT: spirv.ControlBarrier <Subgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    // CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    // CHECK-NEXT: spirv.ControlBarrier <Subgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    // CHECK-NEXT: spirv.Return
    gpu.func @barriers() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      gpu.barrier
      gpu.barrier scope <subgroup>
      gpu.barrier memfence [] scope <workgroup>
      gpu.barrier memfence [#gpu.address_space<global>] scope <subgroup>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @cluster() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      // expected-error @+2 {{gpu.barrier with cluster scope is not supported in SPIR-V}}
      // expected-error @+1 {{failed to legalize operation 'gpu.barrier'}}
      gpu.barrier scope <cluster>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @device() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      // expected-error @+2 {{gpu.barrier with device scope is not supported in SPIR-V}}
      // expected-error @+1 {{failed to legalize operation 'gpu.barrier'}}
      gpu.barrier scope <device>
      gpu.return
    }
  }
}
