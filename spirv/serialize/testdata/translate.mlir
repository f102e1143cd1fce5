// RUN: kiln translate --serialize-spirv %s | kiln translate --deserialize-spirv --no-implicit-module - | FileCheck %s
// RUN: kiln translate --test-spirv-roundtrip %s | FileCheck %s --check-prefix=RT

// A kernel the way Kiln's lowering writes one: bindings, built-ins, Block
// decorations implied by the StorageBuffer pointer, a spec constant with
// its id, a structured loop with a phi and a selection inside.

// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
// CHECK-DAG:   spirv.SpecConstant @n spec_id(3) = 16 : i32
// CHECK-DAG:   spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK-DAG:   spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
// CHECK:       spirv.func @main() "None" {
// CHECK:         spirv.mlir.loop {
// CHECK:           spirv.mlir.selection {
// CHECK:         spirv.Return
// CHECK:       spirv.EntryPoint "GLCompute" @main, @gid
// CHECK-NEXT:  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
// RT-LABEL: spirv.func @main
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.SpecConstant @n spec_id(3) = 16 : i32
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %f1 = spirv.Constant 1.0 : f32
    %n = spirv.mlir.referenceof @n : i32
    %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.Branch ^bb1(%zero : i32)
  ^bb1(%i0: i32):
    spirv.mlir.loop {
      spirv.Branch ^header(%i0 : i32)
    ^header(%i: i32):
      %c = spirv.SLessThan %i, %n : i32
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      %odd = spirv.BitwiseAnd %i, %one : i32
      %isodd = spirv.IEqual %odd, %one : i32
      spirv.mlir.selection {
        spirv.BranchConditional %isodd, ^then, ^done
      ^then:
        %e = spirv.AccessChain %p[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
        %v = spirv.Load "StorageBuffer" %e : f32
        %w = spirv.FAdd %v, %f1 : f32
        spirv.Store "StorageBuffer" %e, %w : f32
        spirv.Branch ^done
      ^done:
        spirv.mlir.merge
      }
      %next = spirv.IAdd %i, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}
