//go:build cgo

package kiln

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// deviceCaps lists the capabilities (and the extension each needs, if
// any) that a device feature gives.
var deviceCaps = []struct {
	has func(f vulkan.Features) bool
	cap spv.Capability
	ext string
}{
	{func(f vulkan.Features) bool { return f.ShaderFloat64 }, spv.CapabilityFloat64, ""},
	{func(f vulkan.Features) bool { return f.ShaderInt64 }, spv.CapabilityInt64, ""},
	{func(f vulkan.Features) bool { return f.ShaderInt16 }, spv.CapabilityInt16, ""},
	{func(f vulkan.Features) bool { return f.ShaderInt8 }, spv.CapabilityInt8, ""},
	{func(f vulkan.Features) bool { return f.ShaderFloat16 }, spv.CapabilityFloat16, ""},
	{func(f vulkan.Features) bool { return f.StorageBuffer8BitAccess }, spv.CapabilityStorageBuffer8BitAccess, "SPV_KHR_8bit_storage"},
	{func(f vulkan.Features) bool { return f.StorageBuffer16BitAccess }, spv.CapabilityStorageBuffer16BitAccess, "SPV_KHR_16bit_storage"},
	{func(f vulkan.Features) bool { return f.VariablePointersStorageBuffer }, spv.CapabilityVariablePointersStorageBuffer, "SPV_KHR_variable_pointers"},
	{func(f vulkan.Features) bool { return f.VariablePointers }, spv.CapabilityVariablePointers, "SPV_KHR_variable_pointers"},
}

// subgroupCaps maps VkSubgroupFeatureFlags names to capabilities.
var subgroupCaps = map[string]spv.Capability{
	"basic":            spv.CapabilityGroupNonUniform,
	"vote":             spv.CapabilityGroupNonUniformVote,
	"arithmetic":       spv.CapabilityGroupNonUniformArithmetic,
	"ballot":           spv.CapabilityGroupNonUniformBallot,
	"shuffle":          spv.CapabilityGroupNonUniformShuffle,
	"shuffle-relative": spv.CapabilityGroupNonUniformShuffleRelative,
	"clustered":        spv.CapabilityGroupNonUniformClustered,
	"quad":             spv.CapabilityGroupNonUniformQuad,
}

// DeviceTargetEnv derives the target environment of a device: the SPIR-V
// version of its Vulkan version, the capabilities and extensions its
// features give, and its compute limits.
func DeviceTargetEnv(ctx *ir.Context, info vulkan.DeviceInfo) *spirv.TargetEnvAttr {
	caps := []spv.Capability{spv.CapabilityShader}
	exts := []string{"SPV_KHR_storage_buffer_storage_class"}
	for _, c := range deviceCaps {
		if c.has(info.Features) {
			caps = append(caps, c.cap)
			if c.ext != "" && !slices.Contains(exts, c.ext) {
				exts = append(exts, c.ext)
			}
		}
	}
	if slices.Contains(info.Subgroup.Stages, "compute") {
		for _, op := range info.Subgroup.Operations {
			if c, ok := subgroupCaps[op]; ok {
				caps = append(caps, c)
			}
		}
	}
	l := info.Limits
	lim := spirv.DefaultResourceLimits()
	lim.MaxComputeSharedMemorySize = int64(l.MaxComputeSharedMemorySize)
	lim.MaxComputeWorkgroupInvocations = int64(l.MaxComputeWorkGroupInvocations)
	lim.MaxComputeWorkgroupSize = [3]int64{int64(l.MaxComputeWorkGroupSize[0]), int64(l.MaxComputeWorkGroupSize[1]), int64(l.MaxComputeWorkGroupSize[2])}
	if info.Subgroup.Size > 0 {
		lim.SubgroupSize = int64(info.Subgroup.Size)
	}
	return spirv.NewTargetEnv(ctx, spirv.TargetEnv{
		VCE:      spirv.VCE(ctx, spirvVersion(info.APIVersion), caps, exts),
		API:      spirv.APIVulkan,
		DeviceID: spirv.UnknownDeviceID,
		Limits:   spirv.Limits(ctx, lim),
	})
}

// spirvVersion is the newest SPIR-V version a Vulkan version accepts.
func spirvVersion(v vulkan.Version) spv.Version {
	switch {
	case v.Major() > 1 || v.Minor() >= 3:
		return spv.MakeVersion(1, 6)
	case v.Minor() == 2:
		return spv.MakeVersion(1, 5)
	case v.Minor() == 1:
		return spv.MakeVersion(1, 3)
	}
	return spv.MakeVersion(1, 0)
}
