// RUN: kiln opt %s --spirv-webgpu-prepare | FileCheck %s

spirv.module Logical GLSL450 {
  // CHECK-LABEL: @nonfinite
  // CHECK: %[[F:.*]] = spirv.Constant dense<false> : vector<2xi1>
  // CHECK-NEXT: spirv.ReturnValue %[[F]]
  spirv.func @nonfinite(%a: vector<2xf32>) -> vector<2xi1> "None" {
    %0 = spirv.IsNan %a : vector<2xf32>
    spirv.ReturnValue %0 : vector<2xi1>
  }
  // CHECK-LABEL: @carry
  // CHECK: %[[S:.*]] = spirv.IAdd %arg0, %arg1 : i32
  // CHECK: %[[LT:.*]] = spirv.ULessThan %[[S]], %arg0 : i32
  // CHECK: %[[C:.*]] = spirv.Select %[[LT]]
  // CHECK: spirv.CompositeConstruct %[[S]], %[[C]]
  spirv.func @carry(%a: i32, %b: i32) -> !spirv.struct<(i32, i32)> "None" {
    %0 = spirv.IAddCarry %a, %b : !spirv.struct<(i32, i32)>
    spirv.ReturnValue %0 : !spirv.struct<(i32, i32)>
  }
  // Only 32-bit multiplications are expanded.
  // CHECK-LABEL: @wide
  // CHECK: spirv.UMulExtended
  spirv.func @wide(%a: i64, %b: i64) -> !spirv.struct<(i64, i64)> "None" {
    %0 = spirv.UMulExtended %a, %b : !spirv.struct<(i64, i64)>
    spirv.ReturnValue %0 : !spirv.struct<(i64, i64)>
  }
}
