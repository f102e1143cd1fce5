// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-forall-to-parallel))' | FileCheck %s --check-prefix=PAR
// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-forall-to-for))' | FileCheck %s --check-prefix=FOR

// Static bounds and steps become constants, lower bounds first; a mapping
// stays on the scf.parallel.
// PAR-LABEL: func.func @static_bounds(
// PAR-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// PAR-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// PAR-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// PAR-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// PAR-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// PAR-NEXT:    scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[C0]], %[[C2]]) to (%[[C8]], %arg0) step (%[[C4]], %[[C1]]) {
// PAR-NEXT:      "test.use"(%[[I]], %[[J]]) : (index, index) -> ()
// PAR-NEXT:      scf.reduce
// PAR-NEXT:    } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// FOR-LABEL: func.func @static_bounds(
// FOR:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// FOR-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %arg0 step %{{.*}} {
// FOR-NEXT:        "test.use"(%[[I]], %[[J]]) : (index, index) -> ()
// FOR-NEXT:      }
// FOR-NEXT:    }
func.func @static_bounds(%n: index) {
  scf.forall (%i, %j) = (0, 2) to (8, %n) step (4, 1) {
    "test.use"(%i, %j) : (index, index) -> ()
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return
}
