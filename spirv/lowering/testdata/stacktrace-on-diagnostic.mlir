// RUN: not kiln opt %s --convert-gpu-to-spirv -mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s

// A conversion's own error carries the stack of the pattern that made it.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @cluster() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      gpu.barrier scope <cluster>
      gpu.return
    }
  }
}

// CHECK:      error: gpu.barrier with cluster scope is not supported in SPIR-V
// CHECK-NEXT: gpu.barrier scope <cluster>
// CHECK-NEXT: ^
// CHECK-NEXT: note: diagnostic emitted with trace:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/ir.Errorf {{.*}}diag.go:{{[0-9]+}}
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/spirv/lowering.{{.*}}gpu.go:{{[0-9]+}}
// CHECK:      error: failed to legalize operation 'gpu.barrier'
