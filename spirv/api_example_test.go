package spirv_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Building types and reading a target environment from Go.
func Example() {
	ctx := ir.NewContext(spirv.Dialect())
	f32 := ctx.F32()
	buf := spirv.Struct(ctx, []ir.Type{spirv.RuntimeArray(ctx, f32, 4)}, []int64{0}, nil)
	ptr := spirv.Pointer(ctx, buf, spv.StorageClassStorageBuffer)
	fmt.Println(ir.TypeString(ptr))

	a, err := ir.ParseAttrString(ctx, "#spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform], []>, api=Vulkan, #spirv.resource_limits<subgroup_size = 4>>")
	if err != nil {
		fmt.Println(err)
		return
	}
	env := a.(*spirv.TargetEnvAttr)
	fmt.Println(env.Version(), env.Limits.SubgroupSize, env.Limits.MaxComputeWorkgroupSize)
	// Output:
	// !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
	// 1.3 4 [128 128 64]
}

// Building a module from Go and printing it.
func ExampleNewModule() {
	ctx := ir.NewContext(spirv.Dialect())
	loc := ctx.UnknownLoc()
	vce := spirv.VCE(ctx, spv.MakeVersion(1, 0), []spv.Capability{spv.CapabilityShader}, nil)
	m := spirv.NewModule(ctx, "", spv.AddressingModelLogical, spv.MemoryModelGLSL450, vce, loc)
	f := spirv.NewFunc(ctx, "main", ctx.FunctionType(nil, nil), spv.FunctionControlNone, loc)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(f.Region(0).Entry())
	spirv.NewConstant(b, ctx.I32Attr(7), ctx.I(32), loc)
	b.Create(&ir.OpState{Name: "spirv.Return", Loc: loc})
	m.Region(0).Entry().Append(f)
	if err := ir.Verify(m); err != nil {
		fmt.Println(err)
	}
	fmt.Print(string(ir.PrintBytes(m, ir.PrintOptions{})))
	// Output:
	// spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
	//   spirv.func @main() "None" {
	//     %cst7_i32 = spirv.Constant 7 : i32
	//     spirv.Return
	//   }
	// }
}
