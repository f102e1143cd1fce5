// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s

// spirv.IsFinite and spirv.IsNormal (OpIsFinite, OpIsNormal: Kernel only),
// which convert-math-to-spirv makes of math.isfinite and math.isnormal on
// OpenCL targets.
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Vector16], []> {
  // CHECK-LABEL: spirv.func @classify
  spirv.func @classify(%a: f32, %v: vector<4xf32>) -> i1 "None" {
    // CHECK: %[[F:.*]] = spirv.IsFinite %{{.*}} : f32
    %0 = spirv.IsFinite %a : f32
    // CHECK: spirv.IsNormal %{{.*}} : vector<4xf32>
    %1 = spirv.IsNormal %v : vector<4xf32>
    // CHECK: spirv.ReturnValue %[[F]] : i1
    spirv.ReturnValue %0 : i1
  }
}
