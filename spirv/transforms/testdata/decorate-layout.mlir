// RUN: kiln opt %s --decorate-spirv-composite-type-layout | FileCheck %s

// Interface variables get Vulkan's offsets and strides; the addresses and
// access chains through them follow.
spirv.module Logical GLSL450 {
  // CHECK: spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<4 x vector<3xf32>, stride=12> [16])>, StorageBuffer>
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x vector<3xf32>>)>, StorageBuffer>
  // CHECK: spirv.GlobalVariable @priv : !spirv.ptr<!spirv.struct<(f32, f32)>, Private>
  spirv.GlobalVariable @priv : !spirv.ptr<!spirv.struct<(f32, f32)>, Private>
  // CHECK-LABEL: spirv.func @read
  // CHECK: spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<4 x vector<3xf32>, stride=12> [16])>, StorageBuffer>
  // CHECK: spirv.AccessChain %{{.*}} : !spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<4 x vector<3xf32>, stride=12> [16])>, StorageBuffer>, i32
  // CHECK: spirv.AccessChain %{{.*}} : !spirv.ptr<!spirv.array<4 x vector<3xf32>, stride=12>, StorageBuffer>, i32
  spirv.func @read() -> vector<3xf32> "None" {
    %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x vector<3xf32>>)>, StorageBuffer>
    %one = spirv.Constant 1 : i32
    %a = spirv.AccessChain %p[%one] : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x vector<3xf32>>)>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.array<4 x vector<3xf32>>, StorageBuffer>
    %e = spirv.AccessChain %a[%one] : !spirv.ptr<!spirv.array<4 x vector<3xf32>>, StorageBuffer>, i32 -> !spirv.ptr<vector<3xf32>, StorageBuffer>
    %v = spirv.Load "StorageBuffer" %e : vector<3xf32>
    spirv.ReturnValue %v : vector<3xf32>
  }
}
