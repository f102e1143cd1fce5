// RUN: kiln opt %s --spirv-canonicalize | FileCheck %s

spirv.module Logical GLSL450 {
  // CHECK-LABEL: spirv.func @access_chain
  spirv.func @access_chain(%p: !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, %i: i32) -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    // CHECK: %[[P:.*]] = spirv.AccessChain %arg0[%{{.*}}, %arg1, %arg1] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32, i32
    // CHECK-NEXT: spirv.Load "StorageBuffer" %[[P]] : f32
    %a = spirv.AccessChain %p[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32
    %b = spirv.AccessChain %a[%i] : !spirv.ptr<vector<4xf32>, StorageBuffer>, i32
    %v = spirv.Load "StorageBuffer" %b : f32
    spirv.ReturnValue %v : f32
  }

  // CHECK-LABEL: spirv.func @extract_construct
  spirv.func @extract_construct(%a: f32, %b: vector<2xf32>, %c: f32) -> f32 "None" {
    %v = spirv.CompositeConstruct %a, %b, %c : (f32, vector<2xf32>, f32) -> vector<4xf32>
    // CHECK: %[[E:.*]] = spirv.CompositeExtract %arg1[1 : i32] : vector<2xf32>
    // CHECK: spirv.FAdd %arg0, %[[E]]
    // CHECK: spirv.FAdd %{{.*}}, %arg2
    %x = spirv.CompositeExtract %v[0 : i32] : vector<4xf32>
    %y = spirv.CompositeExtract %v[2 : i32] : vector<4xf32>
    %z = spirv.CompositeExtract %v[3 : i32] : vector<4xf32>
    %s = spirv.FAdd %x, %y : f32
    %t = spirv.FAdd %s, %z : f32
    spirv.ReturnValue %t : f32
  }

  // CHECK-LABEL: spirv.func @extract_insert
  spirv.func @extract_insert(%v: vector<4xi32>, %a: i32, %b: i32) -> i32 "None" {
    %0 = spirv.CompositeInsert %a, %v[1 : i32] : i32 into vector<4xi32>
    %1 = spirv.CompositeInsert %b, %0[2 : i32] : i32 into vector<4xi32>
    // CHECK-NOT: spirv.CompositeInsert
    // CHECK: %[[E:.*]] = spirv.CompositeExtract %arg0[3 : i32]
    // CHECK: spirv.IAdd %arg1, %[[E]]
    %x = spirv.CompositeExtract %1[1 : i32] : vector<4xi32>
    %y = spirv.CompositeExtract %1[3 : i32] : vector<4xi32>
    %s = spirv.IAdd %x, %y : i32
    spirv.ReturnValue %s : i32
  }

  // CHECK-LABEL: spirv.func @extract_constant
  spirv.func @extract_constant() -> i32 "None" {
    %c = spirv.Constant dense<[5, 6, 7]> : vector<3xi32>
    // CHECK: %[[C:.*]] = spirv.Constant 6 : i32
    // CHECK: spirv.ReturnValue %[[C]]
    %x = spirv.CompositeExtract %c[1 : i32] : vector<3xi32>
    spirv.ReturnValue %x : i32
  }

  // CHECK-LABEL: spirv.func @identities
  spirv.func @identities(%x: i32, %y: vector<2xi32>, %p: i1) -> i32 "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %m1 = spirv.Constant -1 : i32
    %true = spirv.Constant true
    %0 = spirv.IAdd %c0, %x : i32
    %1 = spirv.IMul %0, %c1 : i32
    %2 = spirv.BitwiseAnd %1, %m1 : i32
    %3 = spirv.ShiftLeftLogical %2, %c0 : i32, i32
    %4 = spirv.ISub %3, %3 : i32
    %5 = spirv.BitwiseOr %x, %4 : i32
    %6 = spirv.LogicalAnd %p, %true : i1
    %7 = spirv.Select %6, %5, %5 : i1, i32
    %8 = spirv.IMul %7, %c0 : i32
    %9 = spirv.IAdd %8, %7 : i32
    // CHECK-NEXT: spirv.ReturnValue %arg0 : i32
    spirv.ReturnValue %9 : i32
  }

  // CHECK-LABEL: spirv.func @select_constant
  spirv.func @select_constant(%a: f32, %b: f32) -> f32 "None" {
    %false = spirv.Constant false
    // CHECK-NEXT: spirv.ReturnValue %arg1 : f32
    %r = spirv.Select %false, %a, %b : i1, f32
    spirv.ReturnValue %r : f32
  }

  // CHECK-LABEL: spirv.func @not_equal
  spirv.func @not_equal(%a: i32, %b: i32) -> i1 "None" {
    // CHECK-NEXT: %[[R:.*]] = spirv.INotEqual %arg0, %arg1 : i32
    // CHECK-NEXT: spirv.ReturnValue %[[R]] : i1
    %e = spirv.IEqual %a, %b : i32
    %n = spirv.LogicalNot %e : i1
    spirv.ReturnValue %n : i1
  }

  // CHECK-LABEL: spirv.func @involution
  spirv.func @involution(%a: i32, %p: vector<2xi1>) -> i32 "None" {
    // CHECK-NEXT: spirv.ReturnValue %arg0 : i32
    %0 = spirv.Not %a : i32
    %1 = spirv.Not %0 : i32
    %2 = spirv.SNegate %1 : i32
    %3 = spirv.SNegate %2 : i32
    spirv.ReturnValue %3 : i32
  }

  // CHECK-LABEL: spirv.func @bitcast
  spirv.func @bitcast(%a: f32) -> i32 "None" {
    // CHECK-NEXT: %[[B:.*]] = spirv.Bitcast %arg0 : f32 to i32
    // CHECK-NEXT: spirv.ReturnValue %[[B]] : i32
    %0 = spirv.Bitcast %a : f32 to vector<2xi16>
    %1 = spirv.Bitcast %0 : vector<2xi16> to i32
    spirv.ReturnValue %1 : i32
  }

  // CHECK-LABEL: spirv.func @selection_to_select
  spirv.func @selection_to_select(%c: i1, %x: i32, %y: i32) -> i32 "None" {
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    // CHECK-NOT: spirv.mlir.selection
    // CHECK: %[[S:.*]] = spirv.Select %arg0, %arg1, %arg2 : i1, i32
    // CHECK-NEXT: spirv.Store "Function" %{{.*}}, %[[S]] ["Aligned", 4] : i32
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^t, ^f
    ^t:
      spirv.Store "Function" %v, %x ["Aligned", 4] : i32
      spirv.Branch ^m
    ^f:
      spirv.Store "Function" %v, %y ["Aligned", 4] : i32
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }

  // Vector values keep their branches: a scalar condition needs SPIR-V 1.4.
  // CHECK-LABEL: spirv.func @selection_vector
  spirv.func @selection_vector(%c: i1, %x: vector<2xi32>, %y: vector<2xi32>) "None" {
    %v = spirv.Variable : !spirv.ptr<vector<2xi32>, Function>
    // CHECK: spirv.mlir.selection
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^t, ^f
    ^t:
      spirv.Store "Function" %v, %x : vector<2xi32>
      spirv.Branch ^m
    ^f:
      spirv.Store "Function" %v, %y : vector<2xi32>
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
