// RUN: kiln opt --affine-parallelize --split-input-file %s | FileCheck %s
// RUN: kiln opt --affine-parallelize='max-nested=2' --split-input-file %s | FileCheck %s --check-prefix=NEST2
// RUN: kiln opt --affine-parallelize='parallel-reductions=true' --split-input-file %s | FileCheck %s --check-prefix=RED

// Odd and even elements never meet (GCD test); i + n is past every i < n
// (symbolic bounds); a step of 4 never reaches i + 2; 4 * (i floordiv 4)
// + 60 is past every stored element (a local for the division).
// CHECK-LABEL: func.func @independent
// CHECK-COUNT-4: affine.parallel
// CHECK-NOT:     affine.for
func.func @independent(%m: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 50 {
    %v = affine.load %m[2 * %i + 1] : memref<100xf32>
    affine.store %v, %m[2 * %i] : memref<100xf32>
  }
  affine.for %i = 0 to %n {
    %v = affine.load %m[%i + symbol(%n)] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 100 step 4 {
    %v = affine.load %m[%i + 2] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 60 {
    %v = affine.load %m[(%i floordiv 4) * 4 + 60] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  return
}

// -----

// Each iteration reads what the previous one wrote; the same element is
// stored every iteration; an unbounded symbolic offset may meet.
// CHECK-LABEL: func.func @dependent
// CHECK-NOT:     affine.parallel
func.func @dependent(%m: memref<100xf32>, %k: index, %x: f32) {
  affine.for %i = 1 to 50 {
    %v = affine.load %m[%i - 1] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  affine.for %i = 0 to 50 {
    affine.store %x, %m[0] : memref<100xf32>
  }
  affine.for %i = 0 to 50 {
    %v = affine.load %m[%i + symbol(%k)] : memref<100xf32>
    affine.store %v, %m[%i] : memref<100xf32>
  }
  return
}

// -----

// A dependence carried by the inner loop only: the outer loop is
// parallel, and with max-nested=2 so is the innermost independent loop;
// the middle one is not.
// CHECK-LABEL: func.func @nest
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (8) {
// CHECK-NEXT:      affine.for %[[J:.*]] = 1 to 8 {
// CHECK-NEXT:        affine.parallel (%[[K:.*]]) = (0) to (4) {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[J]] - 1, %[[K]]]
// NEST2-LABEL:   func.func @nest
// NEST2:         affine.parallel
// NEST2-NEXT:      affine.for
// NEST2-NEXT:        affine.parallel
func.func @nest(%m: memref<8x8x4xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 1 to 8 {
      affine.for %k = 0 to 4 {
        %v = affine.load %m[%i, %j - 1, %k] : memref<8x8x4xf32>
        affine.store %v, %m[%i, %j, %k] : memref<8x8x4xf32>
      }
    }
  }
  return
}

// -----

// max-nested counts the affine.parallel ops around a loop in its affine
// scope: with 2, a third level stays a loop.
// NEST2-LABEL: func.func @deep
// NEST2:         affine.parallel
// NEST2-NEXT:      affine.parallel
// NEST2-NEXT:        affine.for
func.func @deep(%m: memref<4x4x4xf32>, %x: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        affine.store %x, %m[%i, %j, %k] : memref<4x4x4xf32>
      }
    }
  }
  return
}

// -----

// Reductions: each iter_arg combined by one supported op becomes a
// reduce of the parallel loop, the combiner moving after it to fold in
// the initial value.
// CHECK-LABEL: func.func @reductions
// CHECK-NOT:     affine.parallel
// RED-LABEL:   func.func @reductions
// RED-SAME:      (%[[M:.*]]: memref<16xi32>, %[[A:.*]]: i32, %[[B:.*]]: i32)
// RED:           %[[R:.*]]:2 = affine.parallel (%[[I:.*]]) = (0) to (16) reduce ("muli", "maxs") -> (i32, i32) {
// RED-NEXT:        %[[V:.*]] = affine.load %[[M]][%[[I]]]
// RED-NEXT:        affine.yield %[[V]], %[[V]] : i32, i32
// RED-NEXT:      }
// RED-NEXT:      %[[P:.*]] = arith.muli %[[A]], %[[R]]#0 : i32
// RED-NEXT:      %[[Q:.*]] = arith.maxsi %[[B]], %[[R]]#1 : i32
// RED-NEXT:      return %[[P]], %[[Q]] : i32, i32
func.func @reductions(%m: memref<16xi32>, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = affine.for %i = 0 to 16 iter_args(%p = %a, %q = %b) -> (i32, i32) {
    %v = affine.load %m[%i] : memref<16xi32>
    %p2 = arith.muli %p, %v : i32
    %q2 = arith.maxsi %v, %q : i32
    affine.yield %p2, %q2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Not reductions: an unsupported combiner (subi), a combined value used
// twice, an index sum (affine.parallel reduces integers, not index).
// RED-LABEL: func.func @not_reductions
// RED-NOT:     affine.parallel
func.func @not_reductions(%a: i32, %i0: index) -> (i32, i32) {
  %r = affine.for %i = 0 to 16 iter_args(%p = %a) -> (i32) {
    %p2 = arith.subi %p, %a : i32
    affine.yield %p2 : i32
  }
  %s = affine.for %i = 0 to 16 iter_args(%p = %a) -> (i32) {
    %p2 = arith.addi %p, %a : i32
    %p3 = arith.addi %p2, %p2 : i32
    affine.yield %p2 : i32
  }
  %t = affine.for %i = 0 to 16 iter_args(%p = %i0) -> (index) {
    %p2 = arith.addi %p, %i0 : index
    affine.yield %p2 : index
  }
  return %r, %s : i32, i32
}

// -----

// An access under an affine.if is bounded by its condition: the stores
// stay below 8 and the loads above.
// CHECK-LABEL: func.func @guarded
// RED-LABEL:   func.func @guarded
// CHECK:         affine.parallel
func.func @guarded(%m: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (7 - d0 >= 0)>(%i) {
      %v = affine.load %m[%i + 8] : memref<16xf32>
      affine.store %v, %m[%i] : memref<16xf32>
    }
  }
  return
}

// -----

// gpu.launch starts an affine scope: the loop around it does not count in
// the depth of the dependence check inside, so the loop carrying
// m[i - 1] -> m[i] stays sequential and the independent inner one is
// parallel; the outer loop holds an op with effects (the launch).
// CHECK-LABEL: func.func @scope
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      gpu.launch
// CHECK-NEXT:        affine.for %{{.*}} = 1 to 6 {
// CHECK-NEXT:          affine.parallel (%{{.*}}) = (0) to (4) {
// RED-LABEL:   func.func @scope
func.func @scope(%m: memref<6x4xf32>) {
  %c1 = arith.constant 1 : index
  affine.for %q = 0 to 2 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      affine.for %i = 1 to 6 {
        affine.for %j = 0 to 4 {
          %v = affine.load %m[%i - 1, %j] : memref<6x4xf32>
          affine.store %v, %m[%i, %j] : memref<6x4xf32>
        }
      }
      gpu.terminator
    }
  }
  return
}
