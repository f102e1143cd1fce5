// RUN: kiln translate --test-spirv-roundtrip --split-input-file %s | FileCheck %s

// Constants of every scalar kind and composite constants.

// CHECK-LABEL: spirv.func @consts
// CHECK-DAG: spirv.Constant -7 : i32
// CHECK-DAG: spirv.Constant 9223372036854775807 : i64
// CHECK-DAG: spirv.Constant 1.500000e+00 : f16
// CHECK-DAG: spirv.Constant 2.500000e-01 : f64
// CHECK-DAG: spirv.Constant true
// CHECK-DAG: spirv.Constant dense<[1, 2, 3]> : vector<3xi32>
// CHECK-DAG: spirv.Constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64, Float16, Float64], []> {
  spirv.func @consts() "None" {
    %a = spirv.Constant -7 : i32
    %b = spirv.Constant 9223372036854775807 : i64
    %c = spirv.Constant 1.5 : f16
    %d = spirv.Constant 0.25 : f64
    %e = spirv.Constant true
    %f = spirv.Constant dense<[1, 2, 3]> : vector<3xi32>
    %g = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %a : i32
    %w = spirv.Variable : !spirv.ptr<i64, Function>
    spirv.Store "Function" %w, %b : i64
    %x = spirv.Variable : !spirv.ptr<f16, Function>
    spirv.Store "Function" %x, %c : f16
    %y = spirv.Variable : !spirv.ptr<f64, Function>
    spirv.Store "Function" %y, %d : f64
    %z = spirv.Variable : !spirv.ptr<i1, Function>
    spirv.Store "Function" %z, %e : i1
    %u = spirv.Variable : !spirv.ptr<vector<3xi32>, Function>
    spirv.Store "Function" %u, %f : vector<3xi32>
    %t = spirv.Variable : !spirv.ptr<vector<2xf32>, Function>
    spirv.Store "Function" %t, %g : vector<2xf32>
    spirv.Return
  }
}

// -----

// An N-D dense value of nested arrays is nested composites, read back as
// nested array attributes; a splat fills every element.
// CHECK-LABEL: spirv.func @nested
// CHECK: spirv.Constant {{\[}}[7 : i32, 7 : i32], [7 : i32, 7 : i32]] : !spirv.array<2 x !spirv.array<2 x i32>>
// CHECK: spirv.Constant {{\[}}[1 : i32, 2 : i32, 3 : i32], [4 : i32, 5 : i32, 6 : i32]] : !spirv.array<2 x !spirv.array<3 x i32>>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @nested() -> !spirv.array<2 x !spirv.array<3 x i32>> "None" {
    %0 = spirv.Constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32> : !spirv.array<2 x !spirv.array<3 x i32>>
    %1 = spirv.Constant dense<7> : tensor<2x2xi32> : !spirv.array<2 x !spirv.array<2 x i32>>
    %v = spirv.Variable : !spirv.ptr<!spirv.array<2 x !spirv.array<2 x i32>>, Function>
    spirv.Store "Function" %v, %1 : !spirv.array<2 x !spirv.array<2 x i32>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<3 x i32>>
  }
}
