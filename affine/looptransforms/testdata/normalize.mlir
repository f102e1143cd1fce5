// RUN: kiln opt -allow-unregistered-dialect %s -affine-loop-normalize -split-input-file | FileCheck %s
// RUN: kiln opt -allow-unregistered-dialect %s "-affine-loop-normalize=promote-single-iter=false" -split-input-file | FileCheck %s --check-prefix=KEEP

// Lower bound and step move into the body: iv = lb + iv' * step, the upper
// bound becomes ceildiv(ub - lb, step), symbolic or not.
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0] -> ((s0 - 3) ceildiv 4)>
// CHECK-DAG: #[[$IV:.*]] = affine_map<(d0) -> (d0 * 4 + 3)>
// CHECK-LABEL: func.func @symbolic
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to #[[$UB]]()[%[[N]]] {
// CHECK-NEXT:      %[[OLD:.*]] = affine.apply #[[$IV]](%[[I]])
// CHECK-NEXT:      "test.use"(%[[OLD]])
func.func @symbolic(%n: index) {
  affine.for %i = 3 to %n step 4 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// Each upper bound result is rebased on the single lower bound; the
// iter_args are untouched.
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0, s1] -> (s0 - s1, -s1 + 16)>
// CHECK-DAG: #[[$IV:.*]] = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @min_bound
// CHECK-SAME:    (%[[LB:.*]]: index, %[[N:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to min #[[$UB]]()[%[[N]], %[[LB]]] iter_args(%{{.*}} = %[[X]]) -> (f32) {
// CHECK-NEXT:      %[[OLD:.*]] = affine.apply #[[$IV]](%[[I]])[%[[LB]]]
func.func @min_bound(%lb: index, %n: index, %x: f32) -> f32 {
  %r = affine.for %i = %lb to min affine_map<(d0)[s0] -> (s0, 16)>(%lb)[%n] iter_args(%a = %x) -> (f32) {
    %s = "test.use"(%i, %a) : (index, f32) -> f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// A max lower bound cannot be normalized.
// CHECK-LABEL: func.func @max_lower
// CHECK-NEXT:    affine.for %{{.*}} = max
func.func @max_lower(%a: index, %b: index) {
  affine.for %i = max affine_map<()[s0, s1] -> (s0, s1)>()[%a, %b] to 10 step 2 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A loop that runs once is promoted, unless promote-single-iter=false.
// CHECK-LABEL: func.func @once
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    "test.use"(%[[C4]])
// CHECK-NEXT:    return
// KEEP-LABEL: func.func @once
// KEEP-NEXT:    affine.for %[[I:.*]] = 0 to 1 {
// KEEP-NEXT:      affine.apply #{{.*}}(%[[I]])
func.func @once() {
  affine.for %i = 4 to 7 step 3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// affine.parallel: every dimension from 0 by 1, each induction variable
// remapped over all the lower bounds' operands, as MLIR.
// CHECK-DAG: #[[$I:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + 1)>
// CHECK-DAG: #[[$J:.*]] = affine_map<(d0)[s0] -> (d0 * 3 + s0)>
// CHECK-LABEL: func.func @parallel
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    affine.parallel (%[[I:.*]], %[[J:.*]]) = (0, 0) to (5, (-symbol(%[[N]]) + 10) ceildiv 3) {
// CHECK-NEXT:      %[[OI:.*]] = affine.apply #[[$I]](%[[I]])[%[[N]]]
// CHECK-NEXT:      %[[OJ:.*]] = affine.apply #[[$J]](%[[J]])[%[[N]]]
// CHECK-NEXT:      "test.use"(%[[OI]], %[[OJ]])
func.func @parallel(%n: index) {
  affine.parallel (%i, %j) = (1, symbol(%n)) to (10, 10) step (2, 3) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}
