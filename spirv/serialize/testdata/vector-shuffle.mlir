// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s

// An undefined component (0xFFFFFFFF in the binary) reads back as MLIR
// prints it, -1 : i32.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // CHECK-LABEL: spirv.func @shuffle
  spirv.func @shuffle(%a: vector<4xf32>, %b: vector<2xf32>) -> vector<3xf32> "None" {
    // CHECK: spirv.VectorShuffle [1 : i32, -1 : i32, 5 : i32] %{{.*}}, %{{.*}} : vector<4xf32>, vector<2xf32> -> vector<3xf32>
    %r = spirv.VectorShuffle [1 : i32, -1 : i32, 5 : i32] %a, %b : vector<4xf32>, vector<2xf32> -> vector<3xf32>
    spirv.ReturnValue %r : vector<3xf32>
  }
}
