// RUN: kiln opt %s --convert-tensor-to-spirv | FileCheck %s
// RUN: kiln compile %S/passes_tensor_kernel.mlir -o %t

// convert-tensor-to-spirv reads an element of a small constant tensor
// through a Function variable holding the flattened array; a dynamic, large
// or non-constant tensor keeps its tensor.extract.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @pick
  // CHECK-SAME: (%[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32)
  // CHECK: %[[CST:.*]] = spirv.Constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32> : !spirv.array<4 x f32>
  // CHECK: %[[VAR:.*]] = spirv.Variable : !spirv.ptr<!spirv.array<4 x f32>, Function>
  // CHECK: spirv.Store "Function" %[[VAR]], %[[CST]] : !spirv.array<4 x f32>
  // CHECK: %[[C2:.*]] = spirv.Constant 2 : i32
  // CHECK: %[[M:.*]] = spirv.IMul %[[I]], %[[C2]] : i32
  // CHECK: %[[L:.*]] = spirv.IAdd %[[J]], %[[M]] : i32
  // CHECK: %[[P:.*]] = spirv.AccessChain %[[VAR]][%[[L]]]
  // CHECK: %[[V:.*]] = spirv.Load "Function" %[[P]] : f32
  // CHECK: spirv.ReturnValue %[[V]] : f32
  func.func @pick(%i: index, %j: index) -> f32 {
    %cst = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %x = tensor.extract %cst[%i, %j] : tensor<2x2xf32>
    return %x : f32
  }

  // 17 i32 elements are 68 bytes, over MLIR's 64-byte threshold.
  // CHECK-LABEL: @too_large
  // CHECK: tensor.extract
  func.func @too_large(%i: index) -> i32 {
    %cst = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<17xi32>
    %x = tensor.extract %cst[%i] : tensor<17xi32>
    return %x : i32
  }

  // CHECK-LABEL: @not_constant
  // CHECK: tensor.extract
  func.func @not_constant(%t: tensor<4xi32>, %i: index) -> i32 {
    %x = tensor.extract %t[%i] : tensor<4xi32>
    return %x : i32
  }
}
