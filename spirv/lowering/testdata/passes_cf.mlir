// RUN: kiln opt %s --convert-cf-to-spirv | FileCheck %s

// convert-cf-to-spirv leaves func.func alone, so a branch gives the blocks
// it targets their converted argument types first (MLIR's
// ControlFlowToSPIRV): index arguments become i32, their uses read them
// back through a cast.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: func.func @index_args
  // CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i32
  // CHECK: spirv.Branch ^bb1(%[[A]] : i32)
  // CHECK: ^bb1(%[[X:.*]]: i32):
  // CHECK: %[[XI:.*]] = builtin.unrealized_conversion_cast %[[X]] : i32 to index
  // CHECK: %[[C:.*]] = arith.cmpi slt, %[[XI]], %{{.*}} : index
  // CHECK: spirv.BranchConditional %[[C]], ^bb2(%[[X]] : i32), ^bb3
  // CHECK: ^bb2(%{{.*}}: i32):
  // CHECK: spirv.Branch ^bb1(%{{.*}} : i32)
  func.func @index_args(%n: index) {
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%n : index)
  ^bb1(%i: index):
    %lt = arith.cmpi slt, %i, %c1 : index
    cf.cond_br %lt, ^bb2(%i : index), ^bb3
  ^bb2(%j: index):
    cf.br ^bb1(%c1 : index)
  ^bb3:
    return
  }
}
