// RUN: kiln opt %s --loop-invariant-code-motion | FileCheck %s

// A broadcast from a given lane is speculatable and leaves the loop; one
// from the first active lane is not (which lane is first depends on the
// control flow around it), so it stays, as in MLIR.
func.func private @use(%a: i32, %b: i32)

// CHECK-LABEL: func.func @hoist_given_lane
// CHECK-SAME:  (%[[V:.*]]: i32, %[[L:.*]]: i32, %[[N:.*]]: index)
// CHECK:       %[[G:.*]] = gpu.subgroup_broadcast %[[V]], specific_lane %[[L]] : i32
// CHECK:       scf.for
// CHECK-NEXT:    %[[F:.*]] = gpu.subgroup_broadcast %[[V]], first_active_lane : i32
// CHECK-NEXT:    func.call @use(%[[F]], %[[G]])
func.func @hoist_given_lane(%v: i32, %lane: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %f = gpu.subgroup_broadcast %v, first_active_lane : i32
    %g = gpu.subgroup_broadcast %v, specific_lane %lane : i32
    func.call @use(%f, %g) : (i32, i32) -> ()
  }
  return
}
