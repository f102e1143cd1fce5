// RUN: kiln opt %s --pass-pipeline='builtin.module(spirv.module(spirv-lower-abi-attrs))' --split-input-file --verify-diagnostics

spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // expected-error @+1 {{'spirv.func' op argument #0: a f32 argument needs a storage class in its 'spirv.interface_var_abi'}}
  spirv.func @k(%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // expected-error @+1 {{'spirv.func' op argument #1 has no 'spirv.interface_var_abi' attribute}}
  spirv.func @k(%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}, %b: i32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
    spirv.Return
  }
}

// -----

// expected-error @+1 {{'spirv.module' op missing SPIR-V target env attribute}}
spirv.module Logical GLSL450 {
}

// -----

spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Int8], []>, #spirv.resource_limits<>>} {
  // expected-error @+1 {{'spirv.func' op lower entry point failure: could not select execution model based on 'spirv.target_env'}}
  spirv.func @k() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
    spirv.Return
  }
}
