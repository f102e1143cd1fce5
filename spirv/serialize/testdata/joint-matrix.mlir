// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s

// SPV_INTEL_joint_matrix, with the numbers MLIR gives it: the type's rows,
// columns, layout and scope and the ops' layout are i32 constants in the
// binary, type parameters and attributes in the dialect. The older
// SPIRV_INTEL_joint_matrix spelling of the extension reads as the current
// one.

// CHECK: requires #spirv.vce<v1.0, [JointMatrixINTEL, Linkage], [SPV_INTEL_joint_matrix]>
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [JointMatrixINTEL, Linkage], [SPIRV_INTEL_joint_matrix]> {
  // CHECK-LABEL: spirv.func @joint
  spirv.func @joint(%p: !spirv.ptr<i32, CrossWorkgroup>, %s: i32,
                    %b: !spirv.jointmatrix<16x8xi32, PackedB, Subgroup>,
                    %c: !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>) -> i32 "None" {
    // CHECK-NEXT: %[[N:.*]] = spirv.INTEL.JointMatrixWorkItemLength : !spirv.jointmatrix<8x16xi32, PackedA, Workgroup>
    %n = spirv.INTEL.JointMatrixWorkItemLength : !spirv.jointmatrix<8x16xi32, PackedA, Workgroup>
    // CHECK-NEXT: %[[A:.*]] = spirv.INTEL.JointMatrixLoad <Subgroup> <ColumnMajor> %{{.*}}, %{{.*}} {alignment = 16 : i32, memory_access = #spirv.memory_access<Aligned>} : (!spirv.ptr<i32, CrossWorkgroup>, i32) -> !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>
    %a = spirv.INTEL.JointMatrixLoad <Subgroup> <ColumnMajor> %p, %s {alignment = 16 : i32, memory_access = #spirv.memory_access<Aligned>} : (!spirv.ptr<i32, CrossWorkgroup>, i32) -> !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>
    // CHECK-NEXT: %[[R:.*]] = spirv.INTEL.JointMatrixMad <Subgroup> %[[A]], %{{.*}}, %{{.*}} : !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>, !spirv.jointmatrix<16x8xi32, PackedB, Subgroup> -> !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>
    %r = spirv.INTEL.JointMatrixMad <Subgroup> %a, %b, %c : !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>, !spirv.jointmatrix<16x8xi32, PackedB, Subgroup> -> !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>
    // CHECK-NEXT: spirv.INTEL.JointMatrixStore <Workgroup> <PackedB> %{{.*}}, %[[R]], %{{.*}} : (!spirv.ptr<i32, CrossWorkgroup>, !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>, i32)
    spirv.INTEL.JointMatrixStore <Workgroup> <PackedB> %p, %r, %s : (!spirv.ptr<i32, CrossWorkgroup>, !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>, i32)
    // CHECK-NEXT: spirv.ReturnValue %[[N]] : i32
    spirv.ReturnValue %n : i32
  }
}
