// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s

// Replicated composites (SPV_EXT_replicated_composites): a value of a
// nested element type is replicated into that element first, and reads
// back as one op. (The installed spirv-val predates the extension.)

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ReplicatedCompositesEXT, Linkage], [SPV_EXT_replicated_composites]> {
  spirv.SpecConstant @sc = 1 : i32
  // CHECK: spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : !spirv.array<3 x i32>
  spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : !spirv.array<3 x i32>

  // CHECK-LABEL: @splat_vector
  spirv.func @splat_vector() -> vector<3xi32> "None" {
    // CHECK: spirv.EXT.ConstantCompositeReplicate [1 : i32] : vector<3xi32>
    %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : vector<3xi32>
    spirv.ReturnValue %0 : vector<3xi32>
  }

  // CHECK-LABEL: @nested
  spirv.func @nested() -> !spirv.array<2 x !spirv.array<3 x f32>> "None" {
    // CHECK: spirv.EXT.ConstantCompositeReplicate [3.000000e+00 : f32] : !spirv.array<2 x !spirv.array<3 x f32>>
    %0 = spirv.EXT.ConstantCompositeReplicate [3.0 : f32] : !spirv.array<2 x !spirv.array<3 x f32>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<3 x f32>>
  }

  // CHECK-LABEL: @array_value
  spirv.func @array_value() -> !spirv.array<2 x !spirv.array<3 x i32>> "None" {
    // CHECK: spirv.EXT.ConstantCompositeReplicate {{\[}}[1 : i32, 2 : i32, 3 : i32]] : !spirv.array<2 x !spirv.array<3 x i32>>
    %0 = spirv.EXT.ConstantCompositeReplicate [[1 : i32, 2 : i32, 3 : i32]] : !spirv.array<2 x !spirv.array<3 x i32>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<3 x i32>>
  }

  // CHECK-LABEL: @spec
  spirv.func @spec() -> !spirv.array<3 x i32> "None" {
    // CHECK: spirv.mlir.referenceof @scc : !spirv.array<3 x i32>
    %0 = spirv.mlir.referenceof @scc : !spirv.array<3 x i32>
    spirv.ReturnValue %0 : !spirv.array<3 x i32>
  }
}
