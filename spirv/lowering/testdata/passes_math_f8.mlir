// RUN: kiln opt %s --split-input-file --convert-math-to-spirv | FileCheck %s

// 8-bit floats emulated as their bits in an integer (MLIR's
// emulate-unsupported-float-types) cannot go to OpIsNan and the like: the
// classification ops test the bits. IEEE-like formats have infinity at the
// all-ones exponent and NaN above it.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @ieee
  // CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : f8E5M2 to i8
  // CHECK: %[[M:.*]] = spirv.BitwiseAnd %[[A]], %{{.*}} : i8
  // CHECK: %[[C:.*]] = spirv.Constant 124 : i8
  // CHECK: %[[NAN:.*]] = spirv.UGreaterThan %[[M]], %[[C]] : i8
  // CHECK: %[[M1:.*]] = spirv.BitwiseAnd %[[A]], %{{.*}} : i8
  // CHECK: %[[C1:.*]] = spirv.Constant 124 : i8
  // CHECK: %[[INF:.*]] = spirv.IEqual %[[M1]], %[[C1]] : i8
  // CHECK: %[[C2:.*]] = spirv.Constant 120 : i8
  // CHECK: %[[FIN:.*]] = spirv.ULessThan %{{.*}}, %[[C2]] : i8
  // CHECK: %[[C3:.*]] = spirv.Constant 112 : i8
  // CHECK: spirv.ULessThan %{{.*}}, %[[C3]] : i8
  // CHECK: %[[C4:.*]] = spirv.Constant 16 : i8
  // CHECK: %[[SUB:.*]] = spirv.UGreaterThanEqual %{{.*}}, %[[C4]] : i8
  // CHECK: %[[NRM:.*]] = spirv.LogicalAnd %{{.*}}, %[[SUB]] : i1
  // CHECK-NOT: spirv.IsNan
  // CHECK-NOT: spirv.IsInf
  // CHECK: return %[[NAN]], %[[INF]], %[[FIN]], %[[NRM]]
  func.func @ieee(%a: f8E5M2, %b: f8E4M3, %c: f8E3M4) -> (i1, i1, i1, i1) {
    %0 = math.isnan %a : f8E5M2
    %1 = math.isinf %a : f8E5M2
    %2 = math.isfinite %b : f8E4M3
    %3 = math.isnormal %c : f8E3M4
    return %0, %1, %2, %3 : i1, i1, i1, i1
  }
}

// -----

// f8E4M3FN has no infinity and NaN at magnitude 0x7f; the FNUZ formats
// NaN only at 0x80 (negative zero's bits), f8E8M0FNU only at 0xff. Vectors
// test each element; without Int8 the bits are in an i32.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @finite_only
  // CHECK: %[[M:.*]] = spirv.BitwiseAnd %{{.*}}, %{{.*}} : vector<4xi32>
  // CHECK: %[[C:.*]] = spirv.Constant dense<127> : vector<4xi32>
  // CHECK: %[[NAN:.*]] = spirv.IEqual %[[M]], %[[C]] : vector<4xi32>
  // CHECK: %[[INF:.*]] = spirv.Constant false
  // CHECK: %[[B:.*]] = spirv.BitwiseAnd %{{.*}}, %{{.*}} : i32
  // CHECK: %[[C80:.*]] = spirv.Constant 128 : i32
  // CHECK: %[[FIN:.*]] = spirv.INotEqual %[[B]], %[[C80]] : i32
  // CHECK: %[[BE:.*]] = spirv.BitwiseAnd %{{.*}}, %{{.*}} : i32
  // CHECK: %[[CFF:.*]] = spirv.Constant 255 : i32
  // CHECK: %[[ENAN:.*]] = spirv.IEqual %[[BE]], %[[CFF]] : i32
  // CHECK: return %[[NAN]], %[[INF]], %[[FIN]], %[[ENAN]]
  func.func @finite_only(%a: vector<4xf8E4M3FN>, %b: f8E5M2FNUZ, %c: f8E8M0FNU) -> (vector<4xi1>, i1, i1, i1) {
    %0 = math.isnan %a : vector<4xf8E4M3FN>
    %1 = math.isinf %b : f8E5M2FNUZ
    %2 = math.isfinite %b : f8E5M2FNUZ
    %3 = math.isnan %c : f8E8M0FNU
    return %0, %1, %2, %3 : vector<4xi1>, i1, i1, i1
  }
}
