// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-for-to-while))' | FileCheck %s

// The while carries the induction variable first and compares it as the
// loop did; the loop's attributes move to the while, as in MLIR.
// CHECK-LABEL: func.func @unsigned_i32(
// CHECK-SAME:    %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[ST:.*]]: i32, %[[X:.*]]: f32)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[I:.*]] = %[[LB]], %[[A:.*]] = %[[X]]) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi ult, %[[I]], %[[UB]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[I]], %[[A]] : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:.*]]: i32, %[[A2:.*]]: f32):
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[I2]], %[[ST]] : i32
// CHECK-NEXT:      %[[S:.*]] = "test.step"(%[[I2]], %[[A2]]) : (i32, f32) -> f32
// CHECK-NEXT:      scf.yield %[[N]], %[[S]] : i32, f32
// CHECK-NEXT:    } attributes {test.tag, unsignedCmp}
// CHECK-NEXT:    return %[[R]]#1 : f32
func.func @unsigned_i32(%lb: i32, %ub: i32, %st: i32, %x: f32) -> f32 {
  %r = scf.for unsigned %i = %lb to %ub step %st iter_args(%a = %x) -> (f32) : i32 {
    %s = "test.step"(%i, %a) : (i32, f32) -> f32
    scf.yield %s : f32
  } {test.tag}
  return %r : f32
}
