// RUN: kiln opt %s --split-input-file --convert-to-spirv | FileCheck %s

// Numeric memref memory spaces map as MLIR's memory-space maps do: the
// OpenCL one on Kernel targets, the Vulkan one elsewhere.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, GenericPointer], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @opencl
  // CHECK-SAME: CrossWorkgroup>, %{{.*}}: !spirv.ptr<!spirv.array<4 x f32>, Generic>, %{{.*}}: !spirv.ptr<!spirv.array<4 x f32>, UniformConstant>, %{{.*}}: !spirv.ptr<!spirv.array<4 x f32>, Image>
  func.func @opencl(%a: memref<4xf32>, %b: memref<4xf32, 1>, %c: memref<4xf32, 4>, %d: memref<4xf32, 7>) { return }
}

// -----

module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK-LABEL: spirv.func @vulkan
  // CHECK-SAME: Uniform>, %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, PushConstant>, %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, Input>, %{{.*}}: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, Output>
  func.func @vulkan(%a: memref<4xf32, 4>, %b: memref<4xf32, 7>, %c: memref<4xf32, 9>, %d: memref<4xf32, 10>) { return }
}
