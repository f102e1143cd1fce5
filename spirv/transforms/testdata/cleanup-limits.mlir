// What the clean-up passes must leave alone.
// RUN: kiln opt %s --spirv-licm --spirv-unsigned-loop-compares --spirv-decorate-buffer-access | FileCheck %s
// RUN: kiln opt %s --spirv-vectorize-buffer-access | FileCheck %s --check-prefix=VEC
// RUN: kiln opt %s --spirv-reuse-input-loads | FileCheck %s --check-prefix=INPUT

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
  // A store between the lanes keeps them scalar; without it, the lanes at
  // the constant indices 2 and 3 are one vector<2xi32> at index 1.
  // VEC-LABEL: @between
  // VEC:       spirv.Store
  // VEC:       spirv.CompositeConstruct
  // VEC:       %[[V:.*]] = spirv.mlir.addressof @rw_vec2
  // VEC:       %[[P:.*]] = spirv.AccessChain %[[V]][%{{.*}}, %[[ONE:.*]]] :
  // VEC:       spirv.Load "StorageBuffer" %[[P]] : vector<2xi32>
  // VEC-NOT:   spirv.CompositeConstruct
  // VEC:       spirv.Return
  spirv.func @between(%x: i32) -> vector<2xi32> "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %c2 = spirv.Constant 2 : i32
    %c3 = spirv.Constant 3 : i32
    %p = spirv.mlir.addressof @rw : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>
    %a0 = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %a1 = spirv.AccessChain %p[%c0, %c1] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %l0 = spirv.Load "StorageBuffer" %a0 : i32
    spirv.Store "StorageBuffer" %a1, %x : i32
    %l1 = spirv.Load "StorageBuffer" %a1 : i32
    %v = spirv.CompositeConstruct %l0, %l1 : (i32, i32) -> vector<2xi32>
    %a2 = spirv.AccessChain %p[%c0, %c2] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %a3 = spirv.AccessChain %p[%c0, %c3] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %l2 = spirv.Load "StorageBuffer" %a2 : i32
    %l3 = spirv.Load "StorageBuffer" %a3 : i32
    %w = spirv.CompositeConstruct %l2, %l3 : (i32, i32) -> vector<2xi32>
    %s = spirv.IAdd %v, %w : vector<2xi32>
    spirv.ReturnValue %s : vector<2xi32>
  }
  // Every function reuses its own first load; a load outside the entry
  // block is not reused by a later one.
  spirv.GlobalVariable @id built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  // INPUT-LABEL: @first
  // INPUT-COUNT-1: spirv.Load "Input"
  // INPUT-NOT: spirv.Load "Input"
  // INPUT-LABEL: @second
  // INPUT-COUNT-1: spirv.Load "Input"
  // INPUT-NOT: spirv.Load "Input"
  // INPUT-LABEL: @in_loop
  // INPUT-COUNT-2: spirv.Load "Input"
  spirv.func @first() -> i32 "None" {
    %p = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    %a = spirv.Load "Input" %p : vector<3xi32>
    %q = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    %b = spirv.Load "Input" %q : vector<3xi32>
    %x = spirv.CompositeExtract %a[0 : i32] : vector<3xi32>
    %y = spirv.CompositeExtract %b[1 : i32] : vector<3xi32>
    %s = spirv.IAdd %x, %y : i32
    spirv.ReturnValue %s : i32
  }
  spirv.func @second() -> i32 "None" {
    %p = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    %a = spirv.Load "Input" %p : vector<3xi32>
    %b = spirv.Load "Input" %p : vector<3xi32>
    %x = spirv.CompositeExtract %a[0 : i32] : vector<3xi32>
    %y = spirv.CompositeExtract %b[1 : i32] : vector<3xi32>
    %s = spirv.IAdd %x, %y : i32
    spirv.ReturnValue %s : i32
  }
  spirv.func @in_loop(%c: i1) -> i32 "None" {
    %p = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1, ^bb2
    ^bb1:
      %a = spirv.Load "Input" %p : vector<3xi32>
      %x = spirv.CompositeExtract %a[0 : i32] : vector<3xi32>
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %b = spirv.Load "Input" %p : vector<3xi32>
    %y = spirv.CompositeExtract %b[1 : i32] : vector<3xi32>
    spirv.ReturnValue %y : i32
  }
}
