// RUN: kiln opt %s --convert-to-spirv | FileCheck %s
// RUN: kiln opt %s --convert-to-spirv=use-64bit-index=true | FileCheck %s --check-prefix=INDEX64

module attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Int64, GroupNonUniformBallot], []>, #spirv.resource_limits<>>
} {
// CHECK-LABEL: func @basic
func.func @basic(%a: index, %b: index) -> i1 {
  // CHECK: spirv.IAdd %{{.*}}, %{{.*}} : i32
  %0 = index.add %a, %b
  // CHECK: spirv.GL.SMax
  %1 = index.maxs %0, %b
  // CHECK: spirv.ShiftRightArithmetic
  %2 = index.shrs %1, %b
  // CHECK: spirv.Constant 32 : i32
  %3 = index.sizeof
  // CHECK: spirv.ULessThan
  %4 = index.cmp ult(%2, %3)
  return %4 : i1
}

// CHECK-LABEL: func @ceildivs
// INDEX64-LABEL: func @ceildivs
func.func @ceildivs(%n: index, %m: index) -> index {
  // MLIR's IndexToSPIRV formula: (n+x)/m + 1 or -(-n/m).
  // CHECK: %[[Q:.*]] = spirv.SDiv
  // CHECK: spirv.IAdd %[[Q]]
  // CHECK: spirv.SDiv
  // CHECK: spirv.LogicalEqual
  // CHECK: spirv.Select
  // INDEX64: spirv.SDiv %{{.*}}, %{{.*}} : i64
  %0 = index.ceildivs %n, %m
  return %0 : index
}

// CHECK-LABEL: func @casts
// INDEX64-LABEL: func @casts
func.func @casts(%x: i32) -> i64 {
  // INDEX64: spirv.UConvert %{{.*}} : i32 to i64
  %0 = index.castu %x : i32 to index
  // INDEX64: spirv.SConvert %{{.*}} : i32 to i64
  %1 = index.casts %x : i32 to index
  %2 = index.xor %0, %1
  // CHECK: spirv.SConvert %{{.*}} : i32 to i64
  %3 = index.casts %2 : index to i64
  return %3 : i64
}

// A spirv op written in the source passes through with its operands
// converted.
// CHECK-LABEL: func @ballot
func.func @ballot(%a: index, %b: index) -> i32 {
  // CHECK: %[[P:.*]] = spirv.IEqual
  %p = index.cmp eq(%a, %b)
  // CHECK: spirv.GroupNonUniformBallot <Subgroup> %[[P]] : vector<4xi32>
  %v = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xi32>
  %l = spirv.GroupNonUniformBallotFindLSB <Subgroup> %v : vector<4xi32>, i32
  return %l : i32
}
}
