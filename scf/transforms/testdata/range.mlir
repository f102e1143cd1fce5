// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-for-loop-range-folding))' | FileCheck %s

// A chain of adds and products of the induction variable moves into the
// range; the chain stops at an op with an operand defined in the loop, or
// at an induction variable with two uses.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[A:.*]]: index)
// CHECK:         %[[L0:.*]] = arith.muli %[[LB]], %[[A]] : index
// CHECK-NEXT:    %[[U0:.*]] = arith.muli %[[UB]], %[[A]] : index
// CHECK-NEXT:    %[[S0:.*]] = arith.muli %[[ST]], %[[A]] : index
// CHECK-NEXT:    %[[L1:.*]] = arith.addi %[[L0]], %[[A]] : index
// CHECK-NEXT:    %[[U1:.*]] = arith.addi %[[U0]], %[[A]] : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[L1]] to %[[U1]] step %[[S0]] {
// CHECK-NEXT:      %[[X:.*]] = "test.value"() : () -> index
// CHECK-NEXT:      %[[Y:.*]] = arith.addi %[[I]], %[[X]] : index
// CHECK-NEXT:      "test.use"(%[[Y]]) : (index) -> ()
// CHECK-NEXT:    }
// CHECK:         scf.for %[[J:.*]] = %[[LB]] to %[[UB]] step %[[ST]] {
// CHECK-NEXT:      arith.addi %[[J]], %[[A]] : index
// CHECK-NEXT:      "test.use"(%[[J]]
func.func @chain(%lb: index, %ub: index, %st: index, %a: index) {
  scf.for %i = %lb to %ub step %st {
    %0 = arith.muli %i, %a : index
    %1 = arith.addi %0, %a : index
    %x = "test.value"() : () -> index
    %2 = arith.addi %1, %x : index
    "test.use"(%2) : (index) -> ()
  }
  scf.for %j = %lb to %ub step %st {
    %0 = arith.addi %j, %a : index
    "test.use"(%j, %0) : (index, index) -> ()
  }
  return
}
