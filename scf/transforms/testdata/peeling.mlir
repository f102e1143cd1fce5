// RUN: kiln opt %s --split-input-file --scf-for-loop-peeling | FileCheck %s
// RUN: kiln opt %s --split-input-file --scf-for-loop-peeling=skip-partial=false | FileCheck %s --check-prefix=NOSKIP
// RUN: kiln opt %s --split-input-file --scf-for-loop-peeling=peel-front=true | FileCheck %s --check-prefix=FRONT

// Dynamic bounds: the main loop runs to max(ub - (ub - lb) mod step, lb),
// where min(step, ub - iv) is the step; in the partial iteration it is
// ub - iv. The carried value flows from one loop into the other.
// CHECK-DAG: #[[SPLIT:.*]] = affine_map<()[s0, s1, s2] -> (s1 - (-s0 + s1) mod s2, s0)>
// CHECK-DAG: #[[REM:.*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[S:.*]] = affine.max #[[SPLIT]]()[%[[LB]], %[[UB]], %[[C4]]]
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[S]] step %[[C4]] iter_args(%[[A:.*]] = %{{.*}}) -> (index) {
// CHECK-NEXT:      %[[X:.*]] = arith.addi %[[A]], %[[C4]] : index
// CHECK-NEXT:      scf.yield %[[X]]
// CHECK:         %[[R2:.*]] = scf.for %[[IV:.*]] = %[[S]] to %[[UB]] step %[[C4]] iter_args(%[[B:.*]] = %[[R]]) -> (index) {
// CHECK-NEXT:      %[[M:.*]] = affine.apply #[[REM]](%[[IV]])[%[[UB]]]
// CHECK-NEXT:      arith.addi %[[B]], %[[M]] : index
// CHECK:         return %[[R2]]
// FRONT-LABEL: func.func @dynamic(
// FRONT:         %[[F:.*]] = affine.min #{{.*}}()[%arg0, %[[C4:.*]], %arg1]
// FRONT:         %[[R:.*]] = scf.for %{{.*}} = %arg0 to %[[F]] step %[[C4]]
// FRONT:         scf.for %{{.*}} = %[[F]] to %arg1 step %[[C4]] iter_args(%{{.*}} = %[[R]])
func.func @dynamic(%lb: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %iv = %lb to %ub step %c4 iter_args(%a = %c0) -> index {
    %m = affine.min affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>(%ub, %iv)[%c4]
    %x = arith.addi %a, %m : index
    scf.yield %x : index
  }
  return %r : index
}

// -----

// Constant bounds fold the split bound; a range the step divides, a step
// of one and an integer loop with dynamic bounds are left alone.
// CHECK-LABEL: func.func @static(
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C12]] step
// CHECK:         scf.for %{{.*}} = %[[C12]] to %[[C13]] step
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C12]] step
// CHECK-NOT:     scf.for
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C13]] step
// CHECK-NOT:     scf.for
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32
// CHECK-NOT:     scf.for
// CHECK:         return
// FRONT-LABEL: func.func @static(
// FRONT-DAG:     %[[C3:.*]] = arith.constant 3 : index
// FRONT:         scf.for %{{.*}} = %{{.*}} to %[[C3]] step
// FRONT:         scf.for %{{.*}} = %[[C3]] to
func.func @static(%n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  scf.for %i = %c0 to %c13 step %c3 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %c12 step %c3 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %c13 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  scf.for %i = %z to %n step %two : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// -----

// Loops in the partial iteration of an outer peeled loop stay whole
// unless skip-partial=false.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:           scf.for
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-NOT:       scf.for
// CHECK:         return
// NOSKIP-LABEL: func.func @nested(
// NOSKIP-COUNT-6: scf.for
// NOSKIP-NOT:     scf.for
// NOSKIP:         return
func.func @nested(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %n step %c5 {
    scf.for %j = %c0 to %m step %c5 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// The greedy driver's folding substitutes the constant step, a result
// that stays non-constant keeps its dims (MLIR's partialConstantFold).
// FRONT: #[[KEEP:.*]] = affine_map<(d0, d1)[s0] -> (4, d0 - d1)>
// FRONT-LABEL: func.func @fold_keeps_dims(
// FRONT:         affine.min #[[KEEP]](%{{.*}}, %{{.*}})[%{{.*}}]
// FRONT:         affine.min #[[KEEP]](%{{.*}}, %{{.*}})[%{{.*}}]
func.func @fold_keeps_dims() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c17 = arith.constant 17 : index
  scf.for %i = %c0 to %c17 step %c4 {
    %m = affine.min affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>(%c17, %i)[%c4]
    "test.use"(%m) : (index) -> ()
  }
  return
}
