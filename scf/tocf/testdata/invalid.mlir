// RUN: kiln opt %s --convert-scf-to-cf --verify-diagnostics

// A forall with shared outputs is not bufferized: MLIR's lowering to
// scf.parallel refuses it, and the op stays illegal.
func.func @forall_outputs(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  return %r : tensor<4xf32>
}
