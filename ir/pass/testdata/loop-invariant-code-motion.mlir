// RUN: kiln opt %s -split-input-file -loop-invariant-code-motion --allow-unregistered-dialect | FileCheck %s

// Invariant pure ops leave the innermost loop first, then the outer one;
// what uses an induction variable or a loop-carried value stays.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:    %[[A:.*]]: f32, %[[LB:.*]]: index, %[[UB:.*]]: index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[S]], %[[A]] : f32
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:        %[[K:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK-NEXT:        memref.store %[[M]], %{{.*}}[%[[K]]] : memref<?xf32>
func.func @nested(%a: f32, %lb: index, %ub: index, %m: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %s = arith.addf %a, %a : f32
    scf.for %j = %lb to %ub step %c1 {
      %mul = arith.mulf %s, %a : f32
      %k = arith.addi %i, %j : index
      memref.store %mul, %m[%k] : memref<?xf32>
    }
  }
  return
}

// -----

// Loads read memory and stay; so does an op with unknown effects.
// CHECK-LABEL: func.func @effects(
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      "test.unknown"
func.func @effects(%m: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%c0] : memref<4xf32>
    "test.unknown"(%v) : (f32) -> ()
  }
  return
}

// -----

// An invariant inner loop by 1 is hoisted whole (it terminates whatever its
// bounds); by another step it may not terminate and stays. An scf.if whose
// regions may all be speculated moves too.
// CHECK-LABEL: func.func @loops(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[C:.*]]: i1
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[IF:.*]] = scf.if %[[C]] -> (index) {
// CHECK:         scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[C2]] {
// CHECK-NEXT:      }
// CHECK-NEXT:      "test.use"(%[[IF]])
func.func @loops(%lb: index, %ub: index, %c: i1) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lb to %ub step %c1 {
    scf.for %j = %lb to %ub step %c1 {
    }
    scf.for %j = %lb to %ub step %c2 {
    }
    %r = scf.if %c -> (index) {
      %s = arith.addi %lb, %ub : index
      scf.yield %s : index
    } else {
      scf.yield %lb : index
    }
    "test.use"(%r) : (index) -> ()
  }
  return
}

// -----

// Ops move out of affine loops and scf.parallel too; an affine.if that
// stores stays.
// CHECK-LABEL: func.func @affine_and_parallel(
// CHECK:         arith.addf
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.if
// CHECK-NEXT:        affine.store
// CHECK:         arith.muli
// CHECK-NEXT:    scf.parallel
// CHECK-NEXT:      arith.addi
func.func @affine_and_parallel(%a: f32, %x: index, %m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %s = arith.addf %a, %a : f32
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      affine.store %s, %m[%i] : memref<10xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%x) step (%c1) {
    %y = arith.muli %x, %x : index
    %z = arith.addi %i, %y : index
    "test.use"(%z) : (index) -> ()
  }
  return
}

// -----

// The divisions have no memory effects but leave the loop only when their
// divisor cannot trap, as MLIR's Speculatability says: an unsigned one by a
// constant with no zero element, a signed one by a constant whose values
// all lie on one side of zero and not at -1 (INT_MIN / -1).
// CHECK-LABEL: func.func @divisions(
// CHECK-DAG:     arith.divui %arg0, %c3_i32
// CHECK-DAG:     arith.ceildivui %arg0, %c3_i32
// CHECK-DAG:     arith.divsi %arg0, %c3_i32
// CHECK-DAG:     arith.ceildivsi %arg0, %c-2_i32
// CHECK-DAG:     arith.divsi %arg3, %cst : vector<2xi32>
// CHECK:         scf.for
// CHECK-DAG:       arith.divui %arg0, %c0_i32
// CHECK-DAG:       arith.divui %arg0, %arg1
// CHECK-DAG:       arith.divsi %arg0, %c-1_i32
// CHECK-DAG:       arith.ceildivsi %arg0, %c0_i32
// CHECK-DAG:       arith.divsi %arg3, %cst_0
// CHECK:           memref.store
func.func @divisions(%x: i32, %y: i32, %m: memref<10xi32>, %v: vector<2xi32>, %vm: memref<vector<2xi32>>) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %cm1 = arith.constant -1 : i32
  %cm2 = arith.constant -2 : i32
  %pos = arith.constant dense<[2, 5]> : vector<2xi32>
  %mixed = arith.constant dense<[2, -5]> : vector<2xi32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %st = arith.constant 1 : index
  scf.for %i = %lb to %ub step %st {
    %a = arith.divui %x, %c3 : i32
    %b = arith.ceildivui %x, %c3 : i32
    %c = arith.divsi %x, %c3 : i32
    %d = arith.ceildivsi %x, %cm2 : i32
    %e = arith.divui %x, %c0 : i32
    %f = arith.divui %x, %y : i32
    %g = arith.divsi %x, %cm1 : i32
    %h = arith.ceildivsi %x, %c0 : i32
    %p = arith.divsi %v, %pos : vector<2xi32>
    %q = arith.divsi %v, %mixed : vector<2xi32>
    %s1 = arith.addi %a, %b : i32
    %s2 = arith.addi %s1, %c : i32
    %s3 = arith.addi %s2, %d : i32
    %s4 = arith.addi %s3, %e : i32
    %s5 = arith.addi %s4, %f : i32
    %s6 = arith.addi %s5, %g : i32
    %s7 = arith.addi %s6, %h : i32
    memref.store %s7, %m[%i] : memref<10xi32>
    %pq = arith.addi %p, %q : vector<2xi32>
    memref.store %pq, %vm[] : memref<vector<2xi32>>
  }
  return
}

// -----

// A dim is hoisted only when its index is a constant within the rank of a
// ranked source: otherwise it may be undefined behaviour, which the loop
// (perhaps never entered) guards.
// CHECK-LABEL: func.func @dims(
//       CHECK:   tensor.dim %{{.*}}, %c1 : tensor<?x?xf32>
//       CHECK:   memref.dim %{{.*}}, %c0 : memref<?xf32>
//       CHECK:   scf.for
//   CHECK-DAG:     tensor.dim %{{.*}}, %c0 : tensor<*xf32>
//   CHECK-DAG:     tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
//   CHECK-DAG:     memref.dim %{{.*}}, %c1 : memref<?xf32>
//   CHECK-DAG:     memref.dim %{{.*}}, %{{.*}} : memref<*xf32>
//       CHECK:     "use"
func.func @dims(%t: tensor<?x?xf32>, %u: tensor<*xf32>, %m: memref<?xf32>, %n: memref<*xf32>, %i: index, %lb: index, %ub: index, %step: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %iv = %lb to %ub step %step {
    %a = tensor.dim %t, %c1 : tensor<?x?xf32>
    %b = tensor.dim %u, %c0 : tensor<*xf32>
    %c = tensor.dim %t, %i : tensor<?x?xf32>
    %d = memref.dim %m, %c0 : memref<?xf32>
    %e = memref.dim %m, %c1 : memref<?xf32>
    %f = memref.dim %n, %i : memref<*xf32>
    "use"(%a, %b, %c, %d, %e, %f) : (index, index, index, index, index, index) -> ()
  }
  return
}
