// RUN: kiln opt %s --allow-unregistered-dialect --scf-for-loop-specialization --scf-parallel-loop-specialization | FileCheck %s

// The smallest constant of the affine.min is the bound of the copy; a
// bound that is not an affine.min with a constant leaves the loop alone.
// CHECK-LABEL: func.func @specialize(
// CHECK:         %[[M:.*]] = affine.min
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[EQ:.*]] = arith.cmpi eq, %[[M]], %[[C4]] : index
// CHECK-NEXT:    scf.if %[[EQ]] {
// CHECK-NEXT:      scf.for %{{.*}} = %arg0 to %[[C4]] step %arg1 {
// CHECK-NEXT:        "test.use"(%[[C4]])
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %arg0 to %[[M]] step %arg1 {
// CHECK-NEXT:        "test.use"(%[[M]])
// CHECK:         %[[N:.*]] = affine.min #{{.*}}()[%arg2, %arg3]
// CHECK-NEXT:    scf.for %{{.*}} = %arg0 to %[[N]] step %arg1 {
// CHECK:         scf.parallel (%{{.*}}) = (%arg0) to (%arg2) step (%arg1) {
// CHECK-NOT:     scf.if
func.func @specialize(%lb: index, %st: index, %x: index, %y: index) {
  %m = affine.min affine_map<()[s0] -> (16, s0, 4)>()[%x]
  scf.for %i = %lb to %m step %st {
    "test.use"(%m) : (index) -> ()
  }
  %n = affine.min affine_map<()[s0, s1] -> (s0, s1)>()[%x, %y]
  scf.for %i = %lb to %n step %st {
    "test.use"(%i) : (index) -> ()
  }
  scf.parallel (%i) = (%lb) to (%x) step (%st) {
    "test.use"(%i) : (index) -> ()
  }
  return
}
