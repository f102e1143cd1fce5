package amber

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// vulkanBackend runs scripts on a Vulkan device.
type vulkanBackend struct{ dev *vulkan.Device }

func (v vulkanBackend) gl() bool { return false }

func (v vulkanBackend) requirements(s *Script) error { return s.checkRequirements(v.dev.Info()) }

func (v vulkanBackend) module(s *Script, pl *Pipeline, words []uint32) error {
	return s.checkModule(pl, words, v.dev.Info())
}

func (v vulkanBackend) newBuffer(size uint64) (buffer, error) { return v.dev.NewBuffer(size) }

func (v vulkanBackend) newKernel(pl *Pipeline, words []uint32, bufs map[*Buffer]buffer) (kernel, error) {
	spec := vulkan.KernelSpec{Code: words, Entry: pl.Entry}
	k := &vulkanKernel{dev: v.dev}
	for _, b := range pl.Bindings {
		class := vulkan.StorageBuffer
		if b.Uniform {
			class = vulkan.Uniform
		}
		spec.Bindings = append(spec.Bindings, vulkan.Binding{Set: b.Set, Binding: b.Binding, Class: class})
		k.args = append(k.args, vulkan.Arg{Set: b.Set, Binding: b.Binding, Buffer: bufs[b.Buffer].(*vulkan.Buffer), Offset: b.Offset, Size: b.Range})
	}
	if pl.Push != nil {
		spec.PushConstants = uint32(len(pl.Push.Data)+3) &^ 3
	}
	for _, sc := range pl.Specialize {
		spec.SpecConstants = append(spec.SpecConstants, vulkan.SpecConstant{ID: sc.ID, Value: sc.Value})
	}
	var err error
	k.k, err = v.dev.NewKernel(spec)
	if err != nil {
		return nil, err
	}
	return k, nil
}

type vulkanKernel struct {
	dev  *vulkan.Device
	k    *vulkan.Kernel
	args []vulkan.Arg
}

func (k *vulkanKernel) dispatch(groups [3]uint32, push []byte) error {
	_, err := k.dev.Dispatch(k.k, groups, k.args, push)
	return err
}

func (k *vulkanKernel) free() { k.k.Free() }

// checkRequirements reports the first DEVICE_FEATURE or extension the
// device does not offer.
func (s *Script) checkRequirements(info vulkan.DeviceInfo) error {
	for _, f := range s.Features {
		name := f.Name[strings.LastIndex(f.Name, ".")+1:]
		has, known := deviceFeature(info.Features, name)
		switch {
		case !known:
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s (Kiln's runtime does not enable it)", f.Name)}
		case !has:
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s: device %q lacks %s", f.Name, info.Name, name)}
		}
	}
	for _, x := range s.Extensions {
		if why := extensionMissing(x, info); why != "" {
			return &UnsupportedError{File: s.File, Pos: x.Pos, What: why}
		}
	}
	return nil
}

// deviceFeature looks a feature up by its Vulkan name (the JSON name of
// the vulkan.Features field).
func deviceFeature(f vulkan.Features, name string) (has, known bool) {
	v := reflect.ValueOf(f)
	for i := range v.NumField() {
		if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); tag == name {
			return v.Field(i).Bool(), true
		}
	}
	return false, false
}

// coreExtensions maps the extensions a compute test may name to the
// Vulkan version that made them core: the runtime enables no extension,
// so only those a device's version includes can be used.
var coreExtensions = map[string]vulkan.Version{
	"VK_KHR_get_physical_device_properties2":  vk(1, 1),
	"VK_KHR_storage_buffer_storage_class":     vk(1, 1),
	"VK_KHR_16bit_storage":                    vk(1, 1),
	"VK_KHR_variable_pointers":                vk(1, 1),
	"VK_KHR_maintenance1":                     vk(1, 1),
	"VK_KHR_maintenance2":                     vk(1, 1),
	"VK_KHR_maintenance3":                     vk(1, 1),
	"VK_KHR_dedicated_allocation":             vk(1, 1),
	"VK_KHR_8bit_storage":                     vk(1, 2),
	"VK_KHR_shader_float16_int8":              vk(1, 2),
	"VK_KHR_vulkan_memory_model":              vk(1, 2),
	"VK_KHR_shader_atomic_int64":              vk(1, 2),
	"VK_KHR_shader_float_controls":            vk(1, 2),
	"VK_KHR_spirv_1_4":                        vk(1, 2),
	"VK_EXT_scalar_block_layout":              vk(1, 2),
	"VK_KHR_uniform_buffer_standard_layout":   vk(1, 2),
	"VK_KHR_shader_subgroup_extended_types":   vk(1, 2),
	"VK_KHR_zero_initialize_workgroup_memory": vk(1, 3),
	"VK_KHR_synchronization2":                 vk(1, 3),
	"VK_KHR_shader_terminate_invocation":      vk(1, 3),
	"VK_KHR_shader_integer_dot_product":       vk(1, 3),
	"VK_KHR_maintenance4":                     vk(1, 3),
}

func vk(major, minor uint32) vulkan.Version { return vulkan.Version(major<<22 | minor<<12) }

func extensionMissing(x Requirement, info vulkan.DeviceInfo) string {
	kind := "DEVICE_EXTENSION"
	if x.Instance {
		kind = "INSTANCE_EXTENSION"
	}
	core, ok := coreExtensions[x.Name]
	switch {
	case ok && info.APIVersion >= core:
		return ""
	case !x.Instance && !slices.Contains(info.Extensions, x.Name):
		return fmt.Sprintf("%s %s: device %q lacks it", kind, x.Name, info.Name)
	case ok:
		return fmt.Sprintf("%s %s: core only from Vulkan %d.%d, and device %q has %s", kind, x.Name, core.Major(), core.Minor(), info.Name, info.APIVersion)
	}
	return fmt.Sprintf("%s %s (Kiln's runtime does not enable extensions)", kind, x.Name)
}

// capabilityFeatures maps SPIR-V capabilities to the device features
// they need.
var capabilityFeatures = map[spv.Capability]string{
	spv.CapabilityFloat64:                            "shaderFloat64",
	spv.CapabilityInt64:                              "shaderInt64",
	spv.CapabilityInt16:                              "shaderInt16",
	spv.CapabilityInt8:                               "shaderInt8",
	spv.CapabilityFloat16:                            "shaderFloat16",
	spv.CapabilityStorageBuffer16BitAccess:           "storageBuffer16BitAccess",
	spv.CapabilityUniformAndStorageBuffer16BitAccess: "uniformAndStorageBuffer16BitAccess",
	spv.CapabilityStoragePushConstant16:              "storagePushConstant16",
	spv.CapabilityStorageBuffer8BitAccess:            "storageBuffer8BitAccess",
	spv.CapabilityUniformAndStorageBuffer8BitAccess:  "uniformAndStorageBuffer8BitAccess",
	spv.CapabilityStoragePushConstant8:               "storagePushConstant8",
	spv.CapabilityVariablePointersStorageBuffer:      "variablePointersStorageBuffer",
	spv.CapabilityVariablePointers:                   "variablePointers",
	spv.CapabilityVulkanMemoryModel:                  "vulkanMemoryModel",
	spv.CapabilityVulkanMemoryModelDeviceScope:       "vulkanMemoryModelDeviceScope",
}

// subgroupCapabilities maps subgroup capabilities to the
// VkSubgroupFeatureFlags names of vulkan.Subgroup.
var subgroupCapabilities = map[spv.Capability]string{
	spv.CapabilityGroupNonUniform:                "basic",
	spv.CapabilityGroupNonUniformVote:            "vote",
	spv.CapabilityGroupNonUniformArithmetic:      "arithmetic",
	spv.CapabilityGroupNonUniformBallot:          "ballot",
	spv.CapabilityGroupNonUniformShuffle:         "shuffle",
	spv.CapabilityGroupNonUniformShuffleRelative: "shuffle-relative",
	spv.CapabilityGroupNonUniformClustered:       "clustered",
	spv.CapabilityGroupNonUniformQuad:            "quad",
}

// checkModule reports what a pipeline's SPIR-V needs that the device
// lacks: its SPIR-V version, the features behind its capabilities, its
// subgroup operations.
func (s *Script) checkModule(pl *Pipeline, words []uint32, info vulkan.DeviceInfo) error {
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{File: s.File, Pos: pl.Shader.Pos, What: fmt.Sprintf("SHADER %s: ", pl.Shader.Name) + fmt.Sprintf(format, args...)}
	}
	if words[0] != 0x07230203 {
		return fmt.Errorf("%s:%d:%d: SHADER %s: not a SPIR-V module (magic %#x)", s.File, pl.Shader.Line, pl.Shader.Col, pl.Shader.Name, words[0])
	}
	version := words[1]
	maxVersion := map[uint32]uint32{0: 0x10000, 1: 0x10300, 2: 0x10500}[info.APIVersion.Minor()]
	if info.APIVersion.Minor() >= 3 {
		maxVersion = 0x10600
	}
	if version > maxVersion {
		return unsupported("SPIR-V %d.%d needs a newer Vulkan than device %q's %s", version>>16, version>>8&0xff, info.Name, info.APIVersion)
	}
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		if n == 0 {
			break
		}
		if spv.Opcode(words[i]&0xffff) == spv.OpCapability && n >= 2 && i+1 < len(words) {
			c := spv.Capability(words[i+1])
			name := spv.KindCapability.Format(uint32(c))
			if f, ok := capabilityFeatures[c]; ok {
				if has, _ := deviceFeature(info.Features, f); !has {
					return unsupported("capability %s needs device feature %s, which device %q lacks", name, f, info.Name)
				}
			}
			if op, ok := subgroupCapabilities[c]; ok && (!slices.Contains(info.Subgroup.Operations, op) || !slices.Contains(info.Subgroup.Stages, "compute")) {
				return unsupported("capability %s needs %s subgroup operations in compute shaders, which device %q lacks", name, op, info.Name)
			}
		}
		i += n
	}
	return nil
}
