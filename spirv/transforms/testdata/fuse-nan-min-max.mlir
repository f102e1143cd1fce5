// spirv-fuse-nan-min-max (Kiln only): GL FMax/FMin with the two IsNan
// selects that give arith.maxnumf/minnumf's "the other operand for a NaN"
// become GL NMax/NMin, which is defined so; the result serializes and
// passes spirv-val.
// RUN: kiln opt %s --spirv-fuse-nan-min-max | FileCheck %s
// RUN: kiln opt %s --spirv-fuse-nan-min-max | kiln translate --serialize-spirv - -o %t.spv
// RUN: spirv-val %t.spv

// convert-to-spirv's form of maxnumf and minnumf, on scalars and vectors;
// an IsNan that another select still uses stays.
// CHECK-LABEL: spirv.func @numf
// CHECK-NEXT:  %[[NB:.*]] = spirv.IsNan %arg1 : f32
// CHECK-NEXT:  %[[MAX:.*]] = spirv.GL.NMax %arg0, %arg1 : f32
// CHECK-NEXT:  %[[MIN:.*]] = spirv.GL.NMin %[[MAX]], %arg1 : f32
// CHECK-NEXT:  %[[V:.*]] = spirv.GL.NMin %arg2, %arg3 : vector<4xf32>
// CHECK-NEXT:  %[[U:.*]] = spirv.Select %[[NB]], %arg0, %[[MIN]] : i1, f32
// CHECK-NEXT:  spirv.ReturnValue %[[U]] : f32
// CHECK-NOT:   spirv.IsNan
// CHECK-NOT:   spirv.GL.F

// MLIR's ArithToSPIRV order (the select testing the left operand inside),
// and the min/max's operands swapped.
// CHECK-LABEL: spirv.func @mlir_order
// CHECK-NEXT:  %[[R:.*]] = spirv.GL.NMax %arg1, %arg0 : vector<2xf32>
// CHECK-NEXT:  spirv.ReturnValue %[[R]] : vector<2xf32>

// maximumf propagates NaN (the selects pick the NaN operand): it stays.
// CHECK-LABEL: spirv.func @maximumf
// CHECK:       spirv.GL.FMax %arg0, %arg1 : f32
// CHECK-COUNT-2: spirv.IsNan
// CHECK-NOT:   spirv.GL.NMax

// The min/max or the inner select used elsewhere, a select testing a
// value the min/max does not take, both selects testing one operand:
// nothing fuses.
// CHECK-LABEL: spirv.func @kept
// CHECK-NOT:   spirv.GL.NM
// CHECK-COUNT-4: spirv.GL.FMax
// CHECK-NOT:   spirv.GL.NM
// CHECK:       spirv.ReturnValue
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @numf(%arg0: f32, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<4xf32>) -> f32 "None" {
    %0 = spirv.GL.FMax %arg0, %arg1 : f32
    %1 = spirv.IsNan %arg0 : f32
    %2 = spirv.IsNan %arg1 : f32
    %3 = spirv.Select %2, %arg0, %0 : i1, f32
    %4 = spirv.Select %1, %arg1, %3 : i1, f32
    %5 = spirv.GL.FMin %4, %arg1 : f32
    %6 = spirv.IsNan %4 : f32
    %7 = spirv.Select %2, %4, %5 : i1, f32
    %8 = spirv.Select %6, %arg1, %7 : i1, f32
    %10 = spirv.GL.FMin %arg2, %arg3 : vector<4xf32>
    %11 = spirv.IsNan %arg2 : vector<4xf32>
    %12 = spirv.IsNan %arg3 : vector<4xf32>
    %13 = spirv.Select %12, %arg2, %10 : vector<4xi1>, vector<4xf32>
    %14 = spirv.Select %11, %arg3, %13 : vector<4xi1>, vector<4xf32>
    %15 = spirv.Select %2, %arg0, %8 : i1, f32
    spirv.ReturnValue %15 : f32
  }
  spirv.func @mlir_order(%arg0: vector<2xf32>, %arg1: vector<2xf32>) -> vector<2xf32> "None" {
    %0 = spirv.GL.FMax %arg1, %arg0 : vector<2xf32>
    %1 = spirv.IsNan %arg0 : vector<2xf32>
    %2 = spirv.IsNan %arg1 : vector<2xf32>
    %3 = spirv.Select %1, %arg1, %0 : vector<2xi1>, vector<2xf32>
    %4 = spirv.Select %2, %arg0, %3 : vector<2xi1>, vector<2xf32>
    spirv.ReturnValue %4 : vector<2xf32>
  }
  spirv.func @maximumf(%arg0: f32, %arg1: f32) -> f32 "None" {
    %0 = spirv.GL.FMax %arg0, %arg1 : f32
    %1 = spirv.IsNan %arg0 : f32
    %2 = spirv.IsNan %arg1 : f32
    %3 = spirv.Select %2, %arg1, %0 : i1, f32
    %4 = spirv.Select %1, %arg0, %3 : i1, f32
    spirv.ReturnValue %4 : f32
  }
  spirv.func @kept(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 "None" {
    %1 = spirv.IsNan %arg0 : f32
    %2 = spirv.IsNan %arg1 : f32
    // The min/max used elsewhere.
    %10 = spirv.GL.FMax %arg0, %arg1 : f32
    %11 = spirv.Select %2, %arg0, %10 : i1, f32
    %12 = spirv.Select %1, %arg1, %11 : i1, f32
    %13 = spirv.FAdd %12, %10 : f32
    // The inner select used elsewhere.
    %20 = spirv.GL.FMax %arg0, %arg1 : f32
    %21 = spirv.Select %2, %arg0, %20 : i1, f32
    %22 = spirv.Select %1, %arg1, %21 : i1, f32
    %23 = spirv.FAdd %22, %21 : f32
    // A select testing a third value.
    %3 = spirv.IsNan %arg2 : f32
    %30 = spirv.GL.FMax %arg0, %arg1 : f32
    %31 = spirv.Select %3, %arg0, %30 : i1, f32
    %32 = spirv.Select %1, %arg1, %31 : i1, f32
    // Both selects testing the left operand.
    %40 = spirv.GL.FMax %arg0, %arg1 : f32
    %41 = spirv.Select %1, %arg1, %40 : i1, f32
    %42 = spirv.Select %1, %arg1, %41 : i1, f32
    %50 = spirv.FAdd %13, %23 : f32
    %51 = spirv.FAdd %32, %42 : f32
    %52 = spirv.FAdd %50, %51 : f32
    spirv.ReturnValue %52 : f32
  }
}
