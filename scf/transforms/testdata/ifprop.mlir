// RUN: kiln opt %s --allow-unregistered-dialect --scf-if-condition-propagation | FileCheck %s

// Uses of the condition in the then region, at any depth, become true and
// in the else region false; other uses stay, and a constant nothing needs
// is not made.
// CHECK-LABEL: func.func @propagate(
// CHECK-SAME:    %[[C:.*]]: i1)
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      "test.use"(%[[T]]) : (i1) -> ()
// CHECK-NEXT:      scf.execute_region {
// CHECK-NEXT:        "test.use"(%[[T]]) : (i1) -> ()
// CHECK:         } else {
// CHECK-NEXT:      "test.other"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.use"(%[[C]]) : (i1) -> ()
func.func @propagate(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
    scf.execute_region {
      "test.use"(%c) : (i1) -> ()
      scf.yield
    }
  } else {
    "test.other"() : () -> ()
  }
  "test.use"(%c) : (i1) -> ()
  return
}
