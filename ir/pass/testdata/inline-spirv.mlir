// RUN: kiln opt %s -split-input-file --pass-pipeline='builtin.module(spirv.module(inline{default-pipeline=}))' | FileCheck %s
// RUN: kiln opt %s -split-input-file --pass-pipeline='builtin.module(spirv.module(inline))' | FileCheck %s --check-prefix=SIMPLIFY

// spirv.FunctionCall of a single-block spirv.func: the body replaces the
// call, spirv.ReturnValue's operand its result.
spirv.module Logical GLSL450 {
  spirv.func @add(%a : i32, %b : i32) -> i32 "None" {
    %0 = spirv.IAdd %a, %b : i32
    spirv.ReturnValue %0 : i32
  }
  spirv.func @nothing() "None" {
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @single_block
  // CHECK-NEXT: %[[C:.*]] = spirv.Constant 3 : i32
  // CHECK-NEXT: %[[S:.*]] = spirv.IAdd %arg0, %arg0 : i32
  // CHECK-NEXT: spirv.IAdd %[[C]], %[[C]] : i32
  // CHECK-NEXT: spirv.ReturnValue %[[S]] : i32
  // SIMPLIFY-LABEL: spirv.func @single_block
  // SIMPLIFY-NEXT: %[[S:.*]] = spirv.IAdd %arg0, %arg0 : i32
  // SIMPLIFY-NEXT: spirv.ReturnValue %[[S]] : i32
  spirv.func @single_block(%x : i32) -> i32 "None" {
    spirv.FunctionCall @nothing() : () -> ()
    %c = spirv.Constant 3 : i32
    %0 = spirv.FunctionCall @add(%x, %x) : (i32, i32) -> i32
    %1 = spirv.FunctionCall @add(%c, %c) : (i32, i32) -> i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

// Several blocks: spirv.Return and spirv.ReturnValue become spirv.Branch
// to the rest of the caller's block, passing the returned value.
spirv.module Logical GLSL450 {
  spirv.func @pick(%c : i1) -> i32 "None" {
    spirv.BranchConditional %c, ^one, ^two
  ^one:
    %1 = spirv.Constant 1 : i32
    spirv.ReturnValue %1 : i32
  ^two:
    %2 = spirv.Constant 2 : i32
    spirv.ReturnValue %2 : i32
  }
  // CHECK-LABEL: spirv.func @multi_block_retval
  // CHECK-NEXT:   spirv.BranchConditional %arg0, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   %[[ONE:.*]] = spirv.Constant 1 : i32
  // CHECK-NEXT:   spirv.Branch ^bb3(%[[ONE]] : i32)
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   %[[TWO:.*]] = spirv.Constant 2 : i32
  // CHECK-NEXT:   spirv.Branch ^bb3(%[[TWO]] : i32)
  // CHECK-NEXT: ^bb3(%[[R:.*]]: i32):
  // CHECK-NEXT:   spirv.ReturnValue %[[R]] : i32
  spirv.func @multi_block_retval(%c : i1) -> i32 "None" {
    %0 = spirv.FunctionCall @pick(%c) : (i1) -> i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

// A selection or a loop with a return in its region is not inlined; one
// without is, and so is a body into a selection's region.
spirv.module Logical GLSL450 {
  spirv.func @early_return(%cond : i1) "None" {
    spirv.mlir.selection {
      spirv.BranchConditional %cond, ^then, ^merge
    ^then:
      spirv.Return
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.func @loop_return(%cond : i1) "None" {
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      spirv.BranchConditional %cond, ^body, ^merge
    ^body:
      spirv.Return
    ^continue:
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.func @no_return(%cond : i1) "None" {
    spirv.mlir.selection {
      spirv.BranchConditional %cond, ^then, ^merge
    ^then:
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
  // CHECK-LABEL: spirv.func @structured
  // CHECK-NEXT: spirv.FunctionCall @early_return(%arg0)
  // CHECK-NEXT: spirv.FunctionCall @loop_return(%arg0)
  // CHECK-NEXT: spirv.mlir.selection {
  // CHECK-NEXT:   spirv.BranchConditional %arg0, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   spirv.Branch ^bb2
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT:   spirv.mlir.merge
  // CHECK-NEXT: }
  // CHECK-NEXT: spirv.Return
  spirv.func @structured(%cond : i1) "None" {
    spirv.FunctionCall @early_return(%cond) : (i1) -> ()
    spirv.FunctionCall @loop_return(%cond) : (i1) -> ()
    spirv.FunctionCall @no_return(%cond) : (i1) -> ()
    spirv.Return
  }

  spirv.func @neg(%v : i32) -> i32 "None" {
    %0 = spirv.SNegate %v : i32
    spirv.ReturnValue %0 : i32
  }
  // CHECK-LABEL: spirv.func @into_selection
  // CHECK:      spirv.mlir.selection {
  // CHECK-NEXT:   spirv.BranchConditional %arg0, ^bb1, ^bb2
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   spirv.SNegate %arg1 : i32
  // CHECK-NEXT:   spirv.Branch ^bb2
  spirv.func @into_selection(%cond : i1, %v : i32) "None" {
    spirv.mlir.selection {
      spirv.BranchConditional %cond, ^then, ^merge
    ^then:
      %0 = spirv.FunctionCall @neg(%v) : (i32) -> i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

// Recursion is never inlined.
spirv.module Logical GLSL450 {
  // CHECK-LABEL: spirv.func @recurse
  // CHECK-NEXT: spirv.FunctionCall @recurse
  spirv.func @recurse(%v : i32) -> i32 "None" {
    %0 = spirv.FunctionCall @recurse(%v) : (i32) -> i32
    spirv.ReturnValue %0 : i32
  }
}
