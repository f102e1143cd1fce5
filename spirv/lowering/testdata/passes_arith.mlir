// RUN: kiln opt %s --convert-arith-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-arith-to-spirv=enable-fast-math | FileCheck %s --check-prefix=FAST

// convert-arith-to-spirv with MLIR's options and patterns.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Float16], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @truncf
  // CHECK: spirv.FConvert %{{.*}} {fp_rounding_mode = #spirv.fp_rounding_mode<RTZ>} : f32 to f16
  func.func @truncf(%a: f32) -> f16 {
    %0 = arith.truncf %a toward_zero : f32 to f16
    return %0 : f16
  }
  // CHECK-LABEL: func.func @ordered_nnan
  // CHECK: spirv.Constant true
  // CHECK-NOT: spirv.IsNan
  func.func @ordered_nnan(%a: f32, %b: f32) -> i1 {
    %0 = arith.cmpf ord, %a, %b fastmath<nnan> : f32
    return %0 : i1
  }
  // CHECK-LABEL: func.func @bool_uge
  // CHECK-COUNT-2: spirv.Select %{{.*}} : i1, i32
  // CHECK: spirv.UGreaterThanEqual
  func.func @bool_uge(%p: i1, %q: i1) -> i1 {
    %0 = arith.cmpi uge, %p, %q : i1
    return %0 : i1
  }
  // CHECK-LABEL: func.func @tensor_constant
  // CHECK: spirv.Constant dense<[1, 2, 3, 4]> : tensor<4xi32> : !spirv.array<4 x i32>
  func.func @tensor_constant() -> tensor<2x2xi32> {
    %0 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
  // CHECK-LABEL: func.func @maximumf
  // CHECK: spirv.GL.FMax
  // CHECK: spirv.IsNan
  // FAST-LABEL: func.func @maximumf
  // FAST: spirv.GL.FMax
  // FAST-NOT: spirv.IsNan
  func.func @maximumf(%a: f32, %b: f32) -> f32 {
    %0 = arith.maximumf %a, %b fastmath<nsz> : f32
    return %0 : f32
  }
}
