// RUN: kiln opt %s --convert-to-spirv | FileCheck %s

// Source ops fold before any pattern, as in MLIR's conversion driver, and a
// folded op stays where it is until every op is folded, as a replaced op
// does in MLIR until the conversion ends. So a later fold sees the folded
// op, not the constant it became: an extract from a folded broadcast gives
// the broadcast's operand (no new constant in the loop), and a muli of a
// folded addi is not folded again.

// CHECK-LABEL: spirv.func @f
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[ONE:.*]] = spirv.Constant 1.000000e+00 : f32
// CHECK: spirv.mlir.loop
// CHECK-NOT: spirv.Constant
// CHECK: spirv.FAdd %{{.*}}, %[[ONE]] : f32
// CHECK: spirv.mlir.merge
// CHECK-DAG: %[[TWO:.*]] = spirv.Constant 2 : i32
// CHECK-DAG: %[[FIVE:.*]] = spirv.Constant 5 : i32
// CHECK: spirv.IMul %[[FIVE]], %[[TWO]] : i32
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  func.func @f(%x: f32) -> i32 {
    %c1 = arith.constant 1.0 : f32
    %b = vector.broadcast %c1 : f32 to vector<4xf32>
    %lb = arith.constant 0 : index
    %ub = arith.constant 4 : index
    %st = arith.constant 1 : index
    %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> f32 {
      %e = vector.extract %b[0] : f32 from vector<4xf32>
      %s = arith.addf %acc, %e : f32
      scf.yield %s : f32
    }
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %a = arith.addi %c2, %c3 : i32
    %m = arith.muli %a, %c2 : i32
    return %m : i32
  }
}
