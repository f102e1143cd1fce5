// RUN: kiln opt %s --split-input-file --convert-vector-to-spirv --convert-arith-to-spirv --convert-math-to-spirv --verify-diagnostics | FileCheck %s

// to_nearest_even is the rounding a float op (arith.addf, subf, mulf, divf,
// math.fma) has without a mode: it lowers to the plain op. Other modes are
// refused: MLIR drops them, but SPIR-V has no decoration that rounds an
// arithmetic op (FPRoundingMode decorates only conversions), so the op would
// round to nearest (docs/RATIONALE.md).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @to_nearest_even
  // CHECK: spirv.FAdd %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: rounding
  // CHECK: spirv.FDiv %{{.*}}, %{{.*}} : vector<4xf32>
  // CHECK-NOT: rounding
  // CHECK: spirv.GL.Fma %{{.*}}, %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: rounding
  // CHECK: return
  func.func @to_nearest_even(%a: f32, %v: vector<4xf32>) -> (f32, vector<4xf32>, f32) {
    %0 = arith.addf %a, %a to_nearest_even fastmath<fast> : f32
    %1 = arith.divf %v, %v to_nearest_even : vector<4xf32>
    %2 = math.fma %a, %a, %a to_nearest_even fastmath<contract> : f32
    return %0, %1, %2 : f32, vector<4xf32>, f32
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @downward(%a: f32) -> f32 {
    // expected-error @+1 {{'arith.addf' op rounds downward, which SPIR-V cannot express for spirv.FAdd (FPRoundingMode decorates only conversions)}}
    %0 = arith.addf %a, %a downward fastmath<fast> : f32
    return %0 : f32
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @upward(%v: vector<4xf32>) -> vector<4xf32> {
    // expected-error @+1 {{'arith.subf' op rounds upward, which SPIR-V cannot express for spirv.FSub}}
    %0 = arith.subf %v, %v upward : vector<4xf32>
    return %0 : vector<4xf32>
  }
}

// -----

// A Kernel target refuses them too: OpenCL allows FPRoundingMode only on
// conversions as well.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  func.func @toward_zero(%a: f32) -> f32 {
    // expected-error @+1 {{'arith.mulf' op rounds toward_zero, which SPIR-V cannot express for spirv.FMul}}
    %0 = arith.mulf %a, %a toward_zero : f32
    return %0 : f32
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @to_nearest_away(%a: f32) -> f32 {
    // expected-error @+1 {{'arith.divf' op rounds to_nearest_away, which SPIR-V cannot express for spirv.FDiv}}
    %0 = arith.divf %a, %a to_nearest_away : f32
    return %0 : f32
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @fma_downward(%v: vector<4xf32>) -> vector<4xf32> {
    // expected-error @+1 {{'math.fma' op rounds downward, which SPIR-V cannot express for spirv.GL.Fma}}
    %0 = math.fma %v, %v, %v downward fastmath<contract> : vector<4xf32>
    return %0 : vector<4xf32>
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  func.func @fma_toward_zero(%a: f32) -> f32 {
    // expected-error @+1 {{'math.fma' op rounds toward_zero, which SPIR-V cannot express for spirv.CL.fma}}
    %0 = math.fma %a, %a, %a toward_zero : f32
    return %0 : f32
  }
}

// -----

// A sum of products lowers to spirv.Dot, taking in the multiplication,
// unless the multiplication rounds directed: that one is refused.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @dot_upward(%a: vector<4xf32>, %b: vector<4xf32>) -> f32 {
    // expected-error @+1 {{'arith.mulf' op rounds upward, which SPIR-V cannot express for spirv.FMul}}
    %0 = arith.mulf %a, %b upward : vector<4xf32>
    %1 = vector.reduction <add>, %0 : vector<4xf32> into f32
    return %1 : f32
  }
}
