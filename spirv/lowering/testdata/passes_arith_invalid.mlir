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

// -----

// Without Float16, f16 is computed in f32 as in MLIR, but a conversion to
// it, which MLIR makes a conversion to f32, is refused: the result would
// not be rounded.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @round_to_half(%a: f32) -> f16 {
    // expected-error @+1 {{'arith.truncf' op converts to f16, which this target computes in f32 (no Float16 capability): the result would not be rounded}}
    %0 = arith.truncf %a : f32 to f16
    return %0 : f16
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @int_to_half(%a: i32) -> vector<2xf16> {
    %v = vector.broadcast %a : i32 to vector<2xi32>
    // expected-error @+1 {{'arith.sitofp' op converts to f16, which this target computes in f32 (no Float16 capability): the result would not be rounded}}
    %0 = arith.sitofp %v : vector<2xi32> to vector<2xf16>
    return %0 : vector<2xf16>
  }
}

// -----

// Nor is a bitcast to or from such an f16: its bits are not an f32's.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @half_bits(%a: i16) -> f16 {
    // expected-error @+1 {{failed to legalize operation 'arith.bitcast' that was explicitly marked illegal}}
    %0 = arith.bitcast %a : i16 to f16
    return %0 : f16
  }
}
