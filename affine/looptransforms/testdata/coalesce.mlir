// RUN: kiln opt -allow-unregistered-dialect %s -affine-loop-coalescing -split-input-file | FileCheck %s

// Three normalized loops become one over the product of their upper
// bounds (a min bound through affine.min); each old induction variable is
// recovered by floordiv and mod.
// CHECK-DAG: #[[$ID:.*]] = affine_map<()[s0] -> (s0)>
// CHECK-DAG: #[[$MIN:.*]] = affine_map<()[s0] -> (s0, 16)>
// CHECK-DAG: #[[$MUL:.*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG: #[[$SEVEN:.*]] = affine_map<() -> (7)>
// CHECK-DAG: #[[$MOD:.*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG: #[[$DIV:.*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>
// CHECK-LABEL: func.func @three
// CHECK-SAME:    (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT:    %[[UB0:.*]] = affine.apply #[[$ID]]()[%[[N]]]
// CHECK-NEXT:    %[[UB1:.*]] = affine.min #[[$MIN]]()[%[[M]]]
// CHECK-NEXT:    %[[P1:.*]] = affine.apply #[[$MUL]](%[[UB0]])[%[[UB1]]]
// CHECK-NEXT:    %[[UB2:.*]] = affine.apply #[[$SEVEN]]()
// CHECK-NEXT:    %[[P2:.*]] = affine.apply #[[$MUL]](%[[P1]])[%[[UB2]]]
// CHECK-NEXT:    affine.for %[[L:.*]] = 0 to %[[P2]] {
// CHECK-NEXT:      %[[K:.*]] = affine.apply #[[$MOD]](%[[L]])[%[[UB2]]]
// CHECK-NEXT:      %[[Q:.*]] = affine.apply #[[$DIV]](%[[L]])[%[[UB2]]]
// CHECK-NEXT:      %[[J:.*]] = affine.apply #[[$MOD]](%[[Q]])[%[[UB1]]]
// CHECK-NEXT:      %[[I:.*]] = affine.apply #[[$DIV]](%[[Q]])[%[[UB1]]]
// CHECK-NEXT:      "use"(%[[I]], %[[J]], %[[K]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @three(%n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to min affine_map<()[s0] -> (s0, 16)>()[%m] {
      affine.for %k = 0 to 7 {
        "use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// A loop not from 0 by 1 stops the band: nothing is coalesced.
// CHECK-LABEL: func.func @not_normalized
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 1 to 8 {
func.func @not_normalized() {
  affine.for %i = 0 to 8 {
    affine.for %j = 1 to 8 {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// The second loop's bound depends on the first, and is no valid symbol
// for the product of a band starting there (MLIR would build the product
// anyway, failing verification): the band is the inner pair.
// CHECK-LABEL: func.func @inner_band
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK:         affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK-NEXT:        %[[UB0:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK-NEXT:        %[[UB1:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:        %[[P:.*]] = affine.apply #{{.*}}(%[[UB0]])[%[[UB1]]]
// CHECK-NEXT:        affine.for %[[L:.*]] = 0 to %[[P]] {
// CHECK-NEXT:          %[[LL:.*]] = affine.apply #{{.*}}(%[[L]])[%[[UB1]]]
// CHECK-NEXT:          %[[KK:.*]] = affine.apply #{{.*}}(%[[L]])[%[[UB1]]]
// CHECK-NEXT:          "use"(%[[I]], %[[J]], %[[KK]], %[[LL]])
func.func @inner_band(%n: index) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to %n {
        affine.for %l = 0 to 3 {
          "use"(%i, %j, %k, %l) : (index, index, index, index) -> ()
        }
      }
    }
  }
  return
}
