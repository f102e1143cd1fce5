// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-disable-threading | FileCheck %s

// Value names and their conflict suffixes start afresh in each function,
// as MLIR prints them, whether functions are printed in parallel or not.

// CHECK-LABEL: func.func @first
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
func.func @first() -> (index, index, index) {
  %a = arith.constant 0 : index
  %b = arith.constant 0 : index
  %c = arith.constant 0 : index
  return %a, %b, %c : index, index, index
}

// CHECK-LABEL: func.func @second
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.addi %c0, %c0_0 : index
func.func @second() -> index {
  %a = arith.constant 0 : index
  %b = arith.constant 0 : index
  %s = arith.addi %a, %b : index
  return %s : index
}
