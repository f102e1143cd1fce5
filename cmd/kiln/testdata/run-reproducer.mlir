// --run-reproducer runs the pipeline of the input's mlir_reproducer
// resource, with its threading and verify-each settings, and does not
// print the resource back; without the flag it passes through untouched.
// RUN: kiln opt %s --run-reproducer -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: kiln opt %s --run-reproducer -mlir-print-ir-before=cse -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: kiln opt %s --run-reproducer --canonicalize | FileCheck %s
// RUN: kiln opt %s | FileCheck %s --check-prefix=KEPT

func.func @foo() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

func.func @bar() {
  return
}

{-#
  external_resources: {
    mlir_reproducer: {
      verify_each: true,
      pipeline: "builtin.module(func.func(cse))",
      disable_threading: true
    },
    other: {
      kept: true
    }
  }
#-}

// PIPE:      Pass Manager with 1 passes:
// PIPE-NEXT: builtin.module(
// PIPE-NEXT:   func.func(
// PIPE-NEXT:     cse
// PIPE-NEXT:   )
// PIPE-NEXT: )

// Module scope needs threading off, which the reproducer sets.
// BEFORE:      // -----// IR Dump Before CSE: cse ('func.func' operation: @foo) //----- //
// BEFORE-NEXT: module {
// BEFORE:      // -----// IR Dump Before CSE: cse ('func.func' operation: @bar) //----- //

// The reproducer's cse, then the command line's canonicalize.
// CHECK:       func.func @foo() -> i32 {
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    return %c2_i32 : i32
// CHECK:       external_resources: {
// CHECK-NEXT:    other: {
// CHECK-NEXT:      kept: true
// CHECK-NOT:   mlir_reproducer

// KEPT:       %0 = arith.addi
// KEPT:       mlir_reproducer: {
// KEPT-NEXT:    verify_each: true,
