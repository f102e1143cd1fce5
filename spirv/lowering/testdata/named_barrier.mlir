// RUN: kiln opt %s --convert-gpu-to-spirv | FileCheck %s

// Named barriers (SPIR-V 1.1's NamedBarrier capability, on Kernel targets)
// as MLIR's GPUToSPIRV lowers them: gpu.initialize_named_barrier is
// NamedBarrierInitialize, a named gpu.barrier MemoryNamedBarrier with a
// workgroup barrier's memory scope and semantics. TestOpenCLKernelsValidate
// runs spirv-val on this file's kernel.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.1, [Kernel, Addresses, NamedBarrier], []>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    // CHECK-LABEL: spirv.func @named
    // CHECK: %[[NB:.*]] = spirv.NamedBarrierInitialize %{{.*}} : i32 -> !spirv.named_barrier
    // CHECK-NEXT: spirv.MemoryNamedBarrier %[[NB]], <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier
    // CHECK-NEXT: spirv.MemoryNamedBarrier %[[NB]], <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier
    // CHECK-NEXT: spirv.Return
    gpu.func @named(%subgroups: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %nb = gpu.initialize_named_barrier %subgroups : i32 -> !gpu.named_barrier
      gpu.barrier named(%nb : !gpu.named_barrier)
      gpu.barrier named(%nb : !gpu.named_barrier) memfence [#gpu.address_space<workgroup>]
      gpu.return
    }
  }
}
