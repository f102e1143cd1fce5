// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll))" | FileCheck %s
// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4 cleanup-unroll=true}))" | FileCheck %s --check-prefix=CLEANUP
// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-full=true}))" | FileCheck %s --check-prefix=FULL
// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-full=true unroll-full-threshold=3}))" | FileCheck %s --check-prefix=SHORT
// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=8 unroll-up-to-factor=true}))" | FileCheck %s --check-prefix=UPTO
// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=1}))" | FileCheck %s --check-prefix=ONE

// CHECK-DAG: #[[$P1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[$P3:.*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-DAG: #[[$P6:.*]] = affine_map<(d0) -> (d0 + 6)>
// CHECK-DAG: #[[$P9:.*]] = affine_map<(d0) -> (d0 + 9)>
// CHECK-DAG: #[[$CLB:.*]] = affine_map<()[s0] -> (((s0 ceildiv 3) floordiv 4) * 12)>

// Ten iterations by four: the main loop runs eight, a cleanup loop two.
// CHECK-LABEL: func.func @by4_cleanup
// CHECK:         affine.for %[[I:.*]] = 0 to 8 step 4 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      affine.load %{{.*}}[%[[I1]]]
// CHECK:           affine.apply #[[$P3]](%[[I]])
// CHECK:         }
// CHECK-NEXT:    affine.for %[[J:.*]] = 8 to 10 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CLEANUP-LABEL: func.func @by4_cleanup
// CLEANUP-NOT:     affine.for
// CLEANUP-COUNT-10: affine.store
// CLEANUP-NEXT:    return
// By eight: the main loop runs once and is promoted.
// UPTO-LABEL: func.func @by4_cleanup
// UPTO-NEXT:    arith.constant 0 : index
// UPTO-COUNT-8: affine.store
// UPTO-NEXT:    affine.for %{{.*}} = 8 to 10 {
func.func @by4_cleanup(%m: memref<16xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<16xf32>
    affine.store %v, %m[%i + 1] : memref<16xf32>
  }
  return
}

// The iter_args thread through the copies; the one-iteration cleanup loop
// is promoted, taking the main loop's result.
// CHECK-LABEL: func.func @iter_args
// CHECK-SAME:    (%[[X:.*]]: f32)
// CHECK:         %[[R:.*]] = affine.for %{{.*}} = 0 to 8 step 4 iter_args(%[[A:.*]] = %[[X]]) -> (f32) {
// CHECK-NEXT:      %[[S1:.*]] = arith.addf %[[A]], %[[X]]
// CHECK-NEXT:      %[[S2:.*]] = arith.addf %[[S1]], %[[X]]
// CHECK-NEXT:      %[[S3:.*]] = arith.addf %[[S2]], %[[X]]
// CHECK-NEXT:      %[[S4:.*]] = arith.addf %[[S3]], %[[X]]
// CHECK-NEXT:      affine.yield %[[S4]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[L:.*]] = arith.addf %[[R]], %[[X]]
// CHECK-NEXT:    return %[[L]]
// FULL-LABEL: func.func @iter_args
// FULL-NOT:     affine.for
// FULL-COUNT-9: arith.addf
// FULL-NEXT:    return
func.func @iter_args(%x: f32) -> f32 {
  %r = affine.for %i = 0 to 9 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %x : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// A symbolic upper bound and a step: the copies bump the induction variable
// by multiples of the step, the cleanup loop starts where the main one ends.
// CHECK-LABEL: func.func @symbolic
// CHECK-SAME:    (%{{.*}}: memref<?xf32>, %[[N:.*]]: index)
// CHECK:         affine.for %[[I:.*]] = 0 to #[[$CLB]]()[%[[N]]] step 12 {
// CHECK-NEXT:      "test.use"(%[[I]])
// CHECK-NEXT:      %[[I3:.*]] = affine.apply #[[$P3]](%[[I]])
// CHECK-NEXT:      "test.use"(%[[I3]])
// CHECK-NEXT:      affine.apply #[[$P6]](%[[I]])
// CHECK-NEXT:      "test.use"
// CHECK-NEXT:      affine.apply #[[$P9]](%[[I]])
// CHECK-NEXT:      "test.use"
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[J:.*]] = #[[$CLB]]()[%[[N]]] to %[[N]] step 3 {
// CHECK-NEXT:      "test.use"(%[[J]])
// CHECK-NEXT:    }
// FULL-LABEL: func.func @symbolic
// FULL-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} step 3 {
// FULL-NEXT:      "test.use"
// FULL-NEXT:    }
func.func @symbolic(%m: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n step 3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// A min upper bound whose trip count the factor may not divide: no
// cleanup loop's lower bound can be written, the loop stays.
// CHECK-LABEL: func.func @min_bound
// CHECK-NEXT:    affine.for %{{.*}} = 0 to min
// CHECK-NEXT:      "test.use"
// CHECK-NEXT:    }
func.func @min_bound(%n: index, %k: index) {
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %k] {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// Fewer iterations than the factor: left alone by default, fully unrolled
// with cleanup-unroll, unroll-full-threshold or unroll-up-to-factor.
// CHECK-LABEL: func.func @short
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 3 {
// CLEANUP-LABEL: func.func @short
// CLEANUP-NEXT:  %[[C0:.*]] = arith.constant 0 : index
// CLEANUP-NEXT:  "test.use"(%[[C0]])
// CLEANUP-NEXT:  %[[I1:.*]] = affine.apply #{{.*}}(%[[C0]])
// CLEANUP-NEXT:  "test.use"(%[[I1]])
// CLEANUP-NEXT:  %[[I2:.*]] = affine.apply #{{.*}}(%[[C0]])
// CLEANUP-NEXT:  "test.use"(%[[I2]])
// CLEANUP-NEXT:  return
// SHORT-LABEL: func.func @short
// SHORT-NOT:     affine.for
// SHORT-COUNT-3: "test.use"
// SHORT-NEXT:    return
// UPTO-LABEL: func.func @short
// UPTO-NOT:     affine.for
// UPTO-COUNT-3: "test.use"
// UPTO-NEXT:    return
func.func @short(%n: index) {
  affine.for %i = 0 to 3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// The threshold leaves the ten-iteration loop around the short one; the
// promoted induction variable's constant goes to the function's start.
// SHORT-LABEL: func.func @nest
// SHORT-NEXT:    arith.constant 0 : index
// SHORT-NEXT:    affine.for %{{.*}} = 0 to 10 {
// SHORT-COUNT-2:   "test.use"
// SHORT-NEXT:    }
func.func @nest() {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 2 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// A factor of one only promotes a loop that runs once.
// ONE-LABEL: func.func @one
// ONE-NEXT:    %[[C5:.*]] = arith.constant 5 : index
// ONE-NEXT:    "test.use"(%[[C5]])
// ONE-NEXT:    affine.for %{{.*}} = 0 to 2 {
func.func @one() {
  affine.for %i = 5 to 6 {
    "test.use"(%i) : (index) -> ()
  }
  affine.for %i = 0 to 2 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
