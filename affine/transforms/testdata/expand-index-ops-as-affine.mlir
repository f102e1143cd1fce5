// RUN: kiln opt --affine-expand-index-ops-as-affine --split-input-file %s | FileCheck %s

// Each digit is one affine.apply of the linear index: a quotient by the
// product of the inner basis, then remainders divided; the static divisors
// fold into the maps and the dead intermediate remainders go.
// CHECK-DAG: #[[$Q:.*]] = affine_map<()[s0] -> (s0 floordiv 12)>
// CHECK-DAG: #[[$MID:.*]] = affine_map<()[s0] -> ((s0 mod 12) floordiv 4)>
// CHECK-DAG: #[[$LAST:.*]] = affine_map<()[s0] -> (s0 mod 4)>
// CHECK-LABEL: func.func @delinearize
// CHECK-SAME:    (%[[I:.*]]: index)
// CHECK-NEXT:    %[[A:.*]] = affine.apply #[[$Q]]()[%[[I]]]
// CHECK-NEXT:    %[[B:.*]] = affine.apply #[[$MID]]()[%[[I]]]
// CHECK-NEXT:    %[[C:.*]] = affine.apply #[[$LAST]]()[%[[I]]]
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @delinearize(%i: index) -> (index, index, index) {
  %d:3 = affine.delinearize_index %i into (5, 3, 4) : index, index, index
  return %d#0, %d#1, %d#2 : index, index, index
}

// -----

// A dynamic basis gives semi-affine maps; the product of its entries is
// composed into each one.
// CHECK-DAG: #[[$Q:.*]] = affine_map<()[s0, s1] -> (s1 floordiv (s0 * 8))>
// CHECK-DAG: #[[$MID:.*]] = affine_map<()[s0, s1] -> ((s1 mod (s0 * 8)) floordiv 8)>
// CHECK-DAG: #[[$LAST:.*]] = affine_map<()[s0, s1] -> ((s1 mod (s0 * 8)) mod 8)>
// CHECK-LABEL: func.func @delinearize_dynamic
// CHECK-SAME:    (%[[I:.*]]: index, %[[N:.*]]: index)
// CHECK-NEXT:    affine.apply #[[$Q]]()[%[[N]], %[[I]]]
// CHECK-NEXT:    affine.apply #[[$MID]]()[%[[N]], %[[I]]]
// CHECK-NEXT:    affine.apply #[[$LAST]]()[%[[N]], %[[I]]]
func.func @delinearize_dynamic(%i: index, %n: index) -> (index, index, index) {
  %d:3 = affine.delinearize_index %i into (%n, 8) : index, index, index
  return %d#0, %d#1, %d#2 : index, index, index
}

// -----

// A linearize_index is one affine.apply of its indices times their
// strides, into which the affine.apply of another one composes.
// CHECK-DAG: #[[$L:.*]] = affine_map<()[s0, s1, s2] -> (s0 * 25 + s1 * 8 + s2 * 2)>
// CHECK-LABEL: func.func @linearize
// CHECK-SAME:    (%[[X:.*]]: index, %[[Y:.*]]: index, %[[Z:.*]]: index)
// CHECK-NEXT:    %[[L:.*]] = affine.apply #[[$L]]()[%[[X]], %[[Y]], %[[Z]]]
// CHECK-NEXT:    return %[[L]]
func.func @linearize(%x: index, %y: index, %z: index) -> index {
  %l = affine.linearize_index [%x, %y, %z] by (2, 3, 4) : index
  %m = affine.linearize_index [%l, %x] by (2) : index
  return %m : index
}
