// RUN: kiln opt %s --spirv-unify-aliased-resource --split-input-file --verify-diagnostics
// RUN: not kiln opt %s --spirv-unify-aliased-resource --split-input-file 2>&1 | FileCheck %s --check-prefix=NOTE

// A store of an i64 through an i32 view would need two partial stores.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @w64 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @w32 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @store(%i: i32, %x: i64) "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @w64 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
    %p = spirv.AccessChain %a[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>, i32, i32
    // The driver's error is op->emitError, with the note on the op.
    // NOTE: :[[@LINE+3]]:5: error: failed to legalize operation 'spirv.Store' that was explicitly marked illegal
    // NOTE: :[[@LINE+2]]:5: note: see current operation: "spirv.Store"(%{{[0-9]+}}, %arg1) : (!spirv.ptr<i64, StorageBuffer>, i64) -> ()
    // expected-error @+1 {{failed to legalize operation 'spirv.Store' that was explicitly marked illegal}}
    spirv.Store "StorageBuffer" %p, %x : i64
    spirv.Return
  }
}

// -----

// A component of a vector<4xf32> element has no index in the
// vector<2xf32> view that scaling the last index would give.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @v4 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
  spirv.GlobalVariable @v2 bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.func @component(%i: i32, %j: i32) -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @v4 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
    // expected-error @+1 {{failed to legalize operation 'spirv.AccessChain' that was explicitly marked illegal}}
    %p = spirv.AccessChain %a[%c0, %i, %j] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32, i32
    %x = spirv.Load "StorageBuffer" %p : f32
    spirv.ReturnValue %x : f32
  }
}

// -----

// The whole struct, loaded through the address itself, has no counterpart.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @s bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @v bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.func @chain_of_chain(%i: i32) -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @s : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %a[%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32
    // expected-error @+1 {{failed to legalize operation 'spirv.AccessChain' that was explicitly marked illegal}}
    %q = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.rtarray<f32, stride=4>, StorageBuffer>, i32
    %x = spirv.Load "StorageBuffer" %q : f32
    spirv.ReturnValue %x : f32
  }
}

// -----

// An atomic on an i32 view's element would get a pointer to the f32
// component of the vector view.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @s bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @v bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>
  spirv.func @atomic(%i: i32, %x: i32) -> i32 "None" {
    %c0 = spirv.Constant 0 : i32
    %b = spirv.mlir.addressof @s : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %b[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    // expected-error @+1 {{'spirv.AtomicIAdd' op uses aliased resource @s, whose unified type spirv-unify-aliased-resource cannot give this use}}
    %r = spirv.AtomicIAdd <Device> <None> %p, %x : !spirv.ptr<i32, StorageBuffer>
    spirv.ReturnValue %r : i32
  }
}
