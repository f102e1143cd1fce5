// What the clean-up passes must leave alone.
// RUN: kiln opt %s --spirv-licm --spirv-unsigned-loop-compares --spirv-decorate-buffer-access | FileCheck %s

spirv.module Logical GLSL450 {
  // Read and written: no decoration.
  // CHECK: spirv.GlobalVariable @rw bind(0, 0) :
  spirv.GlobalVariable @rw bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>
  // CHECK-LABEL: @from_minus_one
  spirv.func @from_minus_one(%n: i32, %d: i32) "None" {
    %m1 = spirv.Constant -1 : i32
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %c16 = spirv.Constant 16 : i32
    %p = spirv.mlir.addressof @rw : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>
    // A division may divide by zero: it stays in the loop.
    // CHECK: spirv.mlir.loop
    // A start below zero keeps the comparison signed.
    // CHECK: spirv.SLessThan
    // CHECK: spirv.SDiv
    spirv.mlir.loop {
      spirv.Branch ^bb1(%m1 : i32)
    ^bb1(%i: i32):
      %lt = spirv.SLessThan %i, %c16 : i32
      spirv.BranchConditional %lt, ^bb2, ^bb3
    ^bb2:
      %q = spirv.SDiv %n, %d : i32
      %a = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
      %v = spirv.Load "StorageBuffer" %a : i32
      %s = spirv.IAdd %v, %q : i32
      spirv.Store "StorageBuffer" %a, %s : i32
      %next = spirv.IAdd %i, %c1 : i32
      spirv.Branch ^bb1(%next : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Return
  }
  // CHECK-LABEL: @near_max
  spirv.func @near_max() "None" {
    %c0 = spirv.Constant 0 : i32
    %c2 = spirv.Constant 2 : i32
    %big = spirv.Constant 2147483647 : i32
    // i + 2 may wrap past the largest i32 before the test fails.
    // CHECK: spirv.SLessThan
    spirv.mlir.loop {
      spirv.Branch ^bb1(%c0 : i32)
    ^bb1(%i: i32):
      %lt = spirv.SLessThan %i, %big : i32
      spirv.BranchConditional %lt, ^bb2, ^bb3
    ^bb2:
      %next = spirv.IAdd %i, %c2 : i32
      spirv.Branch ^bb1(%next : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
