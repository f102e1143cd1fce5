package spirv

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// FuzzParse feeds the dialect's type, attribute and op parsers arbitrary
// text: errors are fine, panics are not, and what parses must print, to
// text that parses again. Seeds: the strings below, the chunks of the
// dialect's and the serializer's testdata, and, when ../shared is beside
// the worktree, upstream MLIR's SPIR-V dialect tests, read in place.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"!spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>",
		"!spirv.array<4 x !spirv.struct<(f32 [0, NonWritable], i32 [4])>, stride=16>",
		"!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
		"!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Rgba8>",
		"!spirv.arm.tensor<2x?x4xi16>",
		"!spirv.arm.tensor<*xf16>",
		"#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, NVIDIA:DiscreteGPU:1, #spirv.resource_limits<subgroup_size = 4>>",
		"#spirv.entry_point_abi<local_size = dense<[32, 4, 1]> : vector<3xi32>>",
		"spirv.module Logical GLSL450 { spirv.func @f(%a: i32) -> i32 \"None\" { %0 = spirv.IAdd %a, %a : i32 spirv.ReturnValue %0 : i32 } }",
		"spirv.module Logical Vulkan requires #spirv.vce<v1.3, [VulkanMemoryModel, Shader, Int16, Int64, TensorsARM, GraphARM], [SPV_ARM_tensors, SPV_ARM_graph, SPV_KHR_vulkan_memory_model]> { spirv.ARM.Graph @g(%a: !spirv.arm.tensor<2x3xi16>) -> (!spirv.arm.tensor<2x3xi16>, !spirv.arm.tensor<2xi32>) { %c = spirv.ARM.GraphConstant {graph_constant_id = 1 : i32} : !spirv.arm.tensor<2x3xi16> %0 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Ignore>, %c : !spirv.arm.tensor<2x3xi16> -> !spirv.arm.tensor<2xi32> spirv.ARM.GraphOutputs %a, %0 : !spirv.arm.tensor<2x3xi16>, !spirv.arm.tensor<2xi32> } }",
		"spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, ReplicatedCompositesEXT], [SPV_EXT_replicated_composites]> { spirv.SpecConstant @sc = 1 : i32 spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : !spirv.array<3 x i32> spirv.func @f() -> vector<3xi32> \"None\" { %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : vector<3xi32> spirv.ReturnValue %0 : vector<3xi32> } }",
		"spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> { spirv.GlobalVariable @p : !spirv.ptr<i32, TaskPayloadWorkgroupEXT> spirv.func @t() \"None\" { %c = spirv.Constant 1 : i32 %p = spirv.mlir.addressof @p : !spirv.ptr<i32, TaskPayloadWorkgroupEXT> spirv.EXT.SetMeshOutputs %c, %c : i32, i32 spirv.EXT.EmitMeshTasks %c, %c, %c, %p : i32, i32, i32, !spirv.ptr<i32, TaskPayloadWorkgroupEXT> } }",
	} {
		f.Add(s)
	}
	files, _ := filepath.Glob("testdata/*.mlir")
	more, _ := filepath.Glob("serialize/testdata/*.mlir")
	upstream, _ := filepath.Glob("../../shared/conformance/*/mlir/test/Dialect/SPIRV/IR/*.mlir")
	for _, p := range append(append(files, more...), upstream...) {
		if b, err := os.ReadFile(p); err == nil {
			for _, chunk := range ir.SplitInput(string(b)) {
				f.Add(chunk)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		ctx := ir.NewContext(Dialect(), fn.Dialect())
		ctx.SetAllowUnregisteredDialects(true)
		if ty, err := ir.ParseTypeString(ctx, s); err == nil {
			_ = ir.TypeString(ty)
		}
		if a, err := ir.ParseAttrString(ctx, s); err == nil {
			_ = ir.AttrString(a)
		}
		irtest.ParsePrintsBack(t, ctx, s)
	})
}
