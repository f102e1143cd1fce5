package transforms

import "testing"

func module(env, body string) string {
	return `spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<` + env + `, #spirv.resource_limits<>>} {
` + body + `
}`
}

func TestDeduceVCE(t *testing.T) {
	for _, tc := range []struct{ name, env, body, want string }{
		{"minimal", "#spirv.vce<v1.5, [Shader], []>", `
  spirv.func @iadd(%val : i32) -> i32 "None" {
    %0 = spirv.IAdd %val, %val: i32
    spirv.ReturnValue %0: i32
  }`, "#spirv.vce<v1.0, [Shader, Matrix], []>"},
		{"version from op", "#spirv.vce<v1.5, [Shader, GroupNonUniformBallot], []>", `
  spirv.func @ballot(%p : i1) -> vector<4xi32> "None" {
    %0 = spirv.GroupNonUniformBallot <Workgroup> %p : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }`, "#spirv.vce<v1.3, [Shader, Matrix, GroupNonUniform, GroupNonUniformBallot], []>"},
		{"implied capability", "#spirv.vce<v1.0, [AtomicStorage], []>", `
  spirv.func @iadd(%val : i32) -> i32 "None" {
    %0 = spirv.IAdd %val, %val: i32
    spirv.ReturnValue %0: i32
  }`, "#spirv.vce<v1.0, [Shader, Matrix], []>"},
		{"extension kept low", "#spirv.vce<v1.3, [Shader, StorageBuffer16BitAccess, Int16], []>", `
  spirv.func @load(%ptr : !spirv.ptr<i16, StorageBuffer>) -> i16 "None" {
    %0 = spirv.Load "StorageBuffer" %ptr : i16
    %1 = spirv.IAdd %0, %0 : i16
    spirv.ReturnValue %1: i16
  }`, "#spirv.vce<v1.0, [Int16, Shader, Matrix, StorageBuffer16BitAccess], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>"},
		{"version makes extension unneeded", "#spirv.vce<v1.3, [Shader, GroupNonUniformBallot], []>", `
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @ballot(%p : i1) -> vector<4xi32> "None" {
    %0 = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }`, "#spirv.vce<v1.3, [Shader, Matrix, GroupNonUniform, GroupNonUniformBallot], []>"},
		{"implied capabilities follow", "#spirv.vce<v1.3, [Shader, Vector16, GroupNonUniformBallot], []>", `
  spirv.func @f(%v : vector<16xi32>, %p : i1) -> vector<4xi32> "None" {
    %0 = spirv.IAdd %v, %v : vector<16xi32>
    %1 = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xi32>
    spirv.ReturnValue %1: vector<4xi32>
  }`, "#spirv.vce<v1.3, [Shader, Matrix, Vector16, Kernel, GroupNonUniform, GroupNonUniformBallot], []>"},
		{"named extension", "#spirv.vce<v1.0, [Shader, Int16, StorageBuffer16BitAccess], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>", `
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>`,
			"#spirv.vce<v1.0, [StorageBuffer16BitAccess, Matrix, Shader], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantAll(t, run(t, module(tc.env, tc.body), DeduceVCE), "requires "+tc.want)
		})
	}
}

// The Vulkan memory model is core in 1.5, but its extension keeps the version at 1.0.
func TestDeduceVCEVulkanMemoryModel(t *testing.T) {
	got := run(t, `spirv.module Logical Vulkan attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, VulkanMemoryModel], []>, #spirv.resource_limits<>>} {
}`, DeduceVCE)
	wantAll(t, got, "requires #spirv.vce<v1.0, [VulkanMemoryModel], [SPV_KHR_vulkan_memory_model]>")
}

// A storage buffer in an entry point's interface (spirv-lower-abi-attrs
// lists it for a 1.4 target) needs SPIR-V 1.4.
func TestDeduceVCEInterface(t *testing.T) {
	got := run(t, module("#spirv.vce<v1.5, [Shader], []>", `
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %0 = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @buf`), DeduceVCE)
	wantAll(t, got, "requires #spirv.vce<v1.4, [Matrix, Shader], []>")
	msg := runErr(t, module("#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>", `
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @buf`), DeduceVCE)
	wantAll(t, msg, "test.mlir:7:3: error: 'spirv.EntryPoint' op interface variable @buf of storage class StorageBuffer needs SPIR-V 1.4, which target environment")
}

// Without a target environment the module's own triple bounds the result.
func TestDeduceVCEWithinOwnTriple(t *testing.T) {
	got := run(t, `spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Int64, Float16], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.func @add(%v : i64) -> i64 "None" {
    %0 = spirv.IAdd %v, %v: i64
    spirv.ReturnValue %0: i64
  }
}`, DeduceVCE)
	wantAll(t, got, "requires #spirv.vce<v1.0, [Shader, Matrix, Int64], []>")
}

func TestDeduceVCEErrors(t *testing.T) {
	for _, tc := range []struct{ name, env, body, want string }{
		{"missing capability", "#spirv.vce<v1.5, [Shader], []>", `
  spirv.func @ballot(%p : i1) -> vector<4xi32> "None" {
    %0 = spirv.GroupNonUniformBallot <Workgroup> %p : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }`, "test.mlir:4:10: error: 'spirv.GroupNonUniformBallot' op opcode OpGroupNonUniformBallot needs capability GroupNonUniformBallot, which target environment #spirv.vce<v1.5, [Shader], []> does not allow"},
		{"missing version", "#spirv.vce<v1.0, [Shader, GroupNonUniformBallot], []>", `
  spirv.func @ballot(%p : i1) -> vector<4xi32> "None" {
    %0 = spirv.GroupNonUniformBallot <Workgroup> %p : vector<4xi32>
    spirv.ReturnValue %0: vector<4xi32>
  }`, "'spirv.GroupNonUniformBallot' op opcode OpGroupNonUniformBallot needs SPIR-V 1.3, which target environment #spirv.vce<v1.0, [Shader, GroupNonUniformBallot], []> does not allow"},
		{"missing extension", "#spirv.vce<v1.0, [Shader, Int16, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class]>", `
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>`,
			"test.mlir:3:3: error: 'spirv.GlobalVariable' op type i16 needs SPIR-V 1.3 or extension SPV_KHR_16bit_storage, which target environment"},
		{"missing type capability", "#spirv.vce<v1.0, [Shader], []>", `
  spirv.func @add(%v : i64) -> i64 "None" {
    %0 = spirv.IAdd %v, %v: i64
    spirv.ReturnValue %0: i64
  }`, "test.mlir:4:10: error: 'spirv.IAdd' op type i64 needs capability Int64, which target environment #spirv.vce<v1.0, [Shader], []> does not allow"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantAll(t, runErr(t, module(tc.env, tc.body), DeduceVCE), tc.want)
		})
	}
}
