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
  // dense_resource constants take their blob's data, as in MLIR; a blob of
  // one element is a splat.
  // CHECK-LABEL: func.func @resource_constants
  // CHECK: spirv.Constant dense<[1, 2, 3, 4]> : tensor<4xi32> : !spirv.array<4 x i32>
  // CHECK: spirv.Constant dense<1.000000e+00> : vector<3xf32>
  func.func @resource_constants() -> (tensor<2x2xi32>, vector<3xf32>) {
    %0 = arith.constant dense_resource<four_i32> : tensor<2x2xi32>
    %1 = arith.constant dense_resource<one_f32> : vector<3xf32>
    return %0, %1 : tensor<2x2xi32>, vector<3xf32>
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
{-#
  dialect_resources: {
    builtin: {
      four_i32: "0x0400000001000000020000000300000004000000",
      one_f32: "0x040000000000803F"
    }
  }
#-}
