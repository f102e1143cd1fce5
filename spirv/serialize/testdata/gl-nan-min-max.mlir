// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val --target-env spv1.3 %t/m_0.spv
// RUN: spirv-dis %t/m_0.spv | FileCheck %s --check-prefix=SPV

// GLSL.std.450's NMax and NMin (numbers 80 and 79), which return the other
// operand for a NaN one, on scalars and vectors, and valid for spirv-val.

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  // CHECK-LABEL: spirv.func @nan_min_max
  spirv.func @nan_min_max(%a: f32, %b: f32, %c: vector<4xf32>, %d: vector<4xf32>) -> f32 "None" {
    // CHECK-NEXT: %[[X:.*]] = spirv.GL.NMax %{{.*}}, %{{.*}} : f32
    // SPV: OpExtInst %float %{{[0-9]+}} NMax
    %x = spirv.GL.NMax %a, %b : f32
    // CHECK-NEXT: %[[Y:.*]] = spirv.GL.NMin %{{.*}}, %{{.*}} : f32
    // SPV: OpExtInst %float %{{[0-9]+}} NMin
    %y = spirv.GL.NMin %x, %b : f32
    // CHECK-NEXT: spirv.GL.NMax %{{.*}}, %{{.*}} : vector<4xf32>
    // SPV: OpExtInst %v4float %{{[0-9]+}} NMax
    %v = spirv.GL.NMax %c, %d : vector<4xf32>
    // CHECK-NEXT: spirv.GL.NMin %{{.*}}, %{{.*}} : vector<4xf32>
    // SPV: OpExtInst %v4float %{{[0-9]+}} NMin
    %w = spirv.GL.NMin %v, %c : vector<4xf32>
    spirv.ReturnValue %y : f32
  }
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
