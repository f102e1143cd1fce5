// RUN: kiln opt -allow-unregistered-dialect %s -split-input-file -affine-loop-tile="tile-sizes=4,3" | FileCheck %s
// RUN: kiln opt -allow-unregistered-dialect %s -split-input-file -affine-loop-tile | FileCheck %s --check-prefix=MODEL
// RUN: kiln opt -allow-unregistered-dialect %s -split-input-file -affine-loop-tile="tile-size=4 separate" | FileCheck %s --check-prefix=SEP
// RUN: kiln opt -allow-unregistered-dialect %s -split-input-file -affine-loop-tile -verify-diagnostics
// RUN: not kiln opt -allow-unregistered-dialect %s -affine-loop-tile="tile-sizes=2,0" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: option 'tile-sizes' wants positive tile sizes, got 0

// A band becomes tile-space loops stepping by the tile sizes around
// intra-tile loops; 3 divides the inner trip count, 4 does not divide the
// outer one, whose intra-tile loop is bounded by the original upper bound
// too. The original step scales the tile-space step.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$MIN:.*]] = affine_map<(d0)[s0] -> (d0 + 8, s0)>
// CHECK-DAG: #[[$PLUS3:.*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-LABEL: func.func @band
// CHECK-SAME:    (%[[M:.*]]: memref<?x9xf32>, %[[N:.*]]: index)
// CHECK-NEXT:    affine.for %[[T0:.*]] = 0 to %[[N]] step 8 {
// CHECK-NEXT:      affine.for %[[T1:.*]] = 0 to 9 step 3 {
// CHECK-NEXT:        affine.for %[[I:.*]] = #[[$ID]](%[[T0]]) to min #[[$MIN]](%[[T0]])[%[[N]]] step 2 {
// CHECK-NEXT:          affine.for %[[J:.*]] = #[[$ID]](%[[T1]]) to #[[$PLUS3]](%[[T1]]) {
// CHECK-NEXT:            affine.load %[[M]][%[[I]], %[[J]]]
// Without tile sizes, the footprint is unknown, as %m's dynamic dimension
// has no constant extent: the store's region cannot join the load's (with
// MLIR's warning) and the default size 4 is adjusted to trip counts.
// MODEL-LABEL: func.func @band
// MODEL:         affine.for %{{.*}} = 0 to %{{.*}} step 8 {
// MODEL-NEXT:      affine.for %{{.*}} = 0 to 9 step 3 {
func.func @band(%m: memref<?x9xf32>, %n: index) {
  affine.for %i = 0 to %n step 2 {
    affine.for %j = 0 to 9 {
      %v = affine.load %m[%i, %j] : memref<?x9xf32>
      %w = arith.addf %v, %v : f32
      // expected-warning@+1 {{getMemoryFootprintBytes: unable to perform a union on a memory region}}
      affine.store %w, %m[%i, %j] : memref<?x9xf32>
    }
  }
  return
}

// -----

// A trip count below the tile size bounds the intra-tile loop by the trip
// count; nests that are not perfect are tiled in their perfect part, nests
// with iter_args, non-rectangular ones and nested in other ops are left.
// CHECK-DAG: #[[$PLUS2:.*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @shapes
// CHECK-NEXT:    affine.for %[[T:.*]] = 0 to 2 step 4 {
// CHECK-NEXT:      affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to #[[$PLUS2]](%[[T]]) {
// CHECK-NEXT:        "use"(%[[I]])
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 5 {
// CHECK:         affine.for %{{.*}} = 0 to 8 iter_args
// CHECK:         affine.for %[[A:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to #{{.*}}(%[[A]]) {
// CHECK:         scf.execute_region
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
func.func @shapes(%x: index) -> index {
  affine.for %i = 0 to 2 {
    "use"(%i) : (index) -> ()
    affine.for %j = 0 to 5 {
      "use"(%j) : (index) -> ()
    }
  }
  %s = affine.for %i = 0 to 8 iter_args(%a = %x) -> index {
    %b = arith.addi %a, %i : index
    affine.yield %b : index
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      "use"(%j) : (index) -> ()
    }
  }
  scf.execute_region {
    affine.for %i = 0 to 16 {
      "use"(%i) : (index) -> ()
    }
    scf.yield
  }
  return %s : index
}

// -----

// A dependence with a negative distance along a loop, (1, -1) here, makes
// tiling invalid: the nest stays as it is, without a remark (MLIR's since
// PR 149750).
// CHECK-LABEL: func.func @invalid
// CHECK-NEXT:    affine.for %{{.*}} = 1 to 16 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 15 {
func.func @invalid(%m: memref<16x16xf32>) {
  affine.for %i = 1 to 16 {
    affine.for %j = 0 to 15 {
      %v = affine.load %m[%i - 1, %j + 1] : memref<16x16xf32>
      affine.store %v, %m[%i, %j] : memref<16x16xf32>
    }
  }
  return
}

// -----

// Without tile sizes, they come from the footprint: 3 x 256 x 256 f32s
// (768 KiB) are twice the default cache of 512 KiB: the outer loop gets
// 1, the inner 2. A footprint that cannot be measured (index elements)
// gives 4, reduced to a divisor of the trip count (3 for 9).
// MODEL-LABEL: func.func @model
// MODEL:         affine.for %{{.*}} = 0 to 256 {
// MODEL-NEXT:      affine.for %{{.*}} = 0 to 256 step 2 {
// MODEL:         affine.for %{{.*}} = 0 to 9 step 3 {
func.func @model(%a: memref<256x256xf32>, %b: memref<256x256xf32>, %c: memref<256x256xf32>, %d: memref<9xindex>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<256x256xf32>
      %y = affine.load %b[%j, %i] : memref<256x256xf32>
      %z = arith.addf %x, %y : f32
      affine.store %z, %c[%i, %j] : memref<256x256xf32>
    }
  }
  affine.for %i = 0 to 9 {
    %v = affine.load %d[%i] : memref<9xindex>
    affine.store %v, %d[%i] : memref<9xindex>
  }
  return
}

// -----

// With separate, full tiles (each intra-tile loop running its whole tile
// size) run under an affine.if that checks the tile is full, a copy of the
// body inside; the original intra-tile loops take the partial tiles in
// the else block. Constant trip counts that the tile size divides need no
// condition.
// SEP-DAG: #[[$FULL:.*]] = affine_set<(d0)[s0] : (-d0 + s0 - 4 >= 0)>
// SEP-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// SEP-DAG: #[[$PLUS4:.*]] = affine_map<(d0) -> (d0 + 4)>
// SEP-DAG: #[[$MIN:.*]] = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// SEP-LABEL: func.func @separate
// SEP-SAME:    (%[[N:.*]]: index)
// SEP-NEXT:    affine.for %[[T:.*]] = 0 to %[[N]] step 4 {
// SEP-NEXT:      affine.for %[[U:.*]] = 0 to 8 step 4 {
// SEP-NEXT:        affine.if #[[$FULL]](%[[T]])[%[[N]]] {
// SEP-NEXT:          affine.for %[[I:.*]] = #[[$ID]](%[[T]]) to #[[$PLUS4]](%[[T]]) {
// SEP-NEXT:            affine.for %[[J:.*]] = #[[$ID]](%[[U]]) to #[[$PLUS4]](%[[U]]) {
// SEP-NEXT:              "use"(%[[I]], %[[J]])
// SEP-NEXT:            }
// SEP-NEXT:          }
// SEP-NEXT:        } else {
// SEP-NEXT:          affine.for %[[I:.*]] = #[[$ID]](%[[T]]) to min #[[$MIN]](%[[T]])[%[[N]]] {
// SEP-NEXT:            affine.for %[[J:.*]] = #[[$ID]](%[[U]]) to #[[$PLUS4]](%[[U]]) {
// SEP-NEXT:              "use"(%[[I]], %[[J]])
// SEP:         affine.for %[[T:.*]] = 0 to 16 step 4 {
// SEP-NEXT:      affine.for %{{.*}} = #[[$ID]](%[[T]]) to #[[$PLUS4]](%[[T]]) {
// SEP-NEXT:        "use"
func.func @separate(%n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  affine.for %i = 0 to 16 {
    "use"(%i) : (index) -> ()
  }
  return
}

// -----

// The full-tile condition sees through the affine.apply a bound uses, as
// MLIR's getIndexSet composes bound maps: it is over %n, not %m.
// SEP-DAG: #[[$FULL2:.*]] = affine_set<(d0)[s0] : (-d0 + s0 * 2 - 4 >= 0)>
// SEP-LABEL: func.func @separate_apply
// SEP-SAME:    (%[[N:.*]]: index)
// SEP:         %[[M:.*]] = affine.apply
// SEP-NEXT:    affine.for %[[T:.*]] = 0 to %[[M]] step 4 {
// SEP-NEXT:      affine.if #[[$FULL2]](%[[T]])[%[[N]]] {
func.func @separate_apply(%n: index) {
  %m = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  affine.for %i = 0 to %m {
    "use"(%i) : (index) -> ()
  }
  return
}

// -----

// Regions of one memref in different symbols join on their constant
// bounds (the memref's size), as MLIR's unionBoundingBox: %b's footprint
// is its 1 MiB, twice the default cache size, so the tile size is 2.
// MODEL-LABEL: func.func @union_symbols
// MODEL-NEXT:    affine.for %{{.*}} = 0 to 1024 step 2 {
func.func @union_symbols(%b: memref<262144xf32>, %s: index, %t: index) {
  affine.for %i = 0 to 1024 {
    %v = affine.load %b[%i + %s] : memref<262144xf32>
    %w = affine.load %b[%i + %t] : memref<262144xf32>
  }
  return
}
