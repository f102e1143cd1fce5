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

// -----

// On vectors of index the arith ops work element by element: the static
// strides are splat constants and a dynamic basis value is broadcast.
// CHECK-LABEL: func.func @expand_vector
// CHECK-SAME:    (%[[V:.*]]: vector<4xindex>, %[[W:.*]]: vector<4xindex>, %[[N:.*]]: index)
// CHECK-DAG:     %[[C8:.*]] = arith.constant dense<8> : vector<4xindex>
// CHECK-DAG:     %[[C0:.*]] = arith.constant dense<0> : vector<4xindex>
// CHECK:         %[[Q:.*]] = arith.floordivsi %[[V]], %[[C8]] : vector<4xindex>
// CHECK:         %[[R:.*]] = arith.remsi %[[V]], %[[C8]] : vector<4xindex>
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[R]], %[[C0]] : vector<4xindex>
// CHECK:         %[[LAST:.*]] = arith.select %[[NEG]], %{{.*}}, %[[R]] : vector<4xi1>, vector<4xindex>
// CHECK:         %[[B:.*]] = vector.broadcast %[[N]] : index to vector<4xindex>
// CHECK:         %[[T:.*]] = arith.muli %[[V]], %[[B]] overflow<nsw> : vector<4xindex>
// CHECK-NEXT:    %[[L:.*]] = arith.addi %[[T]], %[[W]] overflow<nsw> : vector<4xindex>
// CHECK-NEXT:    return %[[Q]], %[[LAST]], %[[L]]
func.func @expand_vector(%v: vector<4xindex>, %w: vector<4xindex>, %n: index) -> (vector<4xindex>, vector<4xindex>, vector<4xindex>) {
  %d:2 = affine.delinearize_index %v into (8) : vector<4xindex>, vector<4xindex>
  %l = affine.linearize_index [%v, %w] by (4, %n) : vector<4xindex>
  return %d#0, %d#1, %l : vector<4xindex>, vector<4xindex>, vector<4xindex>
}
