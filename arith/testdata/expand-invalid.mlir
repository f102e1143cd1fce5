// RUN: kiln opt %s --arith-expand="include-bf16=true include-f8e8m0=true" --split-input-file --verify-diagnostics

// An 8-bit scale other than f8E8M0FNU has no expansion.
func.func @scale_f8E5M2(%a: f4E2M1FN, %s: f8E5M2) -> f32 {
  // expected-error @+1 {{failed to legalize operation 'arith.scaling_extf' that was explicitly marked illegal}}
  %0 = arith.scaling_extf %a, %s : f4E2M1FN, f8E5M2 to f32
  return %0 : f32
}

// -----

// Only the default rounding mode expands, as in MLIR.
func.func @bf16_upward(%b: f32) -> bf16 {
  // expected-error @+1 {{failed to legalize operation 'arith.truncf' that was explicitly marked illegal}}
  %0 = arith.truncf %b upward : f32 to bf16
  return %0 : bf16
}

// -----

func.func @f8e8m0_downward(%b: f32) -> f8E8M0FNU {
  // expected-error @+1 {{failed to legalize operation 'arith.truncf' that was explicitly marked illegal}}
  %0 = arith.truncf %b downward : f32 to f8E8M0FNU
  return %0 : f8E8M0FNU
}
