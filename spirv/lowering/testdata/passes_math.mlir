// RUN: kiln opt %s --split-input-file --convert-math-to-spirv | FileCheck %s

// The math ops expanded as MLIR's patterns do.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @ctlz
  // CHECK: spirv.GL.FindUMsb
  // CHECK: spirv.ULessThanEqual
  // CHECK: spirv.Select
  func.func @ctlz(%i: i32) -> i32 {
    %0 = math.ctlz %i : i32
    return %0 : i32
  }
  // CHECK-LABEL: func.func @copysign
  // CHECK: spirv.BitwiseOr
  func.func @copysign(%a: f32, %b: f32) -> f32 {
    %0 = math.copysign %a, %b : f32
    return %0 : f32
  }
  // A vector's masks compose the scalar ones, as MLIR's CopySignPattern.
  // CHECK-LABEL: func.func @copysign_vector
  // CHECK-DAG: %[[S:.*]] = spirv.Constant -2147483648 : i32
  // CHECK-DAG: %[[M:.*]] = spirv.Constant 2147483647 : i32
  // CHECK: %[[SV:.*]] = spirv.CompositeConstruct %[[S]], %[[S]], %[[S]] : (i32, i32, i32) -> vector<3xi32>
  // CHECK: %[[MV:.*]] = spirv.CompositeConstruct %[[M]], %[[M]], %[[M]] : (i32, i32, i32) -> vector<3xi32>
  // CHECK: %[[X:.*]] = spirv.Bitcast %arg0 : vector<3xf32> to vector<3xi32>
  // CHECK: %[[Y:.*]] = spirv.Bitcast %arg1 : vector<3xf32> to vector<3xi32>
  // CHECK: %[[XM:.*]] = spirv.BitwiseAnd %[[X]], %[[MV]] : vector<3xi32>
  // CHECK: %[[YS:.*]] = spirv.BitwiseAnd %[[Y]], %[[SV]] : vector<3xi32>
  // CHECK: %[[R:.*]] = spirv.BitwiseOr %[[XM]], %[[YS]] : vector<3xi32>
  // CHECK: spirv.Bitcast %[[R]] : vector<3xi32> to vector<3xf32>
  func.func @copysign_vector(%a: vector<3xf32>, %b: vector<3xf32>) -> vector<3xf32> {
    %0 = math.copysign %a, %b : vector<3xf32>
    return %0 : vector<3xf32>
  }
  // CHECK-LABEL: func.func @isfinite
  // CHECK: spirv.IsNan
  // CHECK: spirv.IsInf
  // CHECK: spirv.LogicalNot
  func.func @isfinite(%a: f32) -> i1 {
    %0 = math.isfinite %a : f32
    return %0 : i1
  }
  // OpIsNormal needs Kernel: |x| is compared with the source type's
  // smallest normal and largest finite values (NaN compares false), here
  // f16's on an f16 computed in f32.
  // CHECK-LABEL: func.func @isnormal
  // CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<2xf16> to vector<2xf32>
  // CHECK: %[[A:.*]] = spirv.GL.FAbs %[[X]] : vector<2xf32>
  // CHECK: %[[MIN:.*]] = spirv.Constant dense<6.10351563E-5> : vector<2xf32>
  // CHECK: %[[LO:.*]] = spirv.FOrdGreaterThanEqual %[[A]], %[[MIN]] : vector<2xf32>
  // CHECK: %[[MAX:.*]] = spirv.Constant dense<6.550400e+04> : vector<2xf32>
  // CHECK: %[[HI:.*]] = spirv.FOrdLessThanEqual %[[A]], %[[MAX]] : vector<2xf32>
  // CHECK: spirv.LogicalAnd %[[LO]], %[[HI]] : vector<2xi1>
  func.func @isnormal(%a: vector<2xf16>) -> vector<2xi1> {
    %0 = math.isnormal %a : vector<2xf16>
    return %0 : vector<2xi1>
  }
  // CHECK-LABEL: func.func @log10
  // CHECK: spirv.GL.Log
  // CHECK: spirv.FMul
  func.func @log10(%a: f32) -> f32 {
    %0 = math.log10 %a : f32
    return %0 : f32
  }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @opencl
  // CHECK: spirv.CL.exp
  // CHECK: spirv.FSub
  // CHECK: spirv.CL.log
  // CHECK: spirv.FMul
  func.func @opencl(%a: f32) -> f32 {
    %0 = math.expm1 %a : f32
    %1 = math.log2 %0 : f32
    return %1 : f32
  }
  // On Kernel targets the classification ops are MLIR's.
  // CHECK-LABEL: func.func @opencl_classes
  // CHECK: spirv.IsFinite
  // CHECK-SAME: %arg0
  // CHECK: spirv.IsNormal
  // CHECK-SAME: %arg0
  func.func @opencl_classes(%a: f32) -> (i1, i1) {
    %0 = math.isfinite %a : f32
    %1 = math.isnormal %a : f32
    return %0, %1 : i1, i1
  }
}
