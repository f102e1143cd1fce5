// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s

// SPV_ARM_tensors, SPV_ARM_graph and TOSA.001000.1 both ways: graphs come
// back after the functions, constants at each use. (The spirv-val
// installed with Kiln predates these extensions.)

// CHECK-LABEL: spirv.module
spirv.module Logical Vulkan requires #spirv.vce<v1.3, [VulkanMemoryModel, Shader, Int8, Int16, Int64, Float16, TensorsARM, GraphARM], [SPV_ARM_tensors, SPV_ARM_graph, SPV_KHR_vulkan_memory_model]> {
  spirv.GlobalVariable @in bind(0, 0) : !spirv.ptr<!spirv.arm.tensor<2x3x4xi16>, UniformConstant>
  spirv.GlobalVariable @out0 bind(0, 1) : !spirv.ptr<!spirv.arm.tensor<2x3x4xi16>, UniformConstant>
  spirv.GlobalVariable @out1 bind(0, 2) : !spirv.ptr<!spirv.arm.tensor<2x3xi32>, UniformConstant>
  // CHECK: spirv.ARM.GraphEntryPoint @two_outputs, @in, @out0, @out1
  spirv.ARM.GraphEntryPoint @two_outputs, @in, @out0, @out1
  // CHECK: spirv.ARM.Graph @two_outputs(%arg0: !spirv.arm.tensor<2x3x4xi16>) -> (!spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<2x3xi32>) attributes {entry_point = true} {
  spirv.ARM.Graph @two_outputs(%arg0: !spirv.arm.tensor<2x3x4xi16>) -> (!spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<2x3xi32>) {
    // CHECK-DAG: [[M:%.*]] = spirv.ARM.GraphConstant {graph_constant_id = 7 : i32} : !spirv.arm.tensor<4xi16>
    // CHECK-DAG: [[S:%.*]] = spirv.Constant dense<[1, 2, 3, 4]> : !spirv.arm.tensor<4xi8>
    // CHECK-DAG: spirv.Constant dense<0> : !spirv.arm.tensor<1xi16>
    %m = spirv.ARM.GraphConstant {graph_constant_id = 7 : i32} : !spirv.arm.tensor<4xi16>
    %s = spirv.Constant dense<[1, 2, 3, 4]> : !spirv.arm.tensor<4xi8>
    %z = spirv.Constant dense<0> : !spirv.arm.tensor<1xi16>
    // CHECK: [[R:%.*]] = spirv.Tosa.Rescale scale32 = false, rounding_mode = <DoubleRound>, per_channel = true, input_unsigned = false, output_unsigned = true, %arg0, [[M]], [[S]], {{%.*}}, {{%.*}} : !spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<4xi16>, !spirv.arm.tensor<4xi8>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi16> -> !spirv.arm.tensor<2x3x4xi16>
    %0 = spirv.Tosa.Rescale scale32 = false, rounding_mode = <DoubleRound>, per_channel = true, input_unsigned = false, output_unsigned = true, %arg0, %m, %s, %z, %z : !spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<4xi16>, !spirv.arm.tensor<4xi8>, !spirv.arm.tensor<1xi16>, !spirv.arm.tensor<1xi16> -> !spirv.arm.tensor<2x3x4xi16>
    // CHECK: [[A:%.*]] = spirv.Tosa.ArgMax axis = 2, nan_mode = <Ignore>, [[R]] : !spirv.arm.tensor<2x3x4xi16> -> !spirv.arm.tensor<2x3xi32>
    %1 = spirv.Tosa.ArgMax axis = 2, nan_mode = <Ignore>, %0 : !spirv.arm.tensor<2x3x4xi16> -> !spirv.arm.tensor<2x3xi32>
    // CHECK: spirv.ARM.GraphOutputs [[R]], [[A]] : !spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<2x3xi32>
    spirv.ARM.GraphOutputs %0, %1 : !spirv.arm.tensor<2x3x4xi16>, !spirv.arm.tensor<2x3xi32>
  }
  // CHECK: spirv.ARM.Graph @no_entry_point(%arg0: !spirv.arm.tensor<?x?xf32>) -> !spirv.arm.tensor<?x?xf32> attributes {entry_point = false} {
  spirv.ARM.Graph @no_entry_point(%arg0: !spirv.arm.tensor<?x?xf32>) -> !spirv.arm.tensor<?x?xf32> {
    // CHECK: spirv.ARM.GraphOutputs %arg0 : !spirv.arm.tensor<?x?xf32>
    spirv.ARM.GraphOutputs %arg0 : !spirv.arm.tensor<?x?xf32>
  }
}

// -----

// CHECK-LABEL: spirv.module
spirv.module Logical Vulkan requires #spirv.vce<v1.3, [VulkanMemoryModel, Shader, Int8, Float16, TensorsARM, GraphARM], [SPV_ARM_tensors, SPV_ARM_graph, SPV_KHR_vulkan_memory_model]> {
  // CHECK: spirv.func @tensor_constant() -> !spirv.arm.tensor<2x2x2xi8> "None" {
  spirv.func @tensor_constant() -> !spirv.arm.tensor<2x2x2xi8> "None" {
    // CHECK: spirv.Constant dense<{{\[}}{{\[}}[1, 2], [3, 4]], {{\[}}[5, 6], [7, 8]]]> : !spirv.arm.tensor<2x2x2xi8>
    %0 = spirv.Constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : !spirv.arm.tensor<2x2x2xi8>
    spirv.ReturnValue %0 : !spirv.arm.tensor<2x2x2xi8>
  }
  // CHECK: spirv.func @unranked(%arg0: !spirv.arm.tensor<*xi8>) "None"
  spirv.func @unranked(%arg0: !spirv.arm.tensor<*xi8>) "None" {
    spirv.Return
  }
  // CHECK: spirv.ARM.Graph @depthwise(%arg0: !spirv.arm.tensor<1x4x4x2xf16>, %arg1: !spirv.arm.tensor<3x3x2x1xf16>) -> !spirv.arm.tensor<1x4x4x2xf16> attributes {entry_point = false} {
  spirv.ARM.Graph @depthwise(%arg0: !spirv.arm.tensor<1x4x4x2xf16>, %arg1: !spirv.arm.tensor<3x3x2x1xf16>) -> !spirv.arm.tensor<1x4x4x2xf16> {
    // CHECK-DAG: [[B:%.*]] = spirv.Constant dense<[5.000000e-01, 2.500000e-01]> : !spirv.arm.tensor<2xf16>
    // CHECK-DAG: spirv.Constant dense<0.000000e+00> : !spirv.arm.tensor<1xf16>
    %b = spirv.Constant dense<[0.5, 0.25]> : !spirv.arm.tensor<2xf16>
    %z = spirv.Constant dense<0.0> : !spirv.arm.tensor<1xf16>
    // CHECK: spirv.Tosa.DepthwiseConv2D pad = [1, 1, 1, 1], stride = [1, 1], dilation = [1, 1], acc_type = <FP32>, local_bound = true, %arg0, %arg1, [[B]], {{%.*}}, {{%.*}} :
    %0 = spirv.Tosa.DepthwiseConv2D pad = [1, 1, 1, 1], stride = [1, 1], dilation = [1, 1], acc_type = <FP32>, local_bound = true, %arg0, %arg1, %b, %z, %z : !spirv.arm.tensor<1x4x4x2xf16>, !spirv.arm.tensor<3x3x2x1xf16>, !spirv.arm.tensor<2xf16>, !spirv.arm.tensor<1xf16>, !spirv.arm.tensor<1xf16> -> !spirv.arm.tensor<1x4x4x2xf16>
    spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<1x4x4x2xf16>
  }
}
