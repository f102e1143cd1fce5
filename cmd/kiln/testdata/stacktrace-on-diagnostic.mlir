// Each diagnostic gets a note with the Go stack of the code that made it.
// RUN: not kiln opt %s -mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s
// RUN: not kiln translate %s --serialize-spirv -mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s
// RUN: not kiln opt %s 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: not kiln opt %s -mlir-print-stacktrace-on-diagnostic -mlir-disable-diagnostic-notes 2>&1 | FileCheck %s --check-prefix=OFF

func.func @f() -> i32 {
  %0 = arith.constant 1 : i64
  return %0 : i64
}

// CHECK:      error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// CHECK:      note: diagnostic emitted with trace:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/ir.Errorf {{.*}}diag.go:{{[0-9]+}}
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/ir.(*Operation).EmitErrorf
// CHECK-NEXT: #2 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/fn.verifyReturn {{.*}}return.go:{{[0-9]+}}
// The op the error is about comes after, as in MLIR.
// CHECK:      note: see current operation: "func.return"

// OFF-NOT: emitted with trace
