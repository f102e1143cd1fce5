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

// -----

// On vectors of index each element is expanded on its own: extracted,
// expanded into affine.apply ops, and inserted into the results, which
// start from one ub.poison; a 2-D vector goes in row-major order.
// CHECK-DAG:   #[[$DIV:.*]] = affine_map<()[s0] -> (s0 floordiv 8)>
// CHECK-DAG:   #[[$MOD:.*]] = affine_map<()[s0] -> (s0 mod 8)>
// CHECK-LABEL: func.func @vector_unroll
// CHECK-SAME:    (%[[V:.*]]: vector<2x2xindex>)
// CHECK:         %[[P:.*]] = ub.poison : vector<2x2xindex>
// CHECK:         %[[E0:.*]] = vector.extract %[[V]][0, 0] : index from vector<2x2xindex>
// CHECK:         %[[Q0:.*]] = affine.apply #[[$DIV]]()[%[[E0]]]
// CHECK:         %[[R0:.*]] = affine.apply #[[$MOD]]()[%[[E0]]]
// CHECK:         %[[A0:.*]] = vector.insert %[[Q0]], %[[P]] [0, 0]
// CHECK:         %[[B0:.*]] = vector.insert %[[R0]], %[[P]] [0, 0]
// CHECK:         vector.extract %[[V]][0, 1]
// CHECK:         vector.extract %[[V]][1, 0]
// CHECK:         %[[E3:.*]] = vector.extract %[[V]][1, 1]
// CHECK:         %[[Q3:.*]] = affine.apply #[[$DIV]]()[%[[E3]]]
// CHECK:         %[[R3:.*]] = affine.apply #[[$MOD]]()[%[[E3]]]
// CHECK:         %[[A3:.*]] = vector.insert %[[Q3]], %{{.*}} [1, 1]
// CHECK:         %[[B3:.*]] = vector.insert %[[R3]], %{{.*}} [1, 1]
// CHECK:         return %[[A3]], %[[B3]]
func.func @vector_unroll(%v: vector<2x2xindex>) -> (vector<2x2xindex>, vector<2x2xindex>) {
  %d:2 = affine.delinearize_index %v into (4, 8) : vector<2x2xindex>, vector<2x2xindex>
  return %d#0, %d#1 : vector<2x2xindex>, vector<2x2xindex>
}

// -----

// A scalable vector cannot be unrolled: the op stays.
// CHECK-LABEL: func.func @scalable_stays
// CHECK:         affine.linearize_index [%{{.*}}, %{{.*}}] by (8) : vector<[4]xindex>
func.func @scalable_stays(%v: vector<[4]xindex>, %w: vector<[4]xindex>) -> vector<[4]xindex> {
  %l = affine.linearize_index [%v, %w] by (8) : vector<[4]xindex>
  return %l : vector<[4]xindex>
}
