// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// A conditional branch whose two targets are one block, passing it
// different values (what merging identical blocks makes): an OpPhi tells
// incoming values apart by parent block only, so the false edge goes
// through a block of its own.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @out : !spirv.ptr<!spirv.struct<(i32)>, Private>
  // CHECK-LABEL: spirv.func @pick
  spirv.func @pick(%c: i1, %a: i32, %b: i32) "None" {
    %zero = spirv.Constant 0 : i32
    %p = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(i32)>, Private>
    %q = spirv.AccessChain %p[%zero] : !spirv.ptr<!spirv.struct<(i32)>, Private>, i32 -> !spirv.ptr<i32, Private>
    // CHECK: spirv.BranchConditional %{{.*}}, ^[[STORE:bb[0-9]+]](%arg1 : i32), ^[[EDGE:bb[0-9]+]]
    // CHECK: ^[[STORE]](%[[V:.*]]: i32):
    // CHECK-NEXT: spirv.Store "Private" %{{.*}}, %[[V]] : i32
    // CHECK: ^[[EDGE]]:
    // CHECK-NEXT: spirv.Branch ^[[STORE]](%arg2 : i32)
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^store(%a : i32), ^store(%b : i32)
    ^store(%v: i32):
      spirv.Store "Private" %q, %v : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
