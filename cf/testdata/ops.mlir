// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: @assert
// CHECK: cf.assert %arg0, "Some message in case this assertion fails."
func.func @assert(%arg : i1) {
  cf.assert %arg, "Some message in case this assertion fails."
  return
}

// CHECK-LABEL: func @branches(
// CHECK: cf.br ^bb1(%arg0 : i32)
// CHECK: cf.cond_br %arg1, ^bb2, ^bb3(%0 : i32)
func.func @branches(%a : i32, %c : i1) {
  cf.br ^bb1(%a : i32)
^bb1(%x : i32):
  cf.cond_br %c, ^bb2, ^bb3(%x : i32)
^bb2:
  return
^bb3(%y : i32):
  return
}

// CHECK-LABEL: func @switch(
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb1(%arg1 : i32),
// CHECK-NEXT:   42: ^bb2(%arg1 : i32),
// CHECK-NEXT:   43: ^bb3(%arg1 : i32),
// CHECK-NEXT:   -1: ^bb4(%arg1 : i32)
// CHECK-NEXT: ]
func.func @switch(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    42: ^bb2(%caseOperand : i32),
    43: ^bb3(%caseOperand : i32),
    -1: ^bb4(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
^bb3(%bb3arg : i32):
  return
^bb4(%bb4arg : i32):
  return
}

// CHECK-LABEL: func @switch_i8_unsigned_boundaries(
// CHECK: -128:
// CHECK: -1:
func.func @switch_i8_unsigned_boundaries(%flag : i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    128: ^bb1,
    255: ^bb1
  ]
^bb1:
  return
}

// CHECK-LABEL: func @switch_i64_unsigned_boundary(
// CHECK: -1:
func.func @switch_i64_unsigned_boundary(%flag : i64) {
  cf.switch %flag : i64, [
    default: ^bb1,
    18446744073709551615: ^bb1
  ]
^bb1:
  return
}

// CHECK-LABEL: func @switch_result_number
// CHECK: 0: ^bb1(%0#0 : i32)
func.func @switch_result_number(%arg0: i32) {
  %0:2 = "test.op_with_two_results"() : () -> (i32, i32)
  cf.switch %arg0 : i32, [
    default: ^bb2,
    0: ^bb1(%0#0 : i32)
  ]
^bb1(%1: i32):
  return
^bb2:
  return
}

// CHECK-LABEL: func @cond_weights
// CHECK: cf.cond_br %{{.*}} weights([60, 40]), ^{{.*}}, ^{{.*}}
func.func @cond_weights(%cond: i1) {
  cf.cond_br %cond weights([60, 40]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// Case values wider than 64 bits keep every bit; an unsigned literal with
// the sign bit set prints as its signed value.
// CHECK-LABEL: func @switch_i128_boundaries(
// CHECK: 18446744073709551617: ^
// CHECK-NEXT: -170141183460469231731687303715884105728: ^
// CHECK-NEXT: -1: ^
func.func @switch_i128_boundaries(%flag : i128) {
  cf.switch %flag : i128, [
    default: ^bb1,
    18446744073709551617: ^bb1,
    -170141183460469231731687303715884105728: ^bb1,
    340282366920938463463374607431768211455: ^bb1
  ]
^bb1:
  return
}
