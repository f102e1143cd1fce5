// RUN: kiln opt %s --pass-pipeline='builtin.module(spirv.module(spirv-update-vce))' --split-input-file --verify-diagnostics

spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>
} {
  spirv.func @ballot(%predicate : i1) -> vector<4xi32> "None" {
    // expected-error @+1 {{'spirv.GroupNonUniformBallot' op opcode OpGroupNonUniformBallot needs capability GroupNonUniformBallot, which target environment #spirv.vce<v1.5, [Shader], []> does not allow}}
    %0 = spirv.GroupNonUniformBallot <Workgroup> %predicate : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }
}

// -----

spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, GroupNonUniformBallot], []>, #spirv.resource_limits<>>
} {
  spirv.func @ballot(%predicate : i1) -> vector<4xi32> "None" {
    // expected-error @+1 {{'spirv.GroupNonUniformBallot' op opcode OpGroupNonUniformBallot needs SPIR-V 1.3, which target environment #spirv.vce<v1.0, [Shader, GroupNonUniformBallot], []> does not allow}}
    %0 = spirv.GroupNonUniformBallot <Workgroup> %predicate : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }
}

// -----

spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int16, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  // expected-error @+1 {{'spirv.GlobalVariable' op type i16 needs SPIR-V 1.3 or extension SPV_KHR_16bit_storage, which target environment}}
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>
}
