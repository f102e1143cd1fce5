package gl

import (
	"fmt"
	"slices"

	gl "github.com/go-gl/gl/v4.5-core/gl"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Info describes a context: what the driver calls itself, its extensions
// and the limits this runtime checks before a call reaches the driver.
type Info struct {
	Renderer   string `json:"renderer"`
	Vendor     string `json:"vendor"`
	Version    string `json:"version"` // GL_VERSION
	EGLVersion string `json:"eglVersion"`
	Limits     Limits `json:"limits"`
	// SPIRVExtensions are the SPIR-V extensions the driver accepts
	// (GL_SPIR_V_EXTENSIONS).
	SPIRVExtensions []string `json:"spirvExtensions"`
	Extensions      []string `json:"extensions"`
	// Subgroup is what GL_KHR_shader_subgroup reports; zero without it.
	Subgroup Subgroup `json:"subgroup"`
}

// Subgroup describes the context's subgroups (GL_KHR_shader_subgroup),
// named as runtime/vulkan names VkPhysicalDeviceSubgroupProperties.
type Subgroup struct {
	Size       uint32   `json:"subgroupSize"`
	Stages     []string `json:"supportedStages"`
	Operations []string `json:"supportedOperations"` // basic, vote, arithmetic, ballot, ...
}

// GL_KHR_shader_subgroup's queries, which go-gl's 4.5 core package lacks.
const (
	subgroupSizeKHR              = 0x9532
	subgroupSupportedStagesKHR   = 0x9533
	subgroupSupportedFeaturesKHR = 0x9534
)

// subgroupStages and subgroupOperations name the bits of the
// supported-stages and supported-features masks (the features' bits are
// VkSubgroupFeatureFlagBits').
var (
	subgroupStages = []string{"vertex", "fragment", "geometry", "tessellation-control", "tessellation-evaluation", "compute"}
	subgroupOps    = []string{"basic", "vote", "arithmetic", "ballot", "shuffle", "shuffle-relative", "clustered", "quad"}
)

// MaxSPIRVVersion is the newest SPIR-V version the context takes:
// GL_ARB_gl_spirv's 1.0, or 1.3, whose GroupNonUniform operations
// GL_KHR_shader_subgroup brings, when the context has subgroups in
// compute shaders.
func (i Info) MaxSPIRVVersion() uint32 {
	if slices.Contains(i.Subgroup.Stages, "compute") {
		return 0x00010300
	}
	return 0x00010000
}

// SubgroupCapabilities maps the GroupNonUniform capabilities to the
// subgroup operation each needs.
var SubgroupCapabilities = map[uint32]string{
	61: "basic", 62: "vote", 63: "arithmetic", 64: "ballot",
	65: "shuffle", 66: "shuffle-relative", 67: "clustered", 68: "quad",
}

func maskNames(mask uint32, names []string) []string {
	out := []string{}
	for i, n := range names {
		if mask&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Limits are the context's compute limits, under their GL names.
type Limits struct {
	MaxComputeWorkGroupCount       [3]uint32 `json:"maxComputeWorkGroupCount"`
	MaxComputeWorkGroupSize        [3]uint32 `json:"maxComputeWorkGroupSize"`
	MaxComputeWorkGroupInvocations uint32    `json:"maxComputeWorkGroupInvocations"`
	MaxComputeSharedMemorySize     uint32    `json:"maxComputeSharedMemorySize"`
	MaxShaderStorageBlockSize      uint64    `json:"maxShaderStorageBlockSize"`
	MaxShaderStorageBufferBindings uint32    `json:"maxShaderStorageBufferBindings"`
	// ShaderStorageBufferOffsetAlignment is what a bound range's offset
	// must be a multiple of.
	ShaderStorageBufferOffsetAlignment uint32 `json:"shaderStorageBufferOffsetAlignment"`
	MaxUniformBlockSize                uint64 `json:"maxUniformBlockSize"`
	MaxUniformBufferBindings           uint32 `json:"maxUniformBufferBindings"`
	UniformBufferOffsetAlignment       uint32 `json:"uniformBufferOffsetAlignment"`
}

// workgroups returns the limits compute checks dispatches against.
func (l Limits) workgroups() compute.WorkgroupLimits {
	return compute.WorkgroupLimits{MaxCount: l.MaxComputeWorkGroupCount, MaxSize: l.MaxComputeWorkGroupSize,
		MaxInvocations: l.MaxComputeWorkGroupInvocations}
}

// readInfo fills c.info on the context's thread, and refuses a context
// that cannot take SPIR-V.
func (c *Context) readInfo(e *egl) error {
	var major, minor int32
	gl.GetIntegerv(gl.MAJOR_VERSION, &major)
	gl.GetIntegerv(gl.MINOR_VERSION, &minor)
	info := Info{
		Renderer:   glString(gl.RENDERER),
		Vendor:     glString(gl.VENDOR),
		Version:    glString(gl.VERSION),
		EGLVersion: e.version(),
		Extensions: glStringi(gl.EXTENSIONS, gl.NUM_EXTENSIONS),
	}
	if major < 4 || major == 4 && minor < 5 {
		return fmt.Errorf("gl: %s gives OpenGL %d.%d, not 4.5: %w", info.Renderer, major, minor, ErrNoContext)
	}
	if !slices.Contains(info.Extensions, "GL_ARB_gl_spirv") {
		return fmt.Errorf("gl: %s lacks GL_ARB_gl_spirv, so it cannot take SPIR-V: %w", info.Renderer, ErrNoContext)
	}
	info.SPIRVExtensions = glStringi(gl.SPIR_V_EXTENSIONS, gl.NUM_SPIR_V_EXTENSIONS)
	l := &info.Limits
	for i := range uint32(3) {
		var n, s int32
		gl.GetIntegeri_v(gl.MAX_COMPUTE_WORK_GROUP_COUNT, i, &n)
		gl.GetIntegeri_v(gl.MAX_COMPUTE_WORK_GROUP_SIZE, i, &s)
		l.MaxComputeWorkGroupCount[i], l.MaxComputeWorkGroupSize[i] = uint32(n), uint32(s)
	}
	get := func(name uint32) uint32 {
		var v int32
		gl.GetIntegerv(name, &v)
		return uint32(v)
	}
	get64 := func(name uint32) uint64 {
		var v int64
		gl.GetInteger64v(name, &v)
		return uint64(v)
	}
	l.MaxComputeWorkGroupInvocations = get(gl.MAX_COMPUTE_WORK_GROUP_INVOCATIONS)
	l.MaxComputeSharedMemorySize = get(gl.MAX_COMPUTE_SHARED_MEMORY_SIZE)
	l.MaxShaderStorageBlockSize = get64(gl.MAX_SHADER_STORAGE_BLOCK_SIZE)
	l.MaxShaderStorageBufferBindings = get(gl.MAX_SHADER_STORAGE_BUFFER_BINDINGS)
	l.ShaderStorageBufferOffsetAlignment = get(gl.SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT)
	l.MaxUniformBlockSize = get64(gl.MAX_UNIFORM_BLOCK_SIZE)
	l.MaxUniformBufferBindings = get(gl.MAX_UNIFORM_BUFFER_BINDINGS)
	l.UniformBufferOffsetAlignment = get(gl.UNIFORM_BUFFER_OFFSET_ALIGNMENT)
	if slices.Contains(info.Extensions, "GL_KHR_shader_subgroup") {
		info.Subgroup = Subgroup{Size: get(subgroupSizeKHR),
			Stages:     maskNames(get(subgroupSupportedStagesKHR), subgroupStages),
			Operations: maskNames(get(subgroupSupportedFeaturesKHR), subgroupOps)}
	}
	c.info = info
	return glError("reading the context's limits")
}
