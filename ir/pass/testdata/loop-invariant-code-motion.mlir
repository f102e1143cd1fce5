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
