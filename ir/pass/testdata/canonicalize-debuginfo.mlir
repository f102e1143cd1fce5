// RUN: kiln opt %s -split-input-file -mlir-print-debuginfo -mlir-print-local-scope -pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// Equal constants merge into one, which then stands for all of them: it has
// no one source location.
// CHECK-LABEL: func.func @merged
// CHECK-NEXT:    arith.constant 7 : i32 loc(unknown)
// CHECK-NEXT:    return
func.func @merged() -> (i32, i32) {
  %0 = arith.constant 7 : i32 loc("a":1:1)
  %1 = arith.constant 7 : i32 loc("a":2:1)
  return %0, %1 : i32, i32
}

// -----

// A constant moved to the front of its own block keeps its location; one
// hoisted out of a nested block loses it. A folded value's constant is made
// at the folded op's location (MLIR's driver materializes it with the op's
// location, bypassing the OperationFolder), which it keeps when moved to the
// front of that same block.
// CHECK-LABEL: func.func @moved
// CHECK-DAG:     arith.constant 5 : i32 loc(unknown)
// CHECK-DAG:     arith.constant 9 : i32 loc("b":6:1)
// CHECK-DAG:     arith.constant 3 : i32 loc("b":3:1)
// CHECK-DAG:     arith.constant 1 : i32 loc("b":1:1)
// CHECK:         memref.store
func.func @moved(%m: memref<4xi32>, %c: i1) -> (i32, i32) {
  %one = arith.constant 1 : i32 loc("b":1:1)
  %i = arith.constant 0 : index loc("b":2:1)
  memref.store %one, %m[%i] : memref<4xi32>
  %three = arith.constant 3 : i32 loc("b":3:1)
  scf.if %c {
    %five = arith.constant 5 : i32 loc("b":4:1)
    memref.store %five, %m[%i] : memref<4xi32>
  }
  %six = arith.constant 6 : i32 loc("b":5:1)
  %nine = arith.addi %three, %six : i32 loc("b":6:1)
  return %three, %nine : i32, i32
}

// -----

// A fold whose value equals a known constant makes its own constant, which
// the next sweep merges into the known one: that one then stands for both
// and has no one location.
// CHECK-LABEL: func.func @fold_merged
// CHECK-NEXT:    arith.constant 42 : i32 loc(unknown)
// CHECK-NEXT:    return
func.func @fold_merged() -> (i32, i32) {
  %c42 = arith.constant 42 : i32 loc("c":1:1)
  %c40 = arith.constant 40 : i32 loc("c":2:1)
  %c2 = arith.constant 2 : i32 loc("c":3:1)
  %x = arith.addi %c40, %c2 : i32 loc("c":4:1)
  return %c42, %x : i32, i32
}
