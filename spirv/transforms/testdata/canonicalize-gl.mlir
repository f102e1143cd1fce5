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
    %2 = spirv.SLessThan %hi, %1 : i32
    %3 = spirv.Select %2, %hi, %1 : i1, i32
    spirv.ReturnValue %3 : i32
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
