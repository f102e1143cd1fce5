// RUN: kiln opt --affine-loop-invariant-code-motion --split-input-file %s | FileCheck %s

// Pure ops not using the loop move out, innermost loop first, and then
// out of the next loop, the emptied inner loop with them; the store of a
// value indexed by the loop stays.
// CHECK-LABEL: func.func @pure
// CHECK-SAME:    (%[[A:.*]]: f32, %[[M:.*]]: memref<8xf32>)
// CHECK-NEXT:    arith.mulf %[[A]], %[[A]] : f32
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK-NEXT:    %[[T:.*]] = arith.addf %[[S]], %[[A]] : f32
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.store %[[T]], %[[M]][%[[I]]]
// CHECK-NEXT:    }
func.func @pure(%a: f32, %m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %s = arith.mulf %a, %a : f32
    }
    %s = arith.mulf %a, %a : f32
    %t = arith.addf %s, %a : f32
    affine.store %t, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// A load of element 0 moves out of a loop storing elements 1 to 8: the
// index ranges are disjoint. A load of element 4 overlaps them and stays.
// CHECK-LABEL: func.func @disjoint
// CHECK-NEXT:    %[[V:.*]] = affine.load %{{.*}}[0]
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load %{{.*}}[4]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
func.func @disjoint(%m: memref<16xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[0] : memref<16xf32>
    %w = affine.load %m[4] : memref<16xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %m[%i + 1] : memref<16xf32>
  }
  return
}

// -----

// An index range that overflows is unknown: the store writes element 2^62
// at %i = 1, so the load of it stays.
// CHECK-LABEL: func.func @range_overflow
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.store
func.func @range_overflow(%m: memref<?xf32>, %x: f32) {
  affine.for %i = 0 to 4 {
    %v = affine.load %m[4611686018427387904] : memref<?xf32>
    affine.store %x, %m[%i * 4611686018427387904] : memref<?xf32>
  }
  return
}

// -----

// A store moves only out of a loop known to run: not out of one with a
// symbolic bound, nor out of one that never runs.
// CHECK-LABEL: func.func @trip_count
// CHECK-SAME:    (%[[M:.*]]: memref<4xf32>, %[[X:.*]]: f32, %[[N:.*]]: index)
// CHECK-NEXT:    affine.store %[[X]], %[[M]][0]
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %[[N]] {
// CHECK-NEXT:      affine.store %[[X]], %[[M]][1]
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %{{.*}} = 5 to 5 {
// CHECK-NEXT:      affine.store %[[X]], %[[M]][2]
// CHECK-NEXT:    }
func.func @trip_count(%m: memref<4xf32>, %x: f32, %n: index) {
  affine.for %i = 0 to 3 {
    affine.store %x, %m[0] : memref<4xf32>
  }
  affine.for %i = 0 to %n {
    affine.store %x, %m[1] : memref<4xf32>
  }
  affine.for %i = 5 to 5 {
    affine.store %x, %m[2] : memref<4xf32>
  }
  return
}

// -----

// Another op of the loop that may write the memref (a call, whose effects
// are unknown) keeps a load in; so does a memref.store.
// CHECK-LABEL: func.func @other_writers
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      func.call @g
// CHECK:         affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      memref.store
func.func private @g(memref<4xf32>)
func.func @other_writers(%m: memref<4xf32>, %x: f32, %c: index) {
  affine.for %i = 0 to 4 {
    %v = affine.load %m[0] : memref<4xf32>
    func.call @g(%m) : (memref<4xf32>) -> ()
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %m[0] : memref<4xf32>
    memref.store %x, %m[%c] : memref<4xf32>
  }
  return
}

// -----

// The trip count of %n to %n + 2 is known: the store moves out. A loop
// from %n to %n - 1 never runs, and one to min(%n + 4, %k) may not.
// CHECK-LABEL: func.func @symbolic_trip_count
// CHECK-NEXT:    affine.store %{{.*}}[0]
// CHECK-NEXT:    affine.for
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store %{{.*}}[1]
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store %{{.*}}[2]
func.func @symbolic_trip_count(%m: memref<4xf32>, %x: f32, %n: index, %k: index) {
  affine.for %i = %n to affine_map<()[s0] -> (s0 + 2)>()[%n] {
    affine.store %x, %m[0] : memref<4xf32>
  }
  affine.for %i = %n to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.store %x, %m[1] : memref<4xf32>
  }
  affine.for %i = %n to min affine_map<()[s0, s1] -> (s0 + 4, s1)>()[%n, %k] {
    affine.store %x, %m[2] : memref<4xf32>
  }
  return
}
