// RUN: kiln opt %s --spirv-unify-aliased-resource --split-input-file | FileCheck %s

// An f32 view and a vector<2xf32> view of binding (0, 3): the vector one
// stays; the scalar accesses index the vector, then the component in it.

// CHECK-LABEL: spirv.module
// CHECK-NOT:   @buf_f32
// CHECK:       spirv.GlobalVariable @buf_v2 bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
// CHECK-LABEL: spirv.func @copy(%arg0: i32, %arg1: i32)
// CHECK:         %[[Z:.+]] = spirv.Constant 0 : i32
// CHECK:         %[[A:.+]] = spirv.mlir.addressof @buf_v2
// CHECK:         %[[TWO:.+]] = spirv.Constant 2 : i32
// CHECK:         %[[D:.+]] = spirv.SDiv %arg0, %[[TWO]] : i32
// CHECK:         %[[M:.+]] = spirv.SMod %arg0, %[[TWO]] : i32
// CHECK:         %[[P:.+]] = spirv.AccessChain %[[A]][%[[Z]], %[[D]], %[[M]]] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>, i32, i32, i32
// CHECK:         %[[X:.+]] = spirv.Load "StorageBuffer" %[[P]] : f32
// CHECK:         %[[A2:.+]] = spirv.mlir.addressof @buf_v2
// CHECK:         %[[Q:.+]] = spirv.AccessChain %[[A2]][%[[Z]], %arg1] : {{.+}}, i32, i32
// CHECK:         spirv.Store "StorageBuffer" %[[Q]], %{{.+}} ["Volatile"] : vector<2xf32>
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @buf_f32 bind(0, 3) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @buf_v2 bind(0, 3) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.func @copy(%i: i32, %j: i32) "None" {
    %c0 = spirv.Constant 0 : i32
    %s = spirv.mlir.addressof @buf_f32 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %s[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %x = spirv.Load "StorageBuffer" %p : f32
    %v = spirv.CompositeConstruct %x, %x : (f32, f32) -> vector<2xf32>
    %w = spirv.mlir.addressof @buf_v2 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
    %q = spirv.AccessChain %w[%c0, %j] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>, i32, i32
    spirv.Store "StorageBuffer" %q, %v ["Volatile"] : vector<2xf32>
    spirv.Return
  }
}

// -----

// A wider scalar (i64, indexed by i64) read from an i32 view: the index
// doubles, two i32 loads make a vector<2xi32>, bitcast to i64. The index
// arithmetic keeps the index's type.

// CHECK-LABEL: spirv.func @wide(%arg0: i64) -> i64
// CHECK:         %[[Z:.+]] = spirv.Constant 0 : i64
// CHECK:         %[[A:.+]] = spirv.mlir.addressof @w32
// CHECK:         %[[TWO:.+]] = spirv.Constant 2 : i64
// CHECK:         %[[I:.+]] = spirv.IMul %arg0, %[[TWO]] : i64
// CHECK:         %[[P0:.+]] = spirv.AccessChain %[[A]][%[[Z]], %[[I]]]
// CHECK:         %[[L0:.+]] = spirv.Load "StorageBuffer" %[[P0]] : i32
// CHECK:         %[[ONE:.+]] = spirv.Constant 1 : i64
// CHECK:         %[[J:.+]] = spirv.IAdd %[[I]], %[[ONE]] : i64
// CHECK:         %[[P1:.+]] = spirv.AccessChain %[[A]][%[[Z]], %[[J]]]
// CHECK:         %[[L1:.+]] = spirv.Load "StorageBuffer" %[[P1]] : i32
// CHECK:         %[[V:.+]] = spirv.CompositeConstruct %[[L0]], %[[L1]] : (i32, i32) -> vector<2xi32>
// CHECK:         %[[R:.+]] = spirv.Bitcast %[[V]] : vector<2xi32> to i64
// CHECK:         spirv.ReturnValue %[[R]] : i64
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @w64 bind(1, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @w32 bind(1, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @wide(%i: i64) -> i64 "None" {
    %c0 = spirv.Constant 0 : i64
    %a = spirv.mlir.addressof @w64 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
    %p = spirv.AccessChain %a[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>, i64, i64
    %x = spirv.Load "StorageBuffer" %p : i64
    spirv.ReturnValue %x : i64
  }
}

// -----

// A vector<4xf32> read from the vector<2xf32> view: two halves, no bitcast.
// A same-typed alias keeps its load's memory access.

// CHECK-LABEL: spirv.func @halves
// CHECK:         %[[L0:.+]] = spirv.Load "StorageBuffer" %{{.+}} : vector<2xf32>
// CHECK:         %[[L1:.+]] = spirv.Load "StorageBuffer" %{{.+}} : vector<2xf32>
// CHECK:         spirv.CompositeConstruct %[[L0]], %[[L1]] : (vector<2xf32>, vector<2xf32>) -> vector<4xf32>
// CHECK:         spirv.Load "StorageBuffer" %{{.+}} ["Aligned", 8] : vector<2xf32>
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @v4 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
  spirv.GlobalVariable @v2 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @v2b bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.func @halves(%i: i32) -> vector<4xf32> "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @v4 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
    %p = spirv.AccessChain %a[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32
    %x = spirv.Load "StorageBuffer" %p : vector<4xf32>
    %b = spirv.mlir.addressof @v2b : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
    %q = spirv.AccessChain %b[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>, i32, i32
    %y = spirv.Load "StorageBuffer" %q ["Aligned", 8] : vector<2xf32>
    spirv.ReturnValue %x : vector<4xf32>
  }
}

// -----

// Left alone: binding (0, 0) mixes a vector<3xf32> (odd vectors have their
// own layout), binding (0, 1) an i8 narrower than the vector's f32s, and
// binding (0, 2) a struct. The one aliased variable of binding (0, 4) is
// aliased no more.

// CHECK: spirv.GlobalVariable @odd bind(0, 0) {aliased}
// CHECK: spirv.GlobalVariable @odd_s bind(0, 0) {aliased}
// CHECK: spirv.GlobalVariable @narrow bind(0, 1) {aliased}
// CHECK: spirv.GlobalVariable @narrow_v bind(0, 1) {aliased}
// CHECK: spirv.GlobalVariable @st bind(0, 2) {aliased}
// CHECK: spirv.GlobalVariable @st_s bind(0, 2) {aliased}
// CHECK: spirv.GlobalVariable @lone bind(0, 4) :
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @odd bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=16> [0])>, StorageBuffer>
  spirv.GlobalVariable @odd_s bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @narrow bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>
  spirv.GlobalVariable @narrow_v bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @st bind(0, 2) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<!spirv.struct<(f32 [0])>, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @st_s bind(0, 2) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @lone bind(0, 4) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
}
