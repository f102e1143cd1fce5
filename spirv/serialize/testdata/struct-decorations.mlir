// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// A struct's own decorations (`, Block` after its members) survive a round
// trip, wherever the struct is used; the module validates.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], [SPV_KHR_storage_buffer_storage_class]> {
  // CHECK: spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  // CHECK-LABEL: spirv.func @undef_block
  spirv.func @undef_block() -> f32 "None" {
    // CHECK: spirv.Undef : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, StorageBuffer>
    %u = spirv.Undef : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %p = spirv.AccessChain %u[%c0] : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : f32
    spirv.ReturnValue %x : f32
  }
}
