// RUN: kiln opt %s --split-input-file --convert-index-to-spirv | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-index-to-spirv=use-64bit-index | FileCheck %s --check-prefix=I64
// RUN: kiln opt %s --split-input-file --convert-scf-to-spirv | FileCheck %s --check-prefix=SCF

// convert-index-to-spirv with MLIR's patterns: the GL min/max on a target
// without Shader (MLIR's conversion target does not ask for the set's
// capability), the rounding divisions in IndexToSPIRV's formulas, and
// castu narrowing with UConvert.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Int64], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @minmax
  // CHECK: spirv.GL.SMax
  // CHECK: spirv.GL.UMin
  func.func @minmax(%a: index, %b: index) -> (index, index) {
    %0 = index.maxs %a, %b
    %1 = index.minu %a, %b
    return %0, %1 : index, index
  }

  // CHECK-LABEL: func.func @ceildivs
  // CHECK-DAG: %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i32
  // CHECK-DAG: %[[M:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i32
  // CHECK: %[[ZERO:.*]] = spirv.Constant 0 : i32
  // CHECK: %[[ONE:.*]] = spirv.Constant 1 : i32
  // CHECK: %[[NEG:.*]] = spirv.Constant -1 : i32
  // CHECK: %[[MPOS:.*]] = spirv.SGreaterThan %[[M]], %[[ZERO]]
  // CHECK: %[[X:.*]] = spirv.Select %[[MPOS]], %[[NEG]], %[[ONE]]
  // CHECK: %[[NX:.*]] = spirv.IAdd %[[N]], %[[X]]
  // CHECK: %[[Q:.*]] = spirv.SDiv %[[NX]], %[[M]]
  // CHECK: %[[POS:.*]] = spirv.IAdd %[[Q]], %[[ONE]]
  // CHECK: %[[NN:.*]] = spirv.ISub %[[ZERO]], %[[N]]
  // CHECK: %[[NQ:.*]] = spirv.SDiv %[[NN]], %[[M]]
  // CHECK: %[[NEGRES:.*]] = spirv.ISub %[[ZERO]], %[[NQ]]
  // CHECK: %[[NPOS:.*]] = spirv.SGreaterThan %[[N]], %[[ZERO]]
  // CHECK: %[[SAME:.*]] = spirv.LogicalEqual %[[NPOS]], %[[MPOS]]
  // CHECK: %[[NZ:.*]] = spirv.INotEqual %[[N]], %[[ZERO]]
  // CHECK: %[[C:.*]] = spirv.LogicalAnd %[[SAME]], %[[NZ]]
  // CHECK: spirv.Select %[[C]], %[[POS]], %[[NEGRES]] : i1, i32
  func.func @ceildivs(%n: index, %m: index) -> index {
    %0 = index.ceildivs %n, %m
    return %0 : index
  }

  // CHECK-LABEL: func.func @ceildivu
  // CHECK-DAG: %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i32
  // CHECK-DAG: %[[M:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i32
  // CHECK: %[[ZERO:.*]] = spirv.Constant 0 : i32
  // CHECK: %[[ONE:.*]] = spirv.Constant 1 : i32
  // CHECK: %[[NM1:.*]] = spirv.ISub %[[N]], %[[ONE]]
  // CHECK: %[[Q:.*]] = spirv.UDiv %[[NM1]], %[[M]]
  // CHECK: %[[Q1:.*]] = spirv.IAdd %[[Q]], %[[ONE]]
  // CHECK: %[[Z:.*]] = spirv.IEqual %[[N]], %[[ZERO]]
  // CHECK: spirv.Select %[[Z]], %[[ZERO]], %[[Q1]] : i1, i32
  func.func @ceildivu(%n: index, %m: index) -> index {
    %0 = index.ceildivu %n, %m
    return %0 : index
  }

  // CHECK-LABEL: func.func @floordivs
  // CHECK-DAG: %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i32
  // CHECK-DAG: %[[M:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i32
  // CHECK: %[[ZERO:.*]] = spirv.Constant 0 : i32
  // CHECK: %[[ONE:.*]] = spirv.Constant 1 : i32
  // CHECK: %[[NEG:.*]] = spirv.Constant -1 : i32
  // CHECK: %[[MNEG:.*]] = spirv.SLessThan %[[M]], %[[ZERO]]
  // CHECK: %[[X:.*]] = spirv.Select %[[MNEG]], %[[ONE]], %[[NEG]]
  // CHECK: %[[XN:.*]] = spirv.ISub %[[X]], %[[N]]
  // CHECK: %[[XQ:.*]] = spirv.SDiv %[[XN]], %[[M]]
  // CHECK: %[[NEGRES:.*]] = spirv.ISub %[[NEG]], %[[XQ]]
  // CHECK: %[[POS:.*]] = spirv.SDiv %[[N]], %[[M]]
  // CHECK: %[[NNEG:.*]] = spirv.SLessThan %[[N]], %[[ZERO]]
  // CHECK: %[[DIFF:.*]] = spirv.LogicalNotEqual %[[NNEG]], %[[MNEG]]
  // CHECK: %[[NZ:.*]] = spirv.INotEqual %[[N]], %[[ZERO]]
  // CHECK: %[[C:.*]] = spirv.LogicalAnd %[[DIFF]], %[[NZ]]
  // CHECK: spirv.Select %[[C]], %[[NEGRES]], %[[POS]] : i1, i32
  func.func @floordivs(%n: index, %m: index) -> index {
    %0 = index.floordivs %n, %m
    return %0 : index
  }

  // CHECK-LABEL: func.func @castu_narrow
  // CHECK: spirv.UConvert %arg0 : i64 to i32
  // CHECK: spirv.SConvert %arg0 : i64 to i32
  // I64-LABEL: func.func @castu_narrow
  // I64-NOT: Convert
  // I64: return
  func.func @castu_narrow(%a: i64) -> (index, index) {
    %0 = index.castu %a : i64 to index
    %1 = index.casts %a : i64 to index
    return %0, %1 : index, index
  }
}

// -----

// convert-scf-to-spirv converts index ops too, as MLIR's does.
// SCF-LABEL: spirv.func @loop
// SCF: spirv.mlir.loop
// SCF: spirv.IAdd %{{.*}}, %{{.*}} : i32
// SCF-NOT: index.add
func.func @loop() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %0 = index.add %i, %i
  }
  return
}
