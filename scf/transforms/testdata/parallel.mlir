// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-parallel-for-to-nested-fors))' | FileCheck %s

// An unsigned parallel loop makes unsigned loops; the body keeps its ops.
// CHECK-LABEL: func.func @unsigned(
// CHECK:         scf.for unsigned %[[I:.*]] = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      scf.for unsigned %[[J:.*]] = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:        "test.use"(%[[I]], %[[J]]) : (index, index) -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @unsigned(%lb: index, %ub: index, %st: index) {
  scf.parallel unsigned (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}
