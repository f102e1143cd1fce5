// RUN: kiln opt %s --convert-scf-to-cf --verify-diagnostics
// RUN: not kiln opt %s --convert-scf-to-cf 2>&1 | FileCheck %s --check-prefix=NOTE

// A forall with shared outputs is not bufferized: MLIR's lowering to
// scf.parallel refuses it, and the op stays illegal. The driver's error is
// op->emitError: the note shows the op, generic, on lines of its own.
// NOTE: :[[@LINE+5]]:8: error: failed to legalize operation 'scf.forall' that was explicitly marked illegal
// NOTE: :[[@LINE+4]]:8: note: see current operation:{{ *$}}
// NOTE-NEXT: %0 = "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>
func.func @forall_outputs(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  return %r : tensor<4xf32>
}
