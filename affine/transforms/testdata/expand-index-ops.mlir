// RUN: kiln opt --affine-expand-index-ops --split-input-file %s | FileCheck %s

// The index ops become the arith ops lower-affine makes of them; the
// greedy driver folds and shares the constants and erases the dead ones.
// CHECK-LABEL: func.func @expand
// CHECK-SAME:    (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[Q:.*]] = arith.floordivsi %[[I]], %[[C12]] : index
// CHECK:         %[[MID:.*]] = arith.divsi %{{.*}}, %[[C4]] : index
// CHECK:         %[[LAST:.*]] = arith.select
// CHECK:         %[[T:.*]] = arith.muli %[[J]], %[[C4]] overflow<nsw> : index
// CHECK-NEXT:    %[[L:.*]] = arith.addi %[[T]], %[[I]] overflow<nsw> : index
// CHECK-NEXT:    return %[[Q]], %[[MID]], %[[LAST]], %[[L]]
// CHECK-NOT:     affine.
func.func @expand(%i: index, %j: index) -> (index, index, index, index) {
  %d:3 = affine.delinearize_index %i into (3, 4) : index, index, index
  %l = affine.linearize_index disjoint [%j, %i] by (8, 4) : index
  return %d#0, %d#1, %d#2, %l : index, index, index, index
}
