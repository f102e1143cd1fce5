package spirv

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// FuzzParse feeds the dialect's type, attribute and op parsers arbitrary
// text: errors are fine, panics are not, and what parses must print.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"!spirv.struct<node, (i32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>",
		"!spirv.array<4 x !spirv.struct<(f32 [0, NonWritable], i32 [4])>, stride=16>",
		"!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>",
		"!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Rgba8>",
		"#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, NVIDIA:DiscreteGPU:1, #spirv.resource_limits<subgroup_size = 4>>",
		"#spirv.entry_point_abi<local_size = dense<[32, 4, 1]> : vector<3xi32>>",
		"spirv.module Logical GLSL450 { spirv.func @f(%a: i32) -> i32 \"None\" { %0 = spirv.IAdd %a, %a : i32 spirv.ReturnValue %0 : i32 } }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ctx := newContext()
		if ty, err := ir.ParseTypeString(ctx, s); err == nil {
			_ = ir.TypeString(ty)
		}
		if a, err := ir.ParseAttrString(ctx, s); err == nil {
			_ = ir.AttrString(a)
		}
		if m, err := ir.Parse(ctx, s, "fuzz.mlir"); err == nil && ir.Verify(m) == nil {
			_ = ir.PrintBytes(m, ir.PrintOptions{})
		}
	})
}
