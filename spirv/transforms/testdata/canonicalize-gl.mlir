// RUN: kiln opt %s --spirv-canonicalize-gl | FileCheck %s

spirv.module Logical GLSL450 {
  // CHECK-LABEL: @clamp_f
  // CHECK-NEXT: %[[C:.*]] = spirv.GL.FClamp %arg0, %arg1, %arg2 : f32
  // CHECK-NEXT: spirv.ReturnValue %[[C]]
  spirv.func @clamp_f(%x: f32, %lo: f32, %hi: f32) -> f32 "None" {
    %0 = spirv.FOrdLessThan %lo, %x : f32
    %1 = spirv.Select %0, %x, %lo : i1, f32
    %2 = spirv.FOrdLessThan %1, %hi : f32
    %3 = spirv.Select %2, %1, %hi : i1, f32
    spirv.ReturnValue %3 : f32
  }
  // CHECK-LABEL: @clamp_s
  // CHECK-NEXT: %[[C:.*]] = spirv.GL.SClamp %arg0, %arg1, %arg2 : i32
  // CHECK-NEXT: spirv.ReturnValue %[[C]]
  spirv.func @clamp_s(%x: i32, %lo: i32, %hi: i32) -> i32 "None" {
    %0 = spirv.SLessThan %x, %lo : i32
    %1 = spirv.Select %0, %lo, %x : i1, i32
    %2 = spirv.SLessThan %hi, %x : i32
    %3 = spirv.Select %2, %hi, %1 : i1, i32
    spirv.ReturnValue %3 : i32
  }
  // In the swapped form MLIR matches, the outer comparison takes x, not the
  // inner select.
  // CHECK-LABEL: @not_swapped_clamp
  // CHECK-NOT: Clamp
  spirv.func @not_swapped_clamp(%x: i32, %lo: i32, %hi: i32) -> i32 "None" {
    %0 = spirv.SLessThan %x, %lo : i32
    %1 = spirv.Select %0, %lo, %x : i1, i32
    %2 = spirv.SLessThan %hi, %1 : i32
    %3 = spirv.Select %2, %hi, %1 : i1, i32
    spirv.ReturnValue %3 : i32
  }
  // The length of a scalar is its absolute value; a vector's stays.
  // CHECK-LABEL: @length
  // CHECK-NEXT: %[[A:.*]] = spirv.GL.FAbs %arg0 : f32
  // CHECK-NEXT: %[[L:.*]] = spirv.GL.Length %arg1 : vector<3xf32> -> f32
  // CHECK-NEXT: spirv.FAdd %[[A]], %[[L]]
  spirv.func @length(%s: f32, %v: vector<3xf32>) -> f32 "None" {
    %0 = spirv.GL.Length %s : f32 -> f32
    %1 = spirv.GL.Length %v : vector<3xf32> -> f32
    %2 = spirv.FAdd %0, %1 : f32
    spirv.ReturnValue %2 : f32
  }
  // Mismatched operands are not a clamp.
  // CHECK-LABEL: @not_clamp
  // CHECK-NOT: Clamp
  spirv.func @not_clamp(%x: i32, %lo: i32, %hi: i32) -> i32 "None" {
    %0 = spirv.ULessThan %x, %lo : i32
    %1 = spirv.Select %0, %lo, %x : i1, i32
    %2 = spirv.ULessThan %hi, %1 : i32
    %3 = spirv.Select %2, %1, %hi : i1, i32
    spirv.ReturnValue %3 : i32
  }
}
