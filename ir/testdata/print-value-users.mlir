// RUN: kiln opt %s --mlir-print-value-users | FileCheck %s

// Each block argument gets a comment line with its users, latest use
// first; an op without results gets an id (%N, counted with the values)
// and, when it has operands, a comment with it; an op with results the
// users of each (grouped per result when it has several), "user" when one
// op uses its one result to compute at most one value.

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> (i32, i32) {
// CHECK-NEXT:    // %arg0 is used by %[[SUB:.*]], %[[ADD:.*]], %[[STORE:.*]]
// CHECK-NEXT:    // %arg1 is unused
// CHECK-NEXT:    // %arg2 is used by %[[STORE]]
// CHECK-NEXT:    memref.store %arg0, %arg2[] : memref<i32> // id: %[[STORE]]
// CHECK-NEXT:    %[[ADD]] = arith.addi %arg0, %arg0 : i32 // users: %[[RET:.*]], %[[SUB]], %[[MUL:.*]]
// CHECK-NEXT:    %[[MUL]] = arith.muli %[[ADD]], %[[ADD]] : i32 // unused
// CHECK-NEXT:    %[[SUB]] = arith.subi %[[ADD]], %arg0 : i32 // user: %[[YIELD:.*]]
// CHECK-NEXT:    %[[ER:.*]]:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:      scf.yield %[[SUB]], %[[SUB]] : i32, i32 // id: %[[YIELD]]
// CHECK-NEXT:    } // users: (unused), (%[[RET]])
// CHECK-NEXT:    return %[[ADD]], %[[ER]]#1 : i32, i32 // id: %[[RET]]
func.func @f(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  memref.store %a, %m[] : memref<i32>
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %0, %a : i32
  %3:2 = scf.execute_region -> (i32, i32) {
    scf.yield %2, %2 : i32, i32
  }
  return %0, %3#1 : i32, i32
}
