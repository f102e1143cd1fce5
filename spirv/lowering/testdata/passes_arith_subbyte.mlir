// RUN: kiln opt %s --convert-arith-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-func-to-spirv | FileCheck %s --check-prefix=FUNC

// i2 and i4 values have no SPIR-V type: they are computed in 32 bits,
// kept sign-extended like emulated i8 and i16 (MLIR converts them too, but
// truncates by masking, which leaves a negative i4 positive to cmpi).
// Functions that take or return one stay unconverted, as in MLIR.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @nibbles
  // CHECK: %[[C28:.*]] = spirv.Constant 28 : i32
  // CHECK: %[[L:.*]] = spirv.ShiftLeftLogical %arg0, %[[C28]] : i32, i32
  // CHECK: %[[T:.*]] = spirv.ShiftRightArithmetic %[[L]], %[[C28]] : i32, i32
  // CHECK: %[[S:.*]] = spirv.IAdd %[[T]], %[[T]] : i32
  // CHECK: %[[L2:.*]] = spirv.ShiftLeftLogical %[[S]], %{{.*}} : i32, i32
  // CHECK: %[[N:.*]] = spirv.ShiftRightArithmetic %[[L2]], %{{.*}} : i32, i32
  // CHECK: %[[M:.*]] = spirv.Constant 15 : i32
  // CHECK: %[[U:.*]] = spirv.BitwiseAnd %[[N]], %[[M]] : i32
  // CHECK: spirv.SLessThan %[[N]], %{{.*}} : i32
  // CHECK: return %[[N]], %[[U]]
  func.func @nibbles(%a: i32) -> (i32, i32, i1) {
    %t = arith.trunci %a : i32 to i4
    %s = arith.addi %t, %t : i4
    %x = arith.extsi %s : i4 to i32
    %u = arith.extui %s : i4 to i32
    %z = arith.constant 0 : i4
    %neg = arith.cmpi slt, %s, %z : i4
    return %x, %u, %neg : i32, i32, i1
  }
  // CHECK-LABEL: func.func @inside
  // FUNC-LABEL: spirv.func @inside
  func.func @inside(%a: i32) -> i32 {
    %t = arith.trunci %a : i32 to i4
    %x = arith.extsi %t : i4 to i32
    return %x : i32
  }
  // FUNC-LABEL: func.func @takes_i4
  // FUNC-SAME: i4
  func.func @takes_i4(%a: i4) -> i4 {
    return %a : i4
  }
}
