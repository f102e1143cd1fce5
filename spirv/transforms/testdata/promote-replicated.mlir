// RUN: kiln opt --spirv-promote-to-replicated-constants --split-input-file %s | FileCheck %s

// Splat composites become replicated constants, looking through arrays of
// splats; a composite of one element, or of a vector length SPIR-V lacks,
// stays as it is.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ReplicatedCompositesEXT], [SPV_EXT_replicated_composites]> {
  // CHECK-LABEL: @vector
  spirv.func @vector() -> vector<3xi32> "None" {
    // CHECK: %{{.*}} = spirv.EXT.ConstantCompositeReplicate [2 : i32] : vector<3xi32>
    %0 = spirv.Constant dense<2> : vector<3xi32>
    spirv.ReturnValue %0 : vector<3xi32>
  }
  // CHECK-LABEL: @array_of_splat_vectors
  spirv.func @array_of_splat_vectors() -> !spirv.array<2 x vector<2xf32>> "None" {
    // CHECK: %{{.*}} = spirv.EXT.ConstantCompositeReplicate [2.000000e+00 : f32] : !spirv.array<2 x vector<2xf32>>
    %0 = spirv.Constant [dense<2.0> : vector<2xf32>, dense<2.0> : vector<2xf32>] : !spirv.array<2 x vector<2xf32>>
    spirv.ReturnValue %0 : !spirv.array<2 x vector<2xf32>>
  }
  // CHECK-LABEL: @array_of_arrays
  spirv.func @array_of_arrays() -> !spirv.array<2 x !spirv.array<3 x i32>> "None" {
    // CHECK: %{{.*}} = spirv.EXT.ConstantCompositeReplicate {{\[}}[1 : i32, 2 : i32, 3 : i32]] : !spirv.array<2 x !spirv.array<3 x i32>>
    %0 = spirv.Constant [[1 : i32, 2 : i32, 3 : i32], [1 : i32, 2 : i32, 3 : i32]] : !spirv.array<2 x !spirv.array<3 x i32>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<3 x i32>>
  }
  // CHECK-LABEL: @tensor_value
  spirv.func @tensor_value() -> !spirv.array<2 x !spirv.array<3 x i32>> "None" {
    // CHECK: %{{.*}} = spirv.EXT.ConstantCompositeReplicate [3 : i32] : !spirv.array<2 x !spirv.array<3 x i32>>
    %0 = spirv.Constant dense<3> : tensor<2x3xi32> : !spirv.array<2 x !spirv.array<3 x i32>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<3 x i32>>
  }
  // CHECK-LABEL: @kept_one_element
  spirv.func @kept_one_element() -> !spirv.array<1 x i32> "None" {
    // CHECK-NEXT: spirv.Constant [1 : i32] : !spirv.array<1 x i32>
    %0 = spirv.Constant [1 : i32] : !spirv.array<1 x i32>
    spirv.ReturnValue %0 : !spirv.array<1 x i32>
  }
  // CHECK-LABEL: @kept_not_splat
  spirv.func @kept_not_splat() -> vector<3xi32> "None" {
    // CHECK-NEXT: spirv.Constant dense<[0, 1, 2]> : vector<3xi32>
    %0 = spirv.Constant dense<[0, 1, 2]> : vector<3xi32>
    spirv.ReturnValue %0 : vector<3xi32>
  }
  // CHECK-LABEL: @one_element_vectors
  spirv.func @one_element_vectors() -> !spirv.array<2 x !spirv.array<1 x vector<1xi32>>> "None" {
    // CHECK-NEXT: spirv.EXT.ConstantCompositeReplicate [dense<1> : vector<1xi32>] : !spirv.array<2 x !spirv.array<1 x vector<1xi32>>>
    %0 = spirv.Constant [[dense<1> : vector<1xi32>], [dense<1> : vector<1xi32>]] : !spirv.array<2 x !spirv.array<1 x vector<1xi32>>>
    spirv.ReturnValue %0 : !spirv.array<2 x !spirv.array<1 x vector<1xi32>>>
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ReplicatedCompositesEXT], [SPV_EXT_replicated_composites]> {
  spirv.SpecConstant @one = 1 : i32
  spirv.SpecConstant @two = 2 : i32
  // CHECK: spirv.EXT.SpecConstantCompositeReplicate @splat (@one) : !spirv.struct<(i32, i32, i32)>
  spirv.SpecConstantComposite @splat (@one, @one, @one) : !spirv.struct<(i32, i32, i32)>
  // CHECK: spirv.SpecConstantComposite @single (@one) : !spirv.array<1 x i32>
  spirv.SpecConstantComposite @single (@one) : !spirv.array<1 x i32>
  // CHECK: spirv.SpecConstantComposite @mixed (@one, @two) : vector<2xi32>
  spirv.SpecConstantComposite @mixed (@one, @two) : vector<2xi32>
}
