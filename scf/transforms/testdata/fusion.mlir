// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-parallel-loop-fusion))' --split-input-file | FileCheck %s

// The consumer reads what the producer wrote in the same iteration: the
// producer's body goes first in the loop that replaces both, where the
// second loop was; the reductions join in one scf.reduce.
// CHECK-LABEL: func.func @fuse(
// CHECK-SAME:    %[[A:.*]]: memref<4xf32>, %[[X:.*]]: f32)
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[R:.*]]:2 = scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[X]], %[[X]]) -> (f32, f32) {
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[A]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      memref.store %[[V]], %[[T]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      %[[W:.*]] = memref.load %[[T]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      scf.reduce(%[[V]], %[[W]] : f32, f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[M:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[L]], %[[M]] : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[M:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.maximumf %[[L]], %[[M]] : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : f32, f32
func.func @fuse(%a: memref<4xf32>, %x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<4xf32>
  %r1 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%x) -> f32 {
    %v = memref.load %a[%i] : memref<4xf32>
    memref.store %v, %t[%i] : memref<4xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      scf.reduce.return %s : f32
    }
  }
  %r2 = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%x) -> f32 {
    %w = memref.load %t[%i] : memref<4xf32>
    scf.reduce(%w : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.maximumf %l, %m : f32
      scf.reduce.return %s : f32
    }
  }
  return %r1, %r2 : f32, f32
}

// -----

// Writing through a full view of a row (its offset is the single
// iteration's index) covers every element the second loop reads.
// CHECK-LABEL: func.func @full_view_in_body(
// CHECK:         scf.parallel
// CHECK:           memref.subview
// CHECK:           vector.transfer_write
// CHECK:           scf.for
// CHECK-NOT:     scf.parallel
func.func @full_view_in_body(%a: memref<1x4xf32>, %b: memref<1x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %vec = arith.constant dense<1.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %sub = memref.subview %a[%i, 0] [1, 4] [1, 1] : memref<1x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    vector.transfer_write %vec, %sub[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32, strided<[1], offset: ?>>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %a[%i, %k] : memref<1x4xf32>
      %n = arith.addf %v, %acc : f32
      scf.yield %n : f32
    }
    memref.store %s, %b[%i, %c0] : memref<1x4xf32>
    scf.reduce
  }
  return
}

// -----

// A view of part of the buffer aliases it without being resolvable, a
// masked write need not cover what is read, a first result used by the
// second loop must exist before it, and two function arguments may alias:
// no fusion. An op whose memory effects the analysis does not know stops
// it too.
// CHECK-LABEL: func.func @partial_view(
// CHECK-COUNT-2: scf.parallel
func.func @partial_view(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = memref.alloc() : memref<2x2xf32>
  %out = memref.alloc() : memref<2xf32>
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    memref.store %f, %buf[%c0, %i] : memref<2x2xf32>
    scf.reduce
  }
  %row = memref.subview %buf[1, 0] [1, 2] [1, 1] : memref<2x2xf32> to memref<2xf32, strided<[1], offset: 2>>
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    %v = memref.load %row[%i] : memref<2xf32, strided<[1], offset: 2>>
    memref.store %v, %out[%i] : memref<2xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @masked(
// CHECK-COUNT-2: scf.parallel
func.func @masked(%a: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %vec = arith.constant dense<1.0> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    vector.transfer_write %vec, %a[%c0], %mask {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    %v = memref.load %a[%c1] : memref<4xf32>
    memref.store %v, %a[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @result_feeds_second(
// CHECK-COUNT-2: scf.parallel
func.func @result_feeds_second(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r1 = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      scf.reduce.return %s : f32
    }
  }
  %r2 = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%r1) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      scf.reduce.return %s : f32
    }
  }
  return %r2 : f32
}

// CHECK-LABEL: func.func @arguments_may_alias(
// CHECK-COUNT-2: scf.parallel
func.func @arguments_may_alias(%a: memref<4xf32>, %b: memref<4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %a[%i] : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %b[%i] : memref<4xf32>
    memref.store %v, %out[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @unknown_effects(
// CHECK-COUNT-2: scf.parallel
func.func @unknown_effects(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    "test.touch"(%a) : (memref<4xf32>) -> ()
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.reduce
  }
  return
}
