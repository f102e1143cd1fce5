// RUN: kiln opt %s --split-input-file --verify-diagnostics --gpu-module-to-binary | FileCheck %s
// RUN: kiln opt %s --split-input-file --verify-diagnostics --gpu-module-to-binary="format=bin" | FileCheck %s --check-prefix=BIN
// RUN: not kiln opt %s --split-input-file --gpu-module-to-binary="format=ptx" 2>&1 | FileCheck %s --check-prefix=BADFORMAT

// The payload is the module's SPIR-V: magic number 0x07230203, version 1.0.
// CHECK-LABEL: gpu.binary @kernels [#gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, "\03\02#\07\00\00\01\00
// CHECK-NOT: gpu.module
// BIN: gpu.binary @kernels [#gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, bin = "\03\02#\07
// BADFORMAT: error: 'builtin.module' op Invalid format specified.
module attributes {gpu.container_module} {
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>] {
    spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
      spirv.func @k() "None" {
        spirv.Return
      }
      spirv.EntryPoint "GLCompute" @k
      spirv.ExecutionMode @k "LocalSize", 1, 1, 1
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{the module has no target attributes}}
  gpu.module @kernels {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{expected a spirv.module inside the gpu.module to serialize (run convert-gpu-to-spirv first)}}
  gpu.module @kernels [#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>] {
  }
}
