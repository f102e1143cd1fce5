// RUN: kiln opt %s --convert-arith-to-spirv | FileCheck %s

// A float op's rounding mode is dropped, as MLIR's elementwise pattern drops
// it (FPRoundingMode decorates only conversions in shaders; math.fma's is
// dropped too, see passes_math.mlir).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @rounding_modes
  // CHECK: spirv.FAdd %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: rounding
  // CHECK: spirv.FDiv %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: rounding
  // CHECK: return
  func.func @rounding_modes(%a: f32) -> (f32, f32) {
    %0 = arith.addf %a, %a downward fastmath<fast> : f32
    %1 = arith.divf %a, %0 toward_zero : f32
    return %0, %1 : f32, f32
  }
}
