// RUN: kiln opt %s --split-input-file | FileCheck %s
// RUN: kiln opt %s --split-input-file --spirv-update-vce | FileCheck %s --check-prefix=VCE

// SPV_NV_cooperative_matrix: the type (MLIR 16's !spirv.coopmatrix
// without a use reads as it too), its four ops and the arithmetic allowed
// on it.
// VCE: requires #spirv.vce<v1.0, [CooperativeMatrixNV, Matrix, Shader, Float16], [SPV_NV_cooperative_matrix, SPV_KHR_storage_buffer_storage_class]>
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, CooperativeMatrixNV], [SPV_KHR_storage_buffer_storage_class, SPV_NV_cooperative_matrix]>, #spirv.resource_limits<>>} {
spirv.module Logical GLSL450 {
  // CHECK-LABEL: spirv.func @nv
  spirv.func @nv(%p: !spirv.ptr<f32, StorageBuffer>, %stride: i32, %col: i1, %h: f16) "None" {
    // CHECK: %[[A:.*]] = spirv.NV.CooperativeMatrixLoad %arg0, %arg1, %arg2 : !spirv.ptr<f32, StorageBuffer> as !spirv.NV.coopmatrix<8x16xf32, Subgroup>
    %a = spirv.NV.CooperativeMatrixLoad %p, %stride, %col : !spirv.ptr<f32, StorageBuffer> as !spirv.coopmatrix<8x16xf32, Subgroup>
    %b = spirv.NV.CooperativeMatrixLoad %p, %stride, %col : !spirv.ptr<f32, StorageBuffer> as !spirv.NV.coopmatrix<16x8xf32, Subgroup>
    %c = spirv.NV.CooperativeMatrixLoad %p, %stride, %col : !spirv.ptr<f32, StorageBuffer> as !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    // CHECK: %[[R:.*]] = spirv.NV.CooperativeMatrixMulAdd %[[A]], %{{.*}}, %{{.*}} : !spirv.NV.coopmatrix<8x16xf32, Subgroup>, !spirv.NV.coopmatrix<16x8xf32, Subgroup> -> !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    %r = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<8x16xf32, Subgroup>, !spirv.NV.coopmatrix<16x8xf32, Subgroup> -> !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    // CHECK: %[[S:.*]] = spirv.FSub %[[R]], %{{.*}} : !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    %s = spirv.FSub %r, %c : !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    // CHECK: spirv.NV.CooperativeMatrixStore %arg0, %[[S]], %arg1, %arg2 : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    spirv.NV.CooperativeMatrixStore %p, %s, %stride, %col : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.coopmatrix<8x8xf32, Subgroup>
    // CHECK: spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    %n = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    // CHECK: spirv.CompositeConstruct %arg3 : (f16) -> !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    %k = spirv.CompositeConstruct %h : (f16) -> !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    // CHECK: spirv.FNegate %{{.*}} : !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    %m = spirv.FNegate %k : !spirv.NV.coopmatrix<8x8xf16, Subgroup>
    spirv.Return
  }
}
}
