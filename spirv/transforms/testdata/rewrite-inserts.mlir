// RUN: kiln opt %s --split-input-file --spirv-rewrite-inserts | FileCheck %s

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // CHECK-LABEL: @construct
  // CHECK: %[[C:.*]] = spirv.CompositeConstruct %arg0, %arg1, %arg2 : (f32, f32, f32) -> vector<3xf32>
  // CHECK-NEXT: spirv.ReturnValue %[[C]]
  spirv.func @construct(%a: f32, %b: f32, %c: f32, %v: vector<3xf32>) -> vector<3xf32> "None" {
    %0 = spirv.CompositeInsert %a, %v[0 : i32] : f32 into vector<3xf32>
    %1 = spirv.CompositeInsert %b, %0[1 : i32] : f32 into vector<3xf32>
    %2 = spirv.CompositeInsert %c, %1[2 : i32] : f32 into vector<3xf32>
    spirv.ReturnValue %2 : vector<3xf32>
  }

  // A chain that skips an element stays.
  // CHECK-LABEL: @partial
  // CHECK-COUNT-2: spirv.CompositeInsert
  // CHECK-NOT: spirv.CompositeConstruct
  spirv.func @partial(%a: f32, %c: f32, %v: vector<3xf32>) -> vector<3xf32> "None" {
    %0 = spirv.CompositeInsert %a, %v[0 : i32] : f32 into vector<3xf32>
    %2 = spirv.CompositeInsert %c, %0[2 : i32] : f32 into vector<3xf32>
    spirv.ReturnValue %2 : vector<3xf32>
  }
}
