// RUN: kiln opt %s --split-input-file --lower-vector-to-from-elements-to-shuffle-tree | FileCheck %s

// A from_elements that only forwards one to_elements in order is left
// alone (the folds then return the source).
// CHECK-LABEL: func.func @forwarding(
// CHECK-SAME:    %[[A:.*]]: vector<4xf32>)
// CHECK-NOT:     vector.shuffle
// CHECK:         return %[[A]]
func.func @forwarding(%a: vector<4xf32>) -> vector<4xf32> {
  %0:4 = vector.to_elements %a : vector<4xf32>
  %1 = vector.from_elements %0#0, %0#1, %0#2, %0#3 : vector<4xf32>
  return %1 : vector<4xf32>
}

// -----

// n-d sources, n-d results and elements not from to_elements are left.
// CHECK-LABEL: func.func @unsupported(
// CHECK-NOT:     vector.shuffle
// CHECK-COUNT-3: vector.from_elements
func.func @unsupported(%a: vector<2x2xf32>, %b: vector<4xf32>, %s: f32) -> (vector<2xf32>, vector<2x2xf32>, vector<2xf32>) {
  %0:4 = vector.to_elements %a : vector<2x2xf32>
  %1:4 = vector.to_elements %b : vector<4xf32>
  %2 = vector.from_elements %0#3, %0#0 : vector<2xf32>
  %3 = vector.from_elements %1#3, %1#2, %1#1, %1#0 : vector<2x2xf32>
  %4 = vector.from_elements %1#3, %s : vector<2xf32>
  return %2, %3, %4 : vector<2xf32>, vector<2x2xf32>, vector<2xf32>
}

// -----

// One source permuted: one shuffle of it with itself.
// CHECK-LABEL: func.func @reverse(
// CHECK-SAME:    %[[A:.*]]: vector<4xi32>)
// CHECK:         %[[S:.*]] = vector.shuffle %[[A]], %[[A]] [3, 2, 1, 0] : vector<4xi32>, vector<4xi32>
// CHECK:         return %[[S]]
func.func @reverse(%a: vector<4xi32>) -> vector<4xi32> {
  %0:4 = vector.to_elements %a : vector<4xi32>
  %1 = vector.from_elements %0#3, %0#2, %0#1, %0#0 : vector<4xi32>
  return %1 : vector<4xi32>
}

// -----

// Three sources: the first two (in order of first use) are shuffled
// together, the third with itself, each into the width of its level's
// widest interval (8), unused lanes poison; the last level propagates the
// lanes into the 9-element result.
// CHECK-LABEL: func.func @three_sources(
// CHECK-SAME:    %[[A:.*]]: vector<5xf32>, %[[B:.*]]: vector<5xf32>, %[[C:.*]]: vector<5xf32>)
// CHECK:         %[[S0:.*]] = vector.shuffle %[[C]], %[[B]] [2, 6, -1, -1, 7, 2, 0, 6] : vector<5xf32>, vector<5xf32>
// CHECK:         %[[S1:.*]] = vector.shuffle %[[A]], %[[A]] [1, 1, -1, -1, -1, -1, 4, -1] : vector<5xf32>, vector<5xf32>
// CHECK:         %[[R:.*]] = vector.shuffle %[[S0]], %[[S1]] [0, 1, 8, 9, 4, 5, 6, 7, 14] : vector<8xf32>, vector<8xf32>
// CHECK:         return %[[R]] : vector<9xf32>
func.func @three_sources(%a: vector<5xf32>, %b: vector<5xf32>, %c: vector<5xf32>) -> vector<9xf32> {
  %0:5 = vector.to_elements %a : vector<5xf32>
  %1:5 = vector.to_elements %b : vector<5xf32>
  %2:5 = vector.to_elements %c : vector<5xf32>
  %3 = vector.from_elements %2#2, %1#1, %0#1, %0#1, %1#2, %2#2, %2#0, %1#1, %0#4 : vector<9xf32>
  return %3 : vector<9xf32>
}

// -----

// Five sources: three levels of shuffles, the odd vector of each level
// shuffled with itself.
// CHECK-LABEL: func.func @concat5(
// CHECK-SAME:    %[[A:.*]]: vector<2xi8>, %[[B:.*]]: vector<2xi8>, %[[C:.*]]: vector<2xi8>, %[[D:.*]]: vector<2xi8>, %[[E:.*]]: vector<2xi8>)
// CHECK:         %[[L0S0:.*]] = vector.shuffle %[[A]], %[[B]] [0, 1, 2, 3] : vector<2xi8>, vector<2xi8>
// CHECK:         %[[L0S1:.*]] = vector.shuffle %[[C]], %[[D]] [0, 1, 2, 3] : vector<2xi8>, vector<2xi8>
// CHECK:         %[[L0S2:.*]] = vector.shuffle %[[E]], %[[E]] [0, 1, -1, -1] : vector<2xi8>, vector<2xi8>
// CHECK:         %[[L1S0:.*]] = vector.shuffle %[[L0S0]], %[[L0S1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xi8>, vector<4xi8>
// CHECK:         %[[L1S1:.*]] = vector.shuffle %[[L0S2]], %[[L0S2]] [0, 1, -1, -1, -1, -1, -1, -1] : vector<4xi8>, vector<4xi8>
// CHECK:         %[[R:.*]] = vector.shuffle %[[L1S0]], %[[L1S1]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : vector<8xi8>, vector<8xi8>
// CHECK:         return %[[R]] : vector<10xi8>
func.func @concat5(%a: vector<2xi8>, %b: vector<2xi8>, %c: vector<2xi8>, %d: vector<2xi8>, %e: vector<2xi8>) -> vector<10xi8> {
  %0:2 = vector.to_elements %a : vector<2xi8>
  %1:2 = vector.to_elements %b : vector<2xi8>
  %2:2 = vector.to_elements %c : vector<2xi8>
  %3:2 = vector.to_elements %d : vector<2xi8>
  %4:2 = vector.to_elements %e : vector<2xi8>
  %5 = vector.from_elements %0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %3#0, %3#1, %4#0, %4#1 : vector<10xi8>
  return %5 : vector<10xi8>
}
