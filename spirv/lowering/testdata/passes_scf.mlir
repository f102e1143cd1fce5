// RUN: kiln opt %s --convert-scf-to-spirv | FileCheck %s

// The variables that carry an scf.if's results: right before the
// selection when it is in the function's first block (as MLIR's
// SCFToSPIRV), at the start of the function when it is nested (a
// function's variables must all be in its first block).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @top
  // CHECK-NEXT: %[[C:.*]] = spirv.Constant 1.000000e+00 : f32
  // CHECK-NEXT: %[[V:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
  // CHECK-NEXT: spirv.mlir.selection
  // CHECK: spirv.Load "Function" %[[V]] : f32
  func.func @top(%c: i1, %x: f32) -> f32 {
    %one = arith.constant 1.0 : f32
    %r = scf.if %c -> f32 {
      scf.yield %one : f32
    } else {
      scf.yield %x : f32
    }
    return %r : f32
  }
  // CHECK-LABEL: spirv.func @nested
  // CHECK-NEXT: %[[V:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
  // CHECK: spirv.mlir.loop
  // CHECK: spirv.mlir.selection
  // CHECK: spirv.Load "Function" %[[V]] : f32
  func.func @nested(%c: i1, %x: f32) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %r = scf.if %c -> f32 {
        scf.yield %x : f32
      } else {
        %y = arith.addf %x, %x : f32
        scf.yield %y : f32
      }
    }
    return
  }
  // scf.for as MLIR's SCFToSPIRV makes it: the body branches to the
  // continue block without arguments, and the continue block's branch back
  // to the header carries the stepped induction variable and the yielded
  // values. (The loop-carried values are stored in the header, where MLIR
  // stores them in the body: docs/RATIONALE.md.)
  // CHECK-LABEL: spirv.func @carried
  // CHECK: spirv.mlir.loop
  // CHECK: ^[[HEADER:.*]](%[[IV:.*]]: i32, %[[ACC:.*]]: f32):
  // CHECK: spirv.BranchConditional %{{.*}}, ^[[BODY:.*]], ^[[MERGE:.*]]
  // CHECK: ^[[BODY]]:
  // CHECK-NEXT: %[[SUM:.*]] = spirv.FAdd %[[ACC]], %[[ACC]] : f32
  // CHECK-NEXT: spirv.Branch ^[[CONT:[a-z0-9]*]]{{$}}
  // CHECK-NEXT: ^[[CONT]]:
  // CHECK-NEXT: %[[NEXT:.*]] = spirv.IAdd %[[IV]], %{{.*}} : i32
  // CHECK-NEXT: spirv.Branch ^[[HEADER]](%[[NEXT]], %[[SUM]] : i32, f32)
  func.func @carried(%x: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> f32 {
      %s = arith.addf %acc, %acc : f32
      scf.yield %s : f32
    }
    return %r : f32
  }
}
