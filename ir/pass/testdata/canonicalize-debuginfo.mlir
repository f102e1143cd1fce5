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
// hoisted out of a nested block loses it, and so does a folded value's.
// CHECK-LABEL: func.func @moved
// CHECK-DAG:     arith.constant 5 : i32 loc(unknown)
// CHECK-DAG:     arith.constant 9 : i32 loc(unknown)
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
