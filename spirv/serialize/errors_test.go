package serialize_test

import (
	"os"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// module builds a binary from instruction words after a header.
func module(bound uint32, ins ...[]uint32) []uint32 {
	w := spv.Header{Version: spv.MakeVersion(1, 0), Bound: bound}.Words()
	for _, in := range ins {
		w = append(w, in...)
	}
	return w
}

func inst(op spv.Opcode, operands ...uint32) []uint32 {
	return append([]uint32{uint32(len(operands)+1)<<16 | uint32(op)}, operands...)
}

var header = [][]uint32{
	inst(spv.OpCapability, uint32(spv.CapabilityShader)),
	inst(spv.OpMemoryModel, uint32(spv.AddressingModelLogical), uint32(spv.MemoryModelGLSL450)),
}

func TestDeserializeErrors(t *testing.T) {
	valid, err := os.ReadFile("testdata/glsl/loops.spv")
	if err != nil {
		t.Fatal(err)
	}
	words, _ := spv.BytesToWords(valid)
	for _, tc := range []struct {
		name  string
		words []uint32
		bytes []byte
		want  string
	}{
		{name: "empty", words: nil, want: "x.spv:word 0: error: invalid SPIR-V"},
		{name: "truncated header", words: words[:3], want: "truncated"},
		{name: "truncated instruction", words: append(words[:len(words):len(words)], 3<<16|uint32(spv.OpNop)), want: "truncated"},
		{name: "misaligned", bytes: valid[:len(valid)-2], want: "not a multiple of 4"},
		{name: "wrong magic", words: append([]uint32{0xdeadbeef}, words[1:]...), want: "bad magic number"},
		{name: "wrong version", words: append([]uint32{words[0], 0x00020000}, words[2:]...), want: "unsupported version"},
		{name: "out of bound id", words: module(5, append(header, inst(spv.OpTypeInt, 9, 32, 0))...), want: "bound"},
		{name: "self-referencing type", words: module(10, append(header, inst(spv.OpTypePointer, 3, uint32(spv.StorageClassFunction), 3))...),
			want: "x.spv:word 10: error: OpTypePointer: %3 is not a type declared before its use"},
		{name: "type defined twice", words: module(10, append(header, inst(spv.OpTypeBool, 3), inst(spv.OpTypeBool, 3))...),
			want: "%3 defined twice"},
		{name: "array of no constant", words: module(10, append(header, inst(spv.OpTypeBool, 3), inst(spv.OpTypeArray, 4, 3, 3))...),
			want: "array length %3 is not a positive integer constant"},
		{name: "function without end", words: module(10, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpReturn))...), want: "function has no OpFunctionEnd"},
		{name: "block without terminator", words: module(10, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpFunctionEnd))...), want: "last block has no terminator"},
		{name: "branch to a non-block", words: module(10, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpBranch, 2), inst(spv.OpFunctionEnd))...), want: "%2 is not a block of this function"},
		{name: "use before definition", words: module(10, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1), inst(spv.OpTypeBool, 5),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpLogicalNot, 5, 6, 7), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "%7 is not a value defined before its use"},
		{name: "execution mode id of a type", words: module(10, append(header, inst(spv.OpEntryPoint, uint32(spv.ExecutionModelGLCompute), 3, 0x6e69616d, 0),
			inst(spv.OpExecutionModeId, 3, uint32(spv.ExecutionModeLocalSizeId), 5, 5, 5), inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1), inst(spv.OpTypeInt, 5, 32, 0),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "x.spv:word 15: error: OpExecutionModeId: operand %5 of execution mode LocalSizeId is not an integer constant or spec constant"},
		{name: "forward pointer to an int", words: module(10, append(header, inst(spv.OpTypeForwardPointer, 7, uint32(spv.StorageClassPhysicalStorageBuffer)),
			inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpTypePointer, 7, uint32(spv.StorageClassPhysicalStorageBuffer), 5))...),
			want: "x.spv:word 10: error: OpTypeForwardPointer: forward pointer %7 is not to a struct declared after it"},
		{name: "forward pointer never declared", words: module(10, append(header, inst(spv.OpTypeForwardPointer, 7, uint32(spv.StorageClassPhysicalStorageBuffer)))...),
			want: "forward pointer %7 has no OpTypePointer after it"},
		{name: "joint matrix of no layout", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 8),
			inst(spv.OpConstant, 5, 3, 3), inst(spv.OpConstant, 5, 2, 9), inst(spv.OpTypeJointMatrixINTEL, 7, 5, 4, 4, 2, 3))...),
			want: "OpTypeJointMatrixINTEL: joint matrix layout 9"},
		{name: "joint matrix of no scope", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 8),
			inst(spv.OpConstant, 5, 3, 3), inst(spv.OpConstant, 5, 2, 99), inst(spv.OpTypeJointMatrixINTEL, 7, 5, 4, 4, 3, 2))...),
			want: "joint matrix scope 99 is not a Scope"},
		{name: "joint matrix length of an int", words: module(10, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1), inst(spv.OpTypeInt, 5, 32, 0),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpJointMatrixWorkItemLengthINTEL, 5, 6, 5), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "%5 is not a joint matrix type"},
		{name: "cooperative matrix of a type's size", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpTypeFloat, 6, 32),
			inst(spv.OpTypeCooperativeMatrixNV, 7, 6, 5, 5, 5))...),
			want: "x.spv:word 17: error: OpTypeCooperativeMatrixNV: cooperative matrix operand %5 is not a non-negative integer constant"},
		{name: "cooperative matrix of bools", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 3),
			inst(spv.OpTypeBool, 6), inst(spv.OpTypeCooperativeMatrixNV, 7, 6, 4, 4, 4))...),
			want: "cooperative matrix component type i1 is not a number"},
		{name: "cooperative matrix of no scope", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 99),
			inst(spv.OpConstant, 5, 3, 8), inst(spv.OpTypeCooperativeMatrixNV, 7, 5, 4, 3, 3))...),
			want: "cooperative matrix scope 99 is not a Scope"},
		{name: "empty cooperative matrix", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 3),
			inst(spv.OpConstant, 5, 3, 0), inst(spv.OpTypeCooperativeMatrixNV, 7, 5, 4, 3, 4))...),
			want: "cooperative matrix of 0x3 components"},
		{name: "cooperative matrix load of a 64-bit stride", words: module(30, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpTypeFloat, 10, 32), inst(spv.OpTypePointer, 11, uint32(spv.StorageClassStorageBuffer), 10), inst(spv.OpTypeInt, 12, 64, 1),
			inst(spv.OpTypeBool, 13), inst(spv.OpTypeInt, 15, 32, 0), inst(spv.OpConstant, 15, 14, 3), inst(spv.OpConstant, 15, 16, 8),
			inst(spv.OpTypeCooperativeMatrixNV, 17, 10, 14, 16, 16), inst(spv.OpUndef, 11, 20), inst(spv.OpUndef, 12, 21), inst(spv.OpConstantTrue, 13, 22),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpCooperativeMatrixLoadNV, 17, 23, 20, 21, 22),
			inst(spv.OpCooperativeMatrixLengthNV, 15, 24, 14), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "OpCooperativeMatrixLoadNV: stride of type si64: not supported"},
		{name: "cooperative matrix length of a value", words: module(30, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpTypeInt, 15, 32, 0), inst(spv.OpConstant, 15, 14, 3),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpCooperativeMatrixLengthNV, 15, 24, 14), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "OpCooperativeMatrixLengthNV: %14 is not a type declared before its use"},
		{name: "KHR cooperative matrix of no use", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 3),
			inst(spv.OpConstant, 5, 3, 8), inst(spv.OpConstant, 5, 2, 7), inst(spv.OpTypeCooperativeMatrixKHR, 7, 5, 4, 3, 3, 2))...),
			want: "OpTypeCooperativeMatrixKHR: cooperative matrix of 8x8 components and use 7"},
		{name: "KHR cooperative matrix of a variable size", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 3),
			inst(spv.OpUndef, 5, 3), inst(spv.OpTypeCooperativeMatrixKHR, 7, 5, 4, 3, 3, 4))...),
			want: "OpTypeCooperativeMatrixKHR: operand %3 is not a non-negative integer constant"},
		{name: "joint matrix of a variable size", words: module(10, append(header, inst(spv.OpTypeInt, 5, 32, 0), inst(spv.OpConstant, 5, 4, 3),
			inst(spv.OpUndef, 5, 3), inst(spv.OpTypeJointMatrixINTEL, 7, 5, 4, 3, 4, 4))...),
			want: "OpTypeJointMatrixINTEL: operand %3 is not a non-negative integer constant"},
		{name: "KHR cooperative matrix load without a stride", words: module(30, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpTypeFloat, 10, 32), inst(spv.OpTypePointer, 11, uint32(spv.StorageClassStorageBuffer), 10), inst(spv.OpTypeInt, 15, 32, 0),
			inst(spv.OpConstant, 15, 14, 3), inst(spv.OpConstant, 15, 16, 8), inst(spv.OpConstant, 15, 18, 0),
			inst(spv.OpTypeCooperativeMatrixKHR, 17, 10, 14, 16, 16, 18), inst(spv.OpUndef, 11, 20),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpCooperativeMatrixLoadKHR, 17, 23, 20, 16),
			inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "OpCooperativeMatrixLoadKHR: cooperative matrix load or store without a stride"},
		{name: "KHR cooperative matrix load of layout 8", words: module(30, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpTypeFloat, 10, 32), inst(spv.OpTypePointer, 11, uint32(spv.StorageClassStorageBuffer), 10), inst(spv.OpTypeInt, 15, 32, 0),
			inst(spv.OpConstant, 15, 14, 3), inst(spv.OpConstant, 15, 16, 8), inst(spv.OpConstant, 15, 18, 0),
			inst(spv.OpTypeCooperativeMatrixKHR, 17, 10, 14, 16, 16, 18), inst(spv.OpUndef, 11, 20),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpCooperativeMatrixLoadKHR, 17, 23, 20, 16, 16),
			inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "OpCooperativeMatrixLoadKHR: cooperative matrix layout 8"},
		{name: "KHR cooperative matrix length without a type", words: module(30, append(header, inst(spv.OpTypeVoid, 1), inst(spv.OpTypeFunction, 2, 1),
			inst(spv.OpTypeInt, 15, 32, 0),
			inst(spv.OpFunction, 1, 3, 0, 2), inst(spv.OpLabel, 4), inst(spv.OpCooperativeMatrixLengthKHR, 15, 24), inst(spv.OpReturn), inst(spv.OpFunctionEnd))...),
			want: "OpCooperativeMatrixLengthKHR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			var err error
			if tc.bytes != nil {
				_, err = serialize.DeserializeBytes(ctx, tc.bytes, "x.spv")
			} else {
				_, err = serialize.Deserialize(ctx, tc.words, "x.spv")
			}
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Errorf("error is a %T, want a *ir.Diagnostic", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestSerializeErrors(t *testing.T) {
	// Each module but the first is one that the vce triple does not allow.
	for i, tc := range []struct{ name, src, want string }{
		{"no vce", `spirv.module Logical GLSL450 {
}`, "in.mlir:1:1: error: 'spirv.module' op cannot serialize a module without a vce triple"},
		{"op needs capability", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.func @f(%x: i32) -> i32 "None" {
    %r = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %x : i32 -> i32
    spirv.ReturnValue %r : i32
  }
}`, "in.mlir:3:10: error: 'spirv.GroupNonUniformIAdd' op is not available with the module's vce triple #spirv.vce<v1.3, [Shader], []>: opcode OpGroupNonUniformIAdd needs capability GroupNonUniformArithmetic or"},
		{"op needs version", `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, GroupNonUniformArithmetic], []> {
  spirv.func @f(%x: i32) -> i32 "None" {
    %r = spirv.GroupNonUniformIAdd <Subgroup> <Reduce> %x : i32 -> i32
    spirv.ReturnValue %r : i32
  }
}`, "opcode OpGroupNonUniformIAdd needs SPIR-V 1.3"},
		{"type needs capability", `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @v : !spirv.ptr<f64, Private>
}`, "in.mlir:2:3: error: 'spirv.GlobalVariable' op is not available with the module's vce triple #spirv.vce<v1.0, [Shader], []>: type f64 needs capability Float64"},
		{"storage class needs extension", `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @v bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
}`, "StorageClass StorageBuffer needs SPIR-V 1.3 or extension SPV_KHR_storage_buffer_storage_class"},
		{"function type needs capability", `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f(%x: i64) "None" {
    spirv.Return
  }
}`, "in.mlir:2:3: error: 'spirv.func' op integer type i64 needs the Int64 capability"},
		{"built-in needs capability", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @v built_in("SubgroupSize") : !spirv.ptr<i32, Input>
}`, "BuiltIn SubgroupSize needs capability Kernel or GroupNonUniform"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := parseModule(t, newContext(), tc.src)
			_, err := serialize.SerializeWith(m, serialize.Options{VerifyAvailability: true})
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			// Without VerifyAvailability the module is written as it is.
			if _, err := serialize.Serialize(m); i > 0 && err != nil {
				t.Errorf("Serialize: %v", err)
			}
		})
	}
}

// An op of another dialect in a spirv.func has no instruction.
func TestSerializeNoInstruction(t *testing.T) {
	src := `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%s: i32) "None" {
    %0 = "test.op"(%s) : (i32) -> i32
    spirv.Return
  }
}`
	ctx := newContext()
	ctx.SetAllowUnregisteredDialects(true)
	wantSerializeError(t, ctx, src, "in.mlir:3:10: error: 'test.op' op has no SPIR-V instruction")
}

// A cooperative matrix constant is one value for all elements: another
// dense value has no SPIR-V form.
func TestSerializeCoopMatrixConstantNotSplat(t *testing.T) {
	src := `spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Linkage, CooperativeMatrixKHR, VulkanMemoryModel], [SPV_KHR_cooperative_matrix]> {
  spirv.func @f() -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc> "None" {
    %c = spirv.Constant dense<[[1.0, 2.0], [3.0, 4.0]]> : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
    spirv.ReturnValue %c : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  }
}`
	wantSerializeError(t, newContext(), src, "in.mlir:3:10: error: 'spirv.Constant' op a cooperative matrix constant must have one value for all its elements")
}

// OpPhi names a predecessor once: a spirv.Switch cannot pass one block
// different values from two of its successors.
func TestSerializeSwitchDifferentValues(t *testing.T) {
	src := `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%s: i32, %a: i32, %b: i32) -> i32 "None" {
    spirv.Switch %s : i32, [
      default: ^bb1(%a : i32),
      1: ^bb1(%b : i32)
    ]
  ^bb1(%x: i32):
    spirv.ReturnValue %x : i32
  }
}`
	wantSerializeError(t, newContext(), src, "in.mlir:3:5: error: 'spirv.Switch' op passes different values to one block from two successors, which OpPhi cannot express")
}
