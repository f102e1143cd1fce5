// RUN: kiln opt %s --canonicalize | FileCheck %s

// Elementwise ops fold through arith's evaluators; folded values become
// spirv.Constant ops.
spirv.module Logical GLSL450 {
  // CHECK-LABEL: spirv.func @fold_int
  spirv.func @fold_int() -> i32 "None" {
    %a = spirv.Constant 7 : i32
    %b = spirv.Constant 3 : i32
    %c = spirv.IAdd %a, %b : i32
    %d = spirv.IMul %c, %c : i32
    // CHECK-NEXT: %[[C:.*]] = spirv.Constant 100 : i32
    // CHECK-NEXT: spirv.ReturnValue %[[C]] : i32
    spirv.ReturnValue %d : i32
  }

  // CHECK-LABEL: spirv.func @fold_compare
  spirv.func @fold_compare() -> vector<2xi1> "None" {
    %a = spirv.Constant dense<[1, -1]> : vector<2xi32>
    %b = spirv.Constant dense<0> : vector<2xi32>
    // CHECK-NEXT: spirv.Constant dense<[true, false]> : vector<2xi1>
    %c = spirv.SGreaterThan %a, %b : vector<2xi32>
    spirv.ReturnValue %c : vector<2xi1>
  }

  // Division by zero is undefined: not folded.
  // CHECK-LABEL: spirv.func @no_fold_div_zero
  spirv.func @no_fold_div_zero() -> i32 "None" {
    %a = spirv.Constant 1 : i32
    %z = spirv.Constant 0 : i32
    // CHECK: spirv.SDiv
    %c = spirv.SDiv %a, %z : i32
    spirv.ReturnValue %c : i32
  }
}
