package serialize_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// vulkanModules are kernels that must serialize to modules spirv-val
// accepts for Vulkan and read back to what was written.
var vulkanModules = []struct {
	name, src string
	env       validate.Env // Vulkan 1.1 when empty
}{
	{"arrays differing in stride", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.func @main() "None" {
    %c0 = spirv.Constant 0 : i32
    %p = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>
    %t = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    %src = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %dst = spirv.AccessChain %t[%c0] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
    %v = spirv.Load "StorageBuffer" %src : f32
    spirv.Store "Workgroup" %dst, %v : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}`, ""},
	{"subgroup ballot and bit count", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformBallot, SubgroupBallotKHR], [SPV_KHR_shader_ballot]> {
  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %c0 = spirv.Constant 0 : i32
    %t = spirv.Constant true
    %b = spirv.KHR.SubgroupBallot %t : vector<4xi32>
    %n = spirv.GroupNonUniformBallotBitCount <Subgroup> <Reduce> %b : vector<4xi32> -> i32
    %p = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %q = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %q, %n : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}`, ""},
	{"storage image read and write", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, ImageQuery], []> {
  spirv.GlobalVariable @img bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, UniformConstant>
  spirv.func @main() "None" {
    %c0 = spirv.Constant 0 : si32
    %p = spirv.mlir.addressof @img : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, UniformConstant>
    %i = spirv.Load "UniformConstant" %p : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>
    %size = spirv.ImageQuerySize %i : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8> -> vector<2xi32>
    %c = spirv.CompositeConstruct %c0, %c0 : (si32, si32) -> vector<2xsi32>
    %v = spirv.ImageRead %i, %c : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32> -> vector<4xf32>
    spirv.ImageWrite %i, %c, %v : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32>, vector<4xf32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}`, ""},
	{"recursive struct through a forward pointer", `spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, PhysicalStorageBufferAddresses], []> {
  spirv.GlobalVariable @head bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<Node, (f32 [0], !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [8])>, PhysicalStorageBuffer> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %c0 = spirv.Constant 0 : i32
    %h = spirv.mlir.addressof @head : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<Node, (f32 [0], !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [8])>, PhysicalStorageBuffer> [0])>, StorageBuffer>
    %pp = spirv.AccessChain %h[%c0] : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<Node, (f32 [0], !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [8])>, PhysicalStorageBuffer> [0])>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.ptr<!spirv.struct<Node, (f32 [0], !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [8])>, PhysicalStorageBuffer>, StorageBuffer>
    %p = spirv.Load "StorageBuffer" %pp : !spirv.ptr<!spirv.struct<Node, (f32 [0], !spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer> [8])>, PhysicalStorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @head
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}`, validate.Vulkan1_2},
}

func TestVulkanModules(t *testing.T) {
	for _, tc := range vulkanModules {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext()
			top, err := ir.Parse(ctx, tc.src, "in.mlir")
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(top); err != nil {
				t.Fatal(err)
			}
			m := firstModule(t, top)
			words, err := serialize.Serialize(m)
			if err != nil {
				t.Fatal(err)
			}
			env := tc.env
			if env == "" {
				env = validate.Vulkan1_1
			}
			mustValidate(t, words, env)
			back, err := serialize.Deserialize(ctx, words, "in.spv")
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(back); err != nil {
				t.Fatalf("%v\n%s", err, back)
			}
			words2, err := serialize.Serialize(back)
			if err != nil {
				t.Fatal(err)
			}
			mustValidate(t, words2, env)
		})
	}
}

// vulkanFiles are testdata files whose spirv.modules must serialize to
// modules spirv-val accepts for Vulkan 1.1 and read back to modules that
// serialize to the same words.
var vulkanFiles = []string{"testdata/nv-coopmatrix.mlir"}

func TestVulkanFiles(t *testing.T) {
	for _, f := range vulkanFiles {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(f), i), func(t *testing.T) {
				ctx := newContext()
				top, err := ir.Parse(ctx, chunk, f)
				if err != nil {
					t.Fatal(err)
				}
				if err := ir.Verify(top); err != nil {
					t.Fatal(err)
				}
				words, err := serialize.Serialize(firstModule(t, top))
				if err != nil {
					t.Fatal(err)
				}
				mustValidate(t, words, validate.Vulkan1_1)
				back, err := serialize.Deserialize(ctx, words, f)
				if err != nil {
					t.Fatal(err)
				}
				text := back.String()
				reparsed, err := ir.Parse(ctx, text, f)
				if err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				if err := ir.Verify(reparsed); err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				words2, err := serialize.Serialize(firstModule(t, reparsed))
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(words2, words) {
					dis1, _ := spv.Disassemble(words, spv.DisasmOptions{})
					dis2, _ := spv.Disassemble(words2, spv.DisasmOptions{})
					t.Errorf("the round trip changes the binary:\n%s", lineDiff(dis1, dis2))
				}
			})
		}
	}
}
