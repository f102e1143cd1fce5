// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s

// SPV_KHR_cooperative_matrix: the type's scope, size and use and the
// layout are i32 constants in the binary, attributes and type parameters
// in the dialect. (Debian 12's spirv-val predates the extension.)

spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader, Int8, Int64, Linkage, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  // CHECK-LABEL: spirv.func @coop
  spirv.func @coop(%p: !spirv.ptr<i8, StorageBuffer>, %q: !spirv.ptr<i32, Workgroup>, %s: i64,
                   %b: !spirv.coopmatrix<16x8xi8, Subgroup, MatrixB>, %c: !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>) -> i32 "None" {
    // CHECK-NEXT: %[[N:.*]] = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>
    %n = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>
    // CHECK-NEXT: %[[A:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <ColumnMajor>, <Volatile> : !spirv.ptr<i8, StorageBuffer>, i64 -> !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>
    %a = spirv.KHR.CooperativeMatrixLoad %p, %s, <ColumnMajor>, <Volatile> : !spirv.ptr<i8, StorageBuffer>, i64 -> !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>
    // CHECK-NEXT: %[[R:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[A]], %{{.*}}, %{{.*}}, <ASigned|BSigned> : !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>, !spirv.coopmatrix<16x8xi8, Subgroup, MatrixB> -> !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>
    %r = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c, <ASigned|BSigned> : !spirv.coopmatrix<8x16xi8, Subgroup, MatrixA>, !spirv.coopmatrix<16x8xi8, Subgroup, MatrixB> -> !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>
    // CHECK-NEXT: spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[R]], %{{.*}}, <RowMajor> : !spirv.ptr<i32, Workgroup>, !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>, i64
    spirv.KHR.CooperativeMatrixStore %q, %r, %s, <RowMajor> : !spirv.ptr<i32, Workgroup>, !spirv.coopmatrix<8x8xi32, Subgroup, MatrixAcc>, i64
    // CHECK-NEXT: spirv.ReturnValue %[[N]] : i32
    spirv.ReturnValue %n : i32
  }
}

// -----

// A cooperative matrix constant is one value for every element: a splat
// dense attribute, OpConstantComposite with one constituent.
spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Linkage, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  // CHECK-LABEL: spirv.func @coop_const
  spirv.func @coop_const() -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> "None" {
    // CHECK-NEXT: %{{.*}} = spirv.Constant dense<4.200000e+00> : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %c = spirv.Constant dense<4.2> : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    spirv.ReturnValue %c : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
  }
}
