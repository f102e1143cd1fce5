package transforms

import "testing"

const env10 = `spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>`

func TestLowerABIScalarAndBuffer(t *testing.T) {
	got := run(t, `module attributes {`+env10+`} {
spirv.module Logical GLSL450 {
  spirv.func @k(%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>},
                %b: !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2]>} {
    %c0 = spirv.Constant 0 : i32
    %p = spirv.AccessChain %b[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>>)>, StorageBuffer>, i32, i32
    spirv.Return
  }
}
}`, LowerABI)
	wantAll(t, got,
		"spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>",
		"spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=12> [0])>, StorageBuffer>",
		`spirv.func @k() "None" {`,
		"spirv.Load \"StorageBuffer\"",
		"spirv.Bitcast",
		`spirv.EntryPoint "GLCompute" @k`+"\n",
		`spirv.ExecutionMode @k "LocalSize", 64, 2, 1`,
	)
}

// From SPIR-V 1.4 every variable the entry point uses is in its interface.
func TestLowerABIInterfaceFrom14(t *testing.T) {
	got := run(t, `module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader, GroupNonUniform], []>, #spirv.resource_limits<>>} {
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @id built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @k(%a: !spirv.ptr<!spirv.struct<(i32)>, Uniform> {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 2)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1], subgroup_size = 32>} {
    %p = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    spirv.Return
  }
}
}`, LowerABI)
	wantAll(t, got,
		`spirv.EntryPoint "GLCompute" @k, @k_arg_0, @id`,
		`spirv.ExecutionMode @k "LocalSize", 1, 1, 1`,
		// SubgroupSize needs SubgroupDispatch, which the target lacks: kept.
		`attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 32>}`,
	)
}

func TestLowerABIErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"no target", `spirv.module Logical GLSL450 {}`, "missing SPIR-V target env attribute"},
		{"no arg abi", `spirv.module Logical GLSL450 attributes {` + env10 + `} {
  spirv.func @k(%a: f32) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} { spirv.Return }
}`, "test.mlir:2:3: error: 'spirv.func' op argument #0 has no 'spirv.interface_var_abi' attribute"},
		{"scalar without storage class", `spirv.module Logical GLSL450 attributes {` + env10 + `} {
  spirv.func @k(%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} { spirv.Return }
}`, "argument #0: a f32 argument needs a storage class"},
		{"abi without entry point", `spirv.module Logical GLSL450 attributes {` + env10 + `} {
  spirv.func @k(%a: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), Uniform>}) "None" { spirv.Return }
}`, "argument #0 has a 'spirv.interface_var_abi' but the function has no 'spirv.entry_point_abi'"},
		{"pointer in buffer", `spirv.module Logical GLSL450 attributes {` + env10 + `} {
  spirv.func @k(%a: !spirv.ptr<!spirv.struct<(!spirv.ptr<f32, Function>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} { spirv.Return }
}`, "has no Vulkan layout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantAll(t, runErr(t, tc.src, LowerABI), tc.want)
		})
	}
}
