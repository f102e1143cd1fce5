package transforms

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

const aliasedSrc = `spirv.module Logical GLSL450 {
  spirv.GlobalVariable @s bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @v bind(0, 0) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
  spirv.func @f(%i: i32) -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @s : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %a[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32
    %x = spirv.Load "StorageBuffer" %p : f32
    spirv.ReturnValue %x : f32
  }
}`

// TestUnifyAliasedResourcesFor checks that only the targets whose shading
// languages lack aliasing get their resources unified.
func TestUnifyAliasedResourcesFor(t *testing.T) {
	for _, tc := range []struct {
		name    string
		api     spirv.ClientAPI
		vendor  spirv.Vendor
		unified bool
	}{
		{"vulkan", spirv.APIVulkan, spirv.VendorNVIDIA, false},
		{"moltenvk", spirv.APIVulkan, spirv.VendorApple, true},
		{"webgpu", spirv.APIWebGPU, spirv.VendorUnknown, true},
		{"metal", spirv.APIMetal, spirv.VendorApple, true},
		{"opencl", spirv.APIOpenCL, spirv.VendorIntel, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := run(t, aliasedSrc, func(m *ir.Operation) error {
				return UnifyAliasedResourcesFor(m, func(sm *ir.Operation) *spirv.TargetEnvAttr {
					te := spirv.DefaultTargetEnv(sm.Context()).TargetEnv
					te.API, te.Vendor = tc.api, tc.vendor
					return spirv.NewTargetEnv(sm.Context(), te)
				})
			})
			if got := !strings.Contains(out, "@s bind"); got != tc.unified {
				t.Errorf("unified = %v, want %v:\n%s", got, tc.unified, out)
			}
		})
	}
}

// TestUnifyAliasedResourcesFailureKeepsModule checks that a module with an
// access the pass cannot rewrite, after ones it can, is left as it was.
func TestUnifyAliasedResourcesFailureKeepsModule(t *testing.T) {
	src := strings.Replace(aliasedSrc, `spirv.ReturnValue %x : f32`,
		`%w = spirv.mlir.addressof @w64 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
    %q = spirv.AccessChain %w[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>, i32, i32
    %c7 = spirv.Constant 7 : i64
    spirv.Store "StorageBuffer" %q, %c7 : i64
    spirv.ReturnValue %x : f32`, 1)
	src = strings.Replace(src, `spirv.func`, `spirv.GlobalVariable @w64 bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @w32 bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func`, 1)
	m, err := ir.Parse(newContext(), src, "test.mlir")
	if err != nil {
		t.Fatal(err)
	}
	before := string(ir.PrintBytes(m, ir.PrintOptions{}))
	err = UnifyAliasedResources(m)
	if err == nil || !strings.Contains(err.Error(), "test.mlir:14:5: error: failed to legalize operation 'spirv.Store'") {
		t.Fatalf("want the store's located error, got %v", err)
	}
	if after := string(ir.PrintBytes(m, ir.PrintOptions{})); after != before {
		t.Errorf("module changed on failure:\n%s", after)
	}
}
