// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// A commutative op equals another with its operands swapped; a
// non-commutative one does not.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[S]], %[[T]]
func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Equal loads with only reads, allocations and pure ops between them are
// one load.
// CHECK-LABEL: func.func @reads
// CHECK-NEXT:    %[[L:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    %[[S:.*]] = memref.alloca
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[S]][%arg1]
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[L]], %[[L]]
// CHECK-NEXT:    return %[[M]], %[[X]]
func.func @reads(%m: memref<4xf32>, %i: index) -> (f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %s = memref.alloca() : memref<4xf32>
  %x = memref.load %s[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  %2 = arith.mulf %0, %1 : f32
  return %2, %x : f32, f32
}

// -----

// A store, or an op whose effects are unknown, between two loads keeps
// both; the load after it is then the one later equal loads take.
// CHECK-LABEL: func.func @writes_between
// CHECK-NEXT:    %[[A:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[B:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    "u.unknown"()
// CHECK-NEXT:    %[[C:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    return %[[A]], %[[B]], %[[B]], %[[C]], %[[C]]
func.func @writes_between(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  "u.unknown"() : () -> ()
  %3 = memref.load %m[%i] : memref<4xf32>
  %4 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// -----

// Reads merge only within one block: a load in a nested region stays,
// unlike a pure op, which the outer one replaces.
// CHECK-LABEL: func.func @nested
// CHECK:         %[[L:.*]] = memref.load
// CHECK:         %[[C:.*]] = arith.addf
// CHECK:         scf.if
// CHECK-NEXT:      %[[L2:.*]] = memref.load
// CHECK-NEXT:      "u.use"(%[[L2]], %[[C]])
func.func @nested(%m: memref<4xf32>, %i: index, %c: i1) -> f32 {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = arith.addf %0, %0 : f32
  scf.if %c {
    %2 = memref.load %m[%i] : memref<4xf32>
    %3 = arith.addf %0, %0 : f32
    "u.use"(%2, %3) : (f32, f32) -> ()
  }
  return %1 : f32
}

// -----

// Ops with regions merge when their bodies are the same ops on the same
// values (their own arguments standing for each other); a different body,
// or one with effects, keeps them apart.
// CHECK-LABEL: func.func @regions
// CHECK:         %[[A:.*]] = scf.if %arg0 -> (i32) {
// CHECK:         %[[C:.*]] = scf.if %arg0 -> (i32) {
// CHECK:           arith.subi
// CHECK:         scf.for
// CHECK:         scf.for
// CHECK:         return %[[A]], %[[A]], %[[C]]
func.func @regions(%c: i1, %x: i32, %y: i32, %m: memref<4xi32>, %n: index) -> (i32, i32, i32) {
  %a = scf.if %c -> (i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> (i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  %d = scf.if %c -> (i32) {
    %s = arith.subi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    memref.store %acc, %m[%i] : memref<4xi32>
    scf.yield %acc : i32
  }
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    memref.store %acc, %m[%i] : memref<4xi32>
    scf.yield %acc : i32
  }
  return %a, %b, %d : i32, i32, i32
}

// -----

// Regions compare as MLIR's OperationEquivalence: a nested commutative op
// matches with its operands swapped, and a nested op's blocks are compared
// one by one, branches to the blocks at the same places; the blocks after
// the first count too (@nested_blocks's third and fourth ifs differ there).
// CHECK-LABEL: func.func @nested_blocks
// CHECK:         %[[A:.*]] = scf.if
// CHECK:           arith.addi
// CHECK:         %[[D:.*]] = scf.if
// CHECK:           scf.yield %arg2
// CHECK:         %[[E:.*]] = scf.if
// CHECK:           scf.yield %arg1
// CHECK:         return %[[A]], %[[A]], %[[D]], %[[E]]
func.func @nested_blocks(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %a = scf.if %c -> (i32) {
    %r = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      %s = arith.addi %x, %y : i32
      scf.yield %s : i32
    }
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> (i32) {
    %r = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      %s = arith.addi %y, %x : i32
      scf.yield %s : i32
    }
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  %d = scf.if %c -> (i32) {
    %r = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      scf.yield %y : i32
    }
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  %e = scf.if %c -> (i32) {
    %r = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      scf.yield %x : i32
    }
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  return %a, %b, %d, %e : i32, i32, i32, i32
}
