// RUN: kiln opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" | FileCheck %s

// CHECK-DAG: #[[$P1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[$CLB:.*]] = affine_map<()[s0] -> (((s0 - 1) floordiv 2) * 2 + 1)>

// The runs of ops around the inner loop and in it are each followed by
// their copy for the next iteration; 101 iterations leave a one-iteration
// cleanup, promoted with the constant 100 for the induction variable.
// CHECK-LABEL: func.func @imperfect
// CHECK-NEXT:    %[[C100:.*]] = arith.constant 100 : index
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 100 step 2 {
// CHECK-NEXT:      %[[X0:.*]] = "x"(%[[I]])
// CHECK-NEXT:      %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      %[[X1:.*]] = "x"(%[[I1]])
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 17 {
// CHECK-NEXT:        "y"(%[[I]])
// CHECK-NEXT:        %[[J1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:        "y"(%[[J1]])
// CHECK-NEXT:      }
// CHECK-NEXT:      "z"(%[[I]], %[[X0]])
// CHECK-NEXT:      %[[Z1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      "z"(%[[Z1]], %[[X1]])
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[XC:.*]] = "x"(%[[C100]])
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 17 {
// CHECK-NEXT:      "y"(%[[C100]])
// CHECK-NEXT:    }
// CHECK-NEXT:    "z"(%[[C100]], %[[XC]])
func.func @imperfect() {
  affine.for %i = 0 to 101 {
    %x = "x"(%i) : (index) -> i32
    affine.for %j = 0 to 17 {
      "y"(%i) : (index) -> ()
    }
    "z"(%i, %x) : (index, i32) -> ()
  }
  return
}

// A symbolic bound: a cleanup loop runs what the jammed loop leaves.
// CHECK-LABEL: func.func @symbolic
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK-NEXT:    affine.for %{{.*}} = 1 to #[[$CLB]]()[%[[N]]] step 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 1 to 100 {
// CHECK-NEXT:        "foo"() : () -> ()
// CHECK-NEXT:        "foo"() : () -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %{{.*}} = #[[$CLB]]()[%[[N]]] to %[[N]] {
func.func @symbolic(%n: index) {
  affine.for %i = 1 to %n {
    affine.for %j = 1 to 100 {
      "foo"() : () -> ()
    }
  }
  return
}

// The inner loop's iter_args are replicated per copy; the outer loop's
// addf reduction is combined after it, its copy starting from 0 (MLIR
// starts it from %x too, adding %x twice).
// CHECK-LABEL: func.func @iter_args
// CHECK-SAME:    (%[[X:.*]]: f32)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[R:.*]]:2 = affine.for %[[I:.*]] = 0 to 10 step 2 iter_args(%[[A0:.*]] = %[[X]], %[[A1:.*]] = %[[ZERO]]) -> (f32, f32) {
// CHECK-NEXT:      %[[IN:.*]]:2 = affine.for %[[J:.*]] = 0 to 4 iter_args(%[[B0:.*]] = %[[X]], %[[B1:.*]] = %[[X]]) -> (f32, f32) {
// CHECK-NEXT:        %[[V0:.*]] = "get"(%[[I]], %[[J]])
// CHECK-NEXT:        %[[S0:.*]] = arith.mulf %[[B0]], %[[V0]]
// CHECK-NEXT:        %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:        %[[V1:.*]] = "get"(%[[I1]], %[[J]])
// CHECK-NEXT:        %[[S1:.*]] = arith.mulf %[[B1]], %[[V1]]
// CHECK-NEXT:        affine.yield %[[S0]], %[[S1]]
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[T0:.*]] = arith.addf %[[A0]], %[[IN]]#0
// CHECK-NEXT:      affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      %[[T1:.*]] = arith.addf %[[A1]], %[[IN]]#1
// CHECK-NEXT:      affine.yield %[[T0]], %[[T1]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[R]]#0, %[[R]]#1
// CHECK-NEXT:    return %[[SUM]]
func.func @iter_args(%x: f32) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> f32 {
    %in = affine.for %j = 0 to 4 iter_args(%b = %x) -> f32 {
      %v = "get"(%i, %j) : (index, index) -> f32
      %s = arith.mulf %b, %v : f32
      affine.yield %s : f32
    }
    %t = arith.addf %a, %in : f32
    affine.yield %t : f32
  }
  return %r : f32
}

// An iter_arg of the loop that is no reduction it can combine (here it
// feeds the inner loop too): Kiln leaves the loop alone where MLIR would
// drop the copies' values.
// CHECK-LABEL: func.func @not_reduction
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 iter_args
func.func @not_reduction(%x: f32) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> f32 {
    %in = affine.for %j = 0 to 4 iter_args(%b = %a) -> f32 {
      %s = arith.mulf %b, %b : f32
      affine.yield %s : f32
    }
    affine.yield %in : f32
  }
  return %r : f32
}

// An inner bound that depends on the loop: no unroll-and-jam.
// CHECK-LABEL: func.func @dependent_bound
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 100 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to #[[$P1]](%[[I]]) {
func.func @dependent_bound() {
  affine.for %i = 0 to 100 {
    affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      "foo"(%k) : (index) -> ()
    }
  }
  return
}
