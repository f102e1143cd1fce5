// RUN: kiln opt %s --split-input-file --convert-arith-to-spirv | FileCheck %s

// nsw and nuw become the NoSignedWrap and NoUnsignedWrap decorations (as
// unit attributes) where the target allows them: SPIR-V 1.4 or
// SPV_KHR_no_integer_wrap_decoration.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_no_integer_wrap_decoration]>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @flags
  // CHECK: spirv.IAdd %{{.*}}, %{{.*}} {no_signed_wrap} : i32
  // CHECK: spirv.ISub %{{.*}}, %{{.*}} {no_unsigned_wrap} : i32
  // CHECK: spirv.IMul %{{.*}}, %{{.*}} {no_signed_wrap, no_unsigned_wrap} : i32
  // CHECK: spirv.ShiftLeftLogical %{{.*}}, %{{.*}} {no_signed_wrap} : i32, i32
  // CHECK: spirv.IAdd %{{.*}}, %{{.*}} : i32
  func.func @flags(%a: i32, %b: i32) {
    %0 = arith.addi %a, %b overflow<nsw> : i32
    %1 = arith.subi %a, %b overflow<nuw> : i32
    %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
    %3 = arith.shli %a, %b overflow<nsw> : i32
    %4 = arith.addi %a, %b : i32
    return
  }
}

// -----

// CHECK-LABEL: func.func @v14
// CHECK: spirv.IAdd %{{.*}}, %{{.*}} {no_unsigned_wrap} : i32
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @v14(%a: i32, %b: i32) -> i32 {
    %0 = arith.addi %a, %b overflow<nuw> : i32
    return %0 : i32
  }
}

// -----

// CHECK-LABEL: func.func @not_allowed
// CHECK: spirv.IAdd %{{.*}}, %{{.*}} : i32
// CHECK-NOT: wrap
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @not_allowed(%a: i32, %b: i32) -> i32 {
    %0 = arith.addi %a, %b overflow<nsw, nuw> : i32
    return %0 : i32
  }
}
