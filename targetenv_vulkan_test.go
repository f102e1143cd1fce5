//go:build cgo

package kiln

import (
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

func TestTargetEnvFromDevice(t *testing.T) {
	ctx := NewContext()
	info := vulkan.DeviceInfo{Name: "dev", APIVersion: vulkan.Version(1<<22 | 1<<12)}
	info.Features.ShaderInt8 = true
	info.Features.StorageBuffer8BitAccess = true
	info.Subgroup = vulkan.Subgroup{Size: 8, Stages: []string{"compute"}, Operations: []string{"basic", "ballot"}}
	info.Limits.MaxComputeWorkGroupInvocations = 1024
	info.Limits.MaxComputeWorkGroupSize = [3]uint32{1024, 1024, 64}
	env := DeviceTargetEnv(ctx, info)
	if env.Version() != spv.MakeVersion(1, 3) {
		t.Errorf("version %v", env.Version())
	}
	for _, c := range []spv.Capability{spv.CapabilityShader, spv.CapabilityInt8, spv.CapabilityStorageBuffer8BitAccess,
		spv.CapabilityGroupNonUniform, spv.CapabilityGroupNonUniformBallot} {
		if !slices.Contains(env.Capabilities(), c) {
			t.Errorf("missing capability %v", c)
		}
	}
	if !slices.Contains(env.Extensions(), "SPV_KHR_8bit_storage") || env.Limits.SubgroupSize != 8 ||
		env.Limits.MaxComputeWorkgroupInvocations != 1024 {
		t.Errorf("env %s", ir.AttrString(env))
	}
	want := spirv.NewTargetEnv(ctx, spirv.TargetEnv{
		VCE:    spirv.VCE(ctx, spv.MakeVersion(1, 0), []spv.Capability{spv.CapabilityShader, spv.CapabilityFloat64}, []string{"SPV_KHR_16bit_storage"}),
		Limits: spirv.Limits(ctx, spirv.DefaultResourceLimits()),
	})
	mod, _ := ir.Parse(ctx, "func.func @f() { return }", "t.mlir")
	err := checkTargetEnv(mod, want, env, "dev")
	if err == nil || !strings.Contains(err.Error(), "capabilities Float64") || !strings.Contains(err.Error(), "SPV_KHR_16bit_storage") {
		t.Errorf("got %v", err)
	}
	red := reducedTargetEnv(ctx, want, env)
	if slices.Contains(red.Capabilities(), spv.CapabilityFloat64) || len(red.Extensions()) != 0 {
		t.Errorf("reduced %s", ir.AttrString(red))
	}
}
