// RUN: kiln opt %s --split-input-file --convert-arith-to-spirv --verify-diagnostics

// Every arith op must convert: what does not is MLIR's diagnostic.
func.func @away(%a: f32) -> f32 {
  // expected-error @+1 {{failed to legalize operation 'arith.truncf' that was explicitly marked illegal}}
  %0 = arith.truncf %a to_nearest_away : f32 to bf16
  %1 = arith.extf %0 : bf16 to f32
  return %1 : f32
}

// -----

func.func @signed_bool_order(%p: i1, %q: i1) -> i1 {
  // expected-error @+1 {{failed to legalize operation 'arith.cmpi' that was explicitly marked illegal}}
  %0 = arith.cmpi slt, %p, %q : i1
  return %0 : i1
}
