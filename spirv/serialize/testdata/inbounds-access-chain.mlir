// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// spirv.InBoundsAccessChain is OpInBoundsAccessChain (opcode 66) both ways,
// into a StorageBuffer struct and into a Function variable.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0]), Block>, StorageBuffer>
  // CHECK-LABEL: spirv.func @inbounds
  spirv.func @inbounds(%i: i32) -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    %b = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0]), Block>, StorageBuffer>
    // CHECK: spirv.InBoundsAccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32
    %p = spirv.InBoundsAccessChain %b[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : f32
    %v = spirv.Variable : !spirv.ptr<!spirv.array<4 x f32>, Function>
    // CHECK: spirv.InBoundsAccessChain %{{.*}}[%{{.*}}] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
    %q = spirv.InBoundsAccessChain %v[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32
    spirv.Store "Function" %q, %x : f32
    spirv.ReturnValue %x : f32
  }
}
