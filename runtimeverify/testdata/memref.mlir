// RUN: kiln opt %s --generate-runtime-verification --split-input-file | FileCheck %s
// RUN: kiln opt %s --generate-runtime-verification=verbose-level=0 --split-input-file | FileCheck %s --check-prefix=TERSE
// RUN: not kiln opt %s --generate-runtime-verification=verbose-level=2 --split-input-file 2>&1 | FileCheck %s --check-prefix=BADLEVEL

// BADLEVEL: memref.mlir:0:0: error: generate-runtime-verification pass: set verboseLevel to 0 or 1

// Each index is checked against its dimension; a static dimension folds
// to a constant (the dim's own index constant stays, as in MLIR).
// CHECK-LABEL: func.func @load(
//  CHECK-SAME:     %[[M:.*]]: memref<?x4xf32>, %[[I:.*]]: index, %[[J:.*]]: index
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D0:.*]] = memref.dim %[[M]], %{{.*}} : memref<?x4xf32>
//       CHECK:   %[[GE0:.*]] = arith.cmpi sge, %[[I]], %[[C0]] : index
//       CHECK:   %[[LT0:.*]] = arith.cmpi slt, %[[I]], %[[D0]] : index
//       CHECK:   %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : i1
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[GE1:.*]] = arith.cmpi sge, %[[J]], %[[C0]] : index
//       CHECK:   %[[LT1:.*]] = arith.cmpi slt, %[[J]], %[[C4]] : index
//       CHECK:   %[[IN1:.*]] = arith.andi %[[GE1]], %[[LT1]] : i1
//       CHECK:   %[[ALL:.*]] = arith.andi %[[IN0]], %[[IN1]] : i1
//       CHECK:   cf.assert %[[ALL]], "ERROR: Runtime op verification failed\0A%0 = \22memref.load\22(%arg0, %arg1, %arg2) : (memref<?x4xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22{{.*}}memref.mlir\22:26:8)"
//  CHECK-NEXT:   memref.load %[[M]][%[[I]], %[[J]]]
// TERSE-LABEL: func.func @load(
//       TERSE:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22{{.*}}memref.mlir\22:26:8)"
func.func @load(%m: memref<?x4xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x4xf32>
  return %v : f32
}

// -----

// A constant in-bounds index folds the check to true; a rank-0 access has
// nothing to check.
// CHECK-LABEL: func.func @store(
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   cf.assert %[[T]], "ERROR: Runtime op verification failed\0A\22memref.store\22(%arg1, %arg0, %0) : (f32, memref<4xf32>, index) -> ()\0A^ out-of-bounds access
//       CHECK:   memref.store
//   CHECK-NOT:   cf.assert
//       CHECK:   memref.store %{{.*}}, %{{.*}}[] : memref<f32>
func.func @store(%m: memref<4xf32>, %v: f32, %s: memref<f32>) {
  %c2 = arith.constant 2 : index
  memref.store %v, %m[%c2] : memref<4xf32>
  memref.store %v, %s[] : memref<f32>
  return
}

// -----

// CHECK-LABEL: func.func @atomics(
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = \22memref.atomic_rmw\22(%arg2, %arg0, %arg1) <{kind = 1 : i64}> : (i32, memref<?xi32>, index) -> i32\0A^ out-of-bounds access
//       CHECK:   memref.atomic_rmw addi
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%1 = \22memref.generic_atomic_rmw\22(%arg0, %arg1) ({...}) : (memref<?xi32>, index) -> i32\0A^ out-of-bounds access
//       CHECK:   memref.generic_atomic_rmw
func.func @atomics(%m: memref<?xi32>, %i: index, %v: i32) -> (i32, i32) {
  %x = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<?xi32>) -> i32
  %y = memref.generic_atomic_rmw %m[%i] : memref<?xi32> {
  ^bb0(%cur: i32):
    %n = arith.muli %cur, %v : i32
    memref.atomic_yield %n : i32
  }
  return %x, %y : i32, i32
}

// -----

// CHECK-LABEL: func.func @dim(
//  CHECK-SAME:     %[[M:.*]]: memref<?xf32>, %[[I:.*]]: index
//       CHECK:   %[[R:.*]] = memref.rank %[[M]] : memref<?xf32>
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[GE:.*]] = arith.cmpi sge, %[[I]], %[[C0]] : index
//       CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[R]] : index
//       CHECK:   %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
//       CHECK:   cf.assert %[[IN]], "ERROR: Runtime op verification failed\0A%0 = \22memref.dim\22(%arg0, %arg1) : (memref<?xf32>, index) -> index\0A^ index is out of bounds
func.func @dim(%m: memref<?xf32>, %i: index) -> index {
  %d = memref.dim %m, %i : memref<?xf32>
  return %d : index
}

// -----

// A cast checks the static sizes it assumes of dynamic ones, the offset
// and the strides; from an unranked memref, the rank first. A cast to an
// unranked memref assumes nothing.
// CHECK-LABEL: func.func @cast(
//  CHECK-SAME:     %[[M:.*]]: memref<?xf32>, %[[U:.*]]: memref<*xf32>
//       CHECK:   %[[H:.*]] = memref.cast %[[M]] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
//       CHECK:   %{{.*}}, %[[OFF:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[H]]
//       CHECK:   %[[D:.*]] = memref.dim %[[M]], %{{.*}} : memref<?xf32>
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[EQ:.*]] = arith.cmpi eq, %[[D]], %[[C4]] : index
//       CHECK:   cf.assert %[[EQ]], "{{.*}}\0A^ size mismatch of dim 0
//       CHECK:   arith.cmpi eq, %[[OFF]], %{{.*}} : index
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ offset mismatch
//       CHECK:   arith.cmpi eq, %[[STRIDE]], %{{.*}} : index
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = \22memref.cast\22(%arg0) : (memref<?xf32>) -> memref<4xf32>\0A^ stride mismatch of dim 0
//       CHECK:   memref.cast %[[M]] : memref<?xf32> to memref<4xf32>
//       CHECK:   %[[R:.*]] = memref.rank %[[U]] : memref<*xf32>
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[SAME:.*]] = arith.cmpi eq, %[[R]], %[[C1]] : index
//       CHECK:   cf.assert %[[SAME]], "ERROR: Runtime op verification failed\0A%1 = \22memref.cast\22(%arg1) : (memref<*xf32>) -> memref<2xf32, strided<[2], offset: 1>>\0A^ rank mismatch
//       CHECK:   cf.assert %{{.*}} size mismatch of dim 0
//       CHECK:   cf.assert %{{.*}} offset mismatch
//       CHECK:   cf.assert %{{.*}} stride mismatch of dim 0
//       CHECK:   memref.cast %[[U]] : memref<*xf32> to memref<2xf32, strided<[2], offset: 1>>
//   CHECK-NOT:   cf.assert
//       CHECK:   return
func.func @cast(%m: memref<?xf32>, %u: memref<*xf32>) {
  %0 = memref.cast %m : memref<?xf32> to memref<4xf32>
  %1 = memref.cast %u : memref<*xf32> to memref<2xf32, strided<[2], offset: 1>>
  %2 = memref.cast %m : memref<?xf32> to memref<*xf32>
  return
}

// -----

// Only the dimensions dynamic on either side are compared.
// CHECK-LABEL: func.func @copy(
//  CHECK-SAME:     %[[A:.*]]: memref<?x4x5xf32>, %[[B:.*]]: memref<3x?x5xf32>
//       CHECK:   %[[DA:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x4x5xf32>
//       CHECK:   %[[C3:.*]] = arith.constant 3 : index
//       CHECK:   %[[EQ0:.*]] = arith.cmpi eq, %[[DA]], %[[C3]] : index
//       CHECK:   cf.assert %[[EQ0]], "ERROR: Runtime op verification failed\0A\22memref.copy\22(%arg0, %arg1) : (memref<?x4x5xf32>, memref<3x?x5xf32>) -> ()\0A^ size of 0-th source/target dim does not match
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[DB:.*]] = memref.dim %[[B]], %{{.*}} : memref<3x?x5xf32>
//       CHECK:   %[[EQ1:.*]] = arith.cmpi eq, %[[C4]], %[[DB]] : index
//       CHECK:   cf.assert %[[EQ1]], "{{.*}}size of 1-th source/target dim does not match
//   CHECK-NOT:   cf.assert
//       CHECK:   memref.copy
func.func @copy(%a: memref<?x4x5xf32>, %b: memref<3x?x5xf32>) {
  memref.copy %a, %b : memref<?x4x5xf32> to memref<3x?x5xf32>
  return
}

// -----

// CHECK-LABEL: func.func @expand_shape(
//  CHECK-SAME:     %[[M:.*]]: memref<?x6xf32>
//       CHECK:   %[[D0:.*]] = memref.dim %[[M]], %{{.*}} : memref<?x6xf32>
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[MOD0:.*]] = arith.remsi %[[D0]], %[[C4]] : index
//       CHECK:   %[[EQ0:.*]] = arith.cmpi eq, %[[MOD0]], %{{.*}} : index
//       CHECK:   cf.assert %[[EQ0]], "ERROR: Runtime op verification failed\0A%0 = \22memref.expand_shape\22(%arg0, %arg1) <{reassociation = {{\[\[}}0, 1], [2, 3]], static_output_shape = array<i64: -9223372036854775808, 4, 2, 3>}> : (memref<?x6xf32>, index) -> memref<?x4x2x3xf32>\0A^ static result dims in reassoc group do not divide src dim evenly
//       CHECK:   %[[D1:.*]] = memref.dim %[[M]], %{{.*}} : memref<?x6xf32>
//       CHECK:   %[[C6:.*]] = arith.constant 6 : index
//       CHECK:   arith.remsi %[[D1]], %[[C6]] : index
//       CHECK:   cf.assert
//       CHECK:   memref.expand_shape
func.func @expand_shape(%m: memref<?x6xf32>, %n: index) -> memref<?x4x2x3xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%n, 4, 2, 3] : memref<?x6xf32> into memref<?x4x2x3xf32>
  return %0 : memref<?x4x2x3xf32>
}

// -----

// Per dimension of the source: the offset is in bounds (up to the size of
// the dimension for an empty slice), and so is the last element of a
// non-empty slice.
// CHECK-LABEL: func.func @subview(
//  CHECK-SAME:     %[[M:.*]]: memref<?x4xf32>, %[[O:.*]]: index, %[[S:.*]]: index
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %{{.*}}, %{{.*}}, %[[SIZES:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %[[M]]
//       CHECK:   %[[STRIDE:.*]] = arith.constant 2 : index
//       CHECK:   %[[EMPTY:.*]] = arith.cmpi eq, %[[S]], %[[C0]] : index
//       CHECK:   %[[OK0:.*]] = scf.if %[[EMPTY]] -> (i1) {
//       CHECK:     arith.cmpi sge, %[[O]], %[[C0]] : index
//       CHECK:     arith.cmpi sle, %[[O]], %[[SIZES]]#0 : index
//       CHECK:     arith.andi
//       CHECK:   } else {
//       CHECK:     arith.cmpi sge, %[[O]], %[[C0]] : index
//       CHECK:     arith.cmpi slt, %[[O]], %[[SIZES]]#0 : index
//       CHECK:     arith.andi
//       CHECK:   }
//       CHECK:   cf.assert %[[OK0]], "ERROR: Runtime op verification failed\0A%0 = \22memref.subview\22(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 2, 1>}> : (memref<?x4xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ offset 0 is out-of-bounds
//       CHECK:   %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[S]], %[[C0]] : index
//       CHECK:   %[[OK1:.*]] = scf.if %[[NONEMPTY]] -> (i1) {
//       CHECK:     %[[SM1:.*]] = arith.subi %[[S]], %[[C1]] : index
//       CHECK:     %[[SPAN:.*]] = arith.muli %[[SM1]], %[[STRIDE]] : index
//       CHECK:     %[[LAST:.*]] = arith.addi %[[O]], %[[SPAN]] : index
//       CHECK:     arith.cmpi sge, %[[LAST]], %[[C0]] : index
//       CHECK:     arith.cmpi slt, %[[LAST]], %[[SIZES]]#0 : index
//       CHECK:   } else {
//       CHECK:     %[[T:.*]] = arith.constant true
//       CHECK:     scf.yield %[[T]] : i1
//       CHECK:   }
//       CHECK:   cf.assert %[[OK1]], "{{.*}}\0A^ subview runs out-of-bounds along dimension 0
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ offset 1 is out-of-bounds
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ subview runs out-of-bounds along dimension 1
//  CHECK-NEXT:   memref.subview
func.func @subview(%m: memref<?x4xf32>, %o: index, %s: index) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
  %0 = memref.subview %m[%o, 0] [%s, 4] [2, 1] : memref<?x4xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  return %0 : memref<?x4xf32, strided<[8, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @assume_alignment(
//       CHECK:   %[[P:.*]] = memref.extract_aligned_pointer_as_index %arg0 : memref<4xf32> -> index
//       CHECK:   %[[C16:.*]] = arith.constant 16 : index
//       CHECK:   %[[REST:.*]] = arith.remui %[[P]], %[[C16]] : index
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[ALIGNED:.*]] = arith.cmpi eq, %[[REST]], %[[C0]] : index
//       CHECK:   cf.assert %[[ALIGNED]], "ERROR: Runtime op verification failed\0A%0 = \22memref.assume_alignment\22(%arg0) <{alignment = 16 : i32}> : (memref<4xf32>) -> memref<4xf32>\0A^ memref is not aligned to 16
func.func @assume_alignment(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.assume_alignment %m, 16 : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// Ops nested in regions are checked in place; the checks themselves get
// none (no check of the memref.dim the load's check adds).
// CHECK-LABEL: func.func @nested(
//       CHECK:   scf.for
//       CHECK:     memref.dim
//   CHECK-NOT:     memref.rank
//       CHECK:     cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%1 = \22memref.load\22(%arg0, %arg3)
//       CHECK:     memref.load
func.func @nested(%m: memref<?xf32>, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %v = memref.load %m[%i] : memref<?xf32>
  }
  return
}

// The bad level is an error about the module (MLIR's emitError on the
// pass's op), with the note that shows it.
// BADLEVEL-NEXT: memref.mlir:0:0: note: see current operation:{{ *$}}
// BADLEVEL-NEXT: "builtin.module"() ({
