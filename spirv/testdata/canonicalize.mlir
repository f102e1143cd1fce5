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

// Identities: constants move to the right of commutative ops first.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: i32, %[[B:.*]]: vector<2xi1>)
func.func @identities(%x: i32, %b: vector<2xi1>) -> (i32, i32, i32, i32, vector<2xi1>, vector<2xi1>) {
  %zero = spirv.Constant 0 : i32
  %one = spirv.Constant 1 : i32
  %t = spirv.Constant dense<true> : vector<2xi1>
  // CHECK-DAG: %[[Z:.*]] = spirv.Constant 0 : i32
  // CHECK-DAG: %[[T:.*]] = spirv.Constant dense<true> : vector<2xi1>
  %0 = spirv.IAdd %zero, %x : i32
  %1 = spirv.IMul %one, %x : i32
  %2 = spirv.ISub %x, %x : i32
  %3 = spirv.UMod %x, %one : i32
  %4 = spirv.LogicalAnd %t, %b : vector<2xi1>
  %5 = spirv.LogicalOr %b, %t : vector<2xi1>
  // CHECK: return %[[X]], %[[X]], %[[Z]], %[[Z]], %[[B]], %[[T]]
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, vector<2xi1>, vector<2xi1>
}

// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[X:.*]]: i64
func.func @chains(%x: i64, %i: i32, %j: i32) -> (i64, f32, i1) {
  %v = spirv.Variable : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>
  // CHECK: %[[P:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}]
  %p = spirv.AccessChain %v[%i] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, i32
  %q = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
  // CHECK-NEXT: %[[L:.*]] = spirv.Load "Function" %[[P]] : f32
  %l = spirv.Load "Function" %q : f32
  %0 = spirv.Bitcast %x : i64 to f64
  %1 = spirv.Bitcast %0 : f64 to vector<2xi32>
  %2 = spirv.Bitcast %1 : vector<2xi32> to i64
  // CHECK-NEXT: %[[N:.*]] = spirv.INotEqual
  %ne = spirv.IEqual %i, %j : i32
  %n = spirv.LogicalNot %ne : i1
  // CHECK-NEXT: return %[[X]], %[[L]], %[[N]]
  return %2, %l, %n : i64, f32, i1
}

// CHECK-LABEL: func.func @extract
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
func.func @extract(%a: f32, %b: f32) -> (f32, f32, i32) {
  %s = spirv.CompositeConstruct %a, %a : (f32, f32) -> !spirv.struct<(f32, f32)>
  %i = spirv.CompositeInsert %b, %s[1 : i32] : f32 into !spirv.struct<(f32, f32)>
  %0 = spirv.CompositeExtract %i[0 : i32] : !spirv.struct<(f32, f32)>
  %1 = spirv.CompositeExtract %i[1 : i32] : !spirv.struct<(f32, f32)>
  %c = spirv.Constant [dense<[4, -5]> : vector<2xi32>] : !spirv.array<1 x vector<2xi32>>
  %2 = spirv.CompositeExtract %c[0 : i32, 1 : i32] : !spirv.array<1 x vector<2xi32>>
  // CHECK: %[[C:.*]] = spirv.Constant -5 : i32
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : f32, f32, i32
}

// CHECK-LABEL: func.func @selection
func.func @selection(%c: i1, %p: !spirv.ptr<i32, Function>, %a: i32, %b: i32) {
  // CHECK-NEXT: %[[S:.*]] = spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
  // CHECK-NEXT: spirv.Store "Function" %{{.*}}, %[[S]] : i32
  // CHECK-NEXT: return
  spirv.mlir.selection {
    spirv.BranchConditional %c, ^t, ^f
  ^t:
    spirv.Store "Function" %p, %a : i32
    spirv.Branch ^m
  ^f:
    spirv.Store "Function" %p, %b : i32
    spirv.Branch ^m
  ^m:
    spirv.mlir.merge
  }
  return
}

// A poison operand folds the op to poison; x + 0 is x on either side.
// CHECK-LABEL: func.func @fold_poison
func.func @fold_poison(%arg0: i32) -> (i32, i32, i32) {
  %p = ub.poison : i32
  %zero = spirv.Constant 0 : i32
  %0 = spirv.IAdd %arg0, %p : i32
  %1 = spirv.IAdd %zero, %arg0 : i32
  %2 = spirv.IAdd %arg0, %zero : i32
  // CHECK-NEXT: %[[P:.*]] = ub.poison : i32
  // CHECK-NEXT: return %[[P]], %arg0, %arg0
  return %0, %1, %2 : i32, i32, i32
}

// Ops without MLIR memory-effect declarations (spirv.Variable, spirv.Load,
// the cooperative-matrix loads, the INTEL bf16 conversions) stay when unused;
// pure ones (spirv.Undef, spirv.AccessChain) go.
// CHECK-LABEL: func.func @unused_effectful
func.func @unused_effectful(%p: !spirv.ptr<!spirv.array<4 x i32>, StorageBuffer>, %s: i32, %f: f32) {
  // CHECK-NEXT: spirv.Constant 0 : i32
  // CHECK-NEXT: spirv.Variable : !spirv.ptr<f32, Function>
  // CHECK-NEXT: spirv.Variable : !spirv.ptr<i32, Function>
  // CHECK-NEXT: spirv.Load "StorageBuffer" %arg0 : !spirv.array<4 x i32>
  // CHECK-NEXT: spirv.AccessChain
  // CHECK-NEXT: spirv.KHR.CooperativeMatrixLoad
  // CHECK-NEXT: spirv.INTEL.ConvertFToBF16 %arg2 : f32 to i16
  // CHECK-NEXT: spirv.INTEL.ConvertFToBF16 %arg2 : f32 to i16
  // CHECK-NEXT: return
  %v0 = spirv.Variable : !spirv.ptr<f32, Function>
  %v1 = spirv.Variable : !spirv.ptr<i32, Function>
  %l = spirv.Load "StorageBuffer" %p : !spirv.array<4 x i32>
  %c0 = spirv.Constant 0 : i32
  %e = spirv.AccessChain %p[%c0] : !spirv.ptr<!spirv.array<4 x i32>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
  %m = spirv.KHR.CooperativeMatrixLoad %e, %s, <RowMajor> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x8xi32, Subgroup, MatrixA>
  %b0 = spirv.INTEL.ConvertFToBF16 %f : f32 to i16
  %b1 = spirv.INTEL.ConvertFToBF16 %f : f32 to i16
  %u = spirv.Undef : f32
  %a = spirv.AccessChain %p[%c0] : !spirv.ptr<!spirv.array<4 x i32>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
  return
}

// Chained in-bounds access chains combine; an in-bounds chain over a plain
// one does not (the combined chain would claim bounds the first did not).
// CHECK-LABEL: func.func @inbounds_chains
func.func @inbounds_chains(%i: i32) -> (f32, f32) {
  %v = spirv.Variable : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>
  // CHECK: %[[V:.*]] = spirv.Variable
  // CHECK-NEXT: %[[A:.*]] = spirv.InBoundsAccessChain %[[V]][%arg0, %arg0] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, i32, i32
  // CHECK-NEXT: spirv.Load "Function" %[[A]]
  // CHECK-NEXT: %[[P:.*]] = spirv.AccessChain %[[V]][%arg0] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, i32
  // CHECK-NEXT: %[[Q:.*]] = spirv.InBoundsAccessChain %[[P]][%arg0] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
  // CHECK-NEXT: spirv.Load "Function" %[[Q]]
  %a0 = spirv.InBoundsAccessChain %v[%i] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, i32
  %a1 = spirv.InBoundsAccessChain %a0[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
  %x = spirv.Load "Function" %a1 : f32
  %p = spirv.AccessChain %v[%i] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, i32
  %q = spirv.InBoundsAccessChain %p[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
  %y = spirv.Load "Function" %q : f32
  return %x, %y : f32, f32
}
