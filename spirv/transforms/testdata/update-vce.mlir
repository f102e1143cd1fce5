// RUN: kiln opt %s --spirv-update-vce --split-input-file | FileCheck %s

// The capabilities come in MLIR's order: after each op of the (post-order)
// walk, the list is rebuilt from its back, each capability followed by the
// ones it implies, so an op that adds nothing reverses it.

// The least version: spirv.IAdd needs nothing beyond Shader from the module.

// CHECK: requires #spirv.vce<v1.0, [Shader, Matrix], []>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>
} {
  spirv.func @iadd(%val : i32) -> i32 "None" {
    %0 = spirv.IAdd %val, %val: i32
    spirv.ReturnValue %0: i32
  }
}

// -----

// spirv.GroupNonUniformBallot is core from SPIR-V 1.3, with no extension.

// CHECK: requires #spirv.vce<v1.3, [Shader, Matrix, GroupNonUniform, GroupNonUniformBallot], []>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, GroupNonUniformBallot], []>, #spirv.resource_limits<>>
} {
  spirv.func @ballot(%predicate : i1) -> vector<4xi32> "None" {
    %0 = spirv.GroupNonUniformBallot <Workgroup> %predicate : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }
}

// -----

// 16-bit storage is core in 1.3, but its extensions keep the module at 1.0.

// CHECK: requires #spirv.vce<v1.0, [Int16, Shader, Matrix, StorageBuffer16BitAccess], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, StorageBuffer16BitAccess, Int16], []>, #spirv.resource_limits<>>
} {
  spirv.func @load(%ptr : !spirv.ptr<i16, StorageBuffer>) -> i16 "None" {
    %0 = spirv.Load "StorageBuffer" %ptr : i16
    %1 = spirv.IAdd %0, %0 : i16
    spirv.ReturnValue %1: i16
  }
}

// -----

// A lowered kernel: the storage buffer class needs its extension at 1.0.

// CHECK: requires #spirv.vce<v1.0, [Matrix, Shader], [SPV_KHR_storage_buffer_storage_class]>
module attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  spirv.module Logical GLSL450 {
    spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.func @main() "None" {
      %c0 = spirv.Constant 0 : i32
      %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
      %v = spirv.Load "StorageBuffer" %e : f32
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @main
    spirv.ExecutionMode @main "LocalSize", 64, 1, 1
  }
}

// -----

// From SPIR-V 1.4 spirv-lower-abi-attrs lists storage buffers in the
// entry point's interface, which earlier versions reject: the module
// keeps 1.4 rather than dropping to 1.0 with extensions.

// CHECK: requires #spirv.vce<v1.4, [Matrix, Shader], []>
// CHECK: spirv.EntryPoint "GLCompute" @main, @buf
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>
} {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @buf
}

// -----

// bf16 needs SPV_KHR_bfloat16's BFloat16TypeKHR, and in a storage buffer
// its 16-bit access too.

// CHECK: requires #spirv.vce<v1.0, [StorageBuffer16BitAccess, Matrix, Shader, BFloat16TypeKHR], [SPV_KHR_bfloat16, SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader, StorageBuffer16BitAccess, BFloat16TypeKHR], [SPV_KHR_bfloat16, SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>,
    #spirv.resource_limits<>>
} {
  spirv.func @load_bf16(%ptr : !spirv.ptr<bf16, StorageBuffer>) -> bf16 "None" {
    %val = spirv.Load "StorageBuffer" %ptr : bf16
    spirv.ReturnValue %val : bf16
  }
}

// -----

// The capabilities the chosen ones implicitly declare are listed after them
// (MLIR PR 151502): Shader brings Matrix, Vector16 Kernel (which also
// covers the Reduce group operation) and GroupNonUniformClustered
// GroupNonUniform.
// CHECK: requires #spirv.vce<v1.3, [Shader, Matrix, Vector16, Kernel, GroupNonUniform, GroupNonUniformClustered], []>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Vector16, GroupNonUniformClustered, GroupNonUniformBallot], []>, #spirv.resource_limits<>>
} {
  spirv.func @implied(%v: vector<16xi32>, %x: i32) -> i32 "None" {
    %0 = spirv.IAdd %v, %v : vector<16xi32>
    %1 = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %x : i32 -> i32
    spirv.ReturnValue %1 : i32
  }
}

// -----

// A scalar condition choosing whole vectors needs SPIR-V 1.4; a vector
// condition, component by component, does not.
// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader, Matrix], []>
// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], []>
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader], []>, #spirv.resource_limits<>>
} {
  spirv.func @scalar_condition(%c : i1, %a : vector<2xf32>, %b : vector<2xf32>) -> vector<2xf32> "None" {
    %0 = spirv.Select %c, %a, %b : i1, vector<2xf32>
    spirv.ReturnValue %0 : vector<2xf32>
  }
}
spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader], []>, #spirv.resource_limits<>>
} {
  spirv.func @vector_condition(%c : vector<2xi1>, %a : vector<2xf32>, %b : vector<2xf32>) -> vector<2xf32> "None" {
    %0 = spirv.Select %c, %a, %b : vector<2xi1>, vector<2xf32>
    spirv.ReturnValue %0 : vector<2xf32>
  }
}

// -----

// MLIR chooses ImageBuffer, the first of the Buffer dimension's
// capabilities the target has, though SampledBuffer (which it implies)
// would do. The module op comes last in the walk and appends
// PhysicalStorageBufferAddresses and then Shader (its memory model) to
// [ImageBuffer, SampledBuffer]; the list is then rebuilt from its back.

// CHECK: requires #spirv.vce<v1.0, [Shader, Matrix, PhysicalStorageBufferAddresses, SampledBuffer, ImageBuffer], [SPV_EXT_physical_storage_buffer]>
spirv.module PhysicalStorageBuffer64 GLSL450 attributes {
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader, PhysicalStorageBufferAddresses, ImageBuffer], [SPV_EXT_physical_storage_buffer]>, #spirv.resource_limits<>>
} {
  spirv.GlobalVariable @img : !spirv.ptr<!spirv.image<f32, Buffer, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>, UniformConstant>
}
