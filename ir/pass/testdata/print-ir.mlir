// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(print-ir{label=before}, canonicalize, print-ir))' 2>&1 | FileCheck %s

// Each print-ir prints the function it runs on as it is at that point of
// the pipeline, with its label if it has one; the IR stays as it is.
// CHECK:      // -----// IR Dump before //----- //
// CHECK-NEXT: func.func @f() -> i32 {
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:   %0 = arith.addi %c1_i32, %c2_i32 : i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
// CHECK:      // -----// IR Dump //----- //
// CHECK-NEXT: func.func @f() -> i32 {
// CHECK-NEXT:   %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:   return %c3_i32 : i32
// CHECK-NEXT: }
// CHECK:      module {
// CHECK-NEXT:   func.func @f() -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
