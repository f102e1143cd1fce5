package vulkan

// #include "kiln_vk.h"
import "C"

import "fmt"

// Names for the numbers in DeviceInfo, as vulkaninfo prints them.

// vendorName names the PCI vendors (and Khronos vendor ids) that ship Vulkan drivers.
func vendorName(id uint32) string {
	if n, ok := vendors[id]; ok {
		return n
	}
	return fmt.Sprintf("%#x", id)
}

var vendors = map[uint32]string{
	0x1002:  "AMD",
	0x1010:  "Imagination",
	0x106b:  "Apple",
	0x10de:  "NVIDIA",
	0x13b5:  "ARM",
	0x1ae0:  "Google",
	0x5143:  "Qualcomm",
	0x8086:  "Intel",
	0x10005: "Mesa",
}

var deviceTypes = map[C.VkPhysicalDeviceType]string{
	C.VK_PHYSICAL_DEVICE_TYPE_OTHER:          "other",
	C.VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: "integrated-gpu",
	C.VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:   "discrete-gpu",
	C.VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:    "virtual-gpu",
	C.VK_PHYSICAL_DEVICE_TYPE_CPU:            "cpu",
}

var stageNames = map[uint32]string{
	C.VK_SHADER_STAGE_VERTEX_BIT:                  "vertex",
	C.VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT:    "tessellation-control",
	C.VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: "tessellation-evaluation",
	C.VK_SHADER_STAGE_GEOMETRY_BIT:                "geometry",
	C.VK_SHADER_STAGE_FRAGMENT_BIT:                "fragment",
	C.VK_SHADER_STAGE_COMPUTE_BIT:                 "compute",
}

var subgroupOpNames = map[uint32]string{
	C.VK_SUBGROUP_FEATURE_BASIC_BIT:            "basic",
	C.VK_SUBGROUP_FEATURE_VOTE_BIT:             "vote",
	C.VK_SUBGROUP_FEATURE_ARITHMETIC_BIT:       "arithmetic",
	C.VK_SUBGROUP_FEATURE_BALLOT_BIT:           "ballot",
	C.VK_SUBGROUP_FEATURE_SHUFFLE_BIT:          "shuffle",
	C.VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT: "shuffle-relative",
	C.VK_SUBGROUP_FEATURE_CLUSTERED_BIT:        "clustered",
	C.VK_SUBGROUP_FEATURE_QUAD_BIT:             "quad",
}

var heapFlagNames = map[uint32]string{
	C.VK_MEMORY_HEAP_DEVICE_LOCAL_BIT:   "DEVICE_LOCAL",
	C.VK_MEMORY_HEAP_MULTI_INSTANCE_BIT: "MULTI_INSTANCE",
}

var memoryFlagNames = map[uint32]string{
	C.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT:     "DEVICE_LOCAL",
	C.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT:     "HOST_VISIBLE",
	C.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT:    "HOST_COHERENT",
	C.VK_MEMORY_PROPERTY_HOST_CACHED_BIT:      "HOST_CACHED",
	C.VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT: "LAZILY_ALLOCATED",
	C.VK_MEMORY_PROPERTY_PROTECTED_BIT:        "PROTECTED",
}

var queueFlagNames = map[uint32]string{
	C.VK_QUEUE_GRAPHICS_BIT:       "GRAPHICS",
	C.VK_QUEUE_COMPUTE_BIT:        "COMPUTE",
	C.VK_QUEUE_TRANSFER_BIT:       "TRANSFER",
	C.VK_QUEUE_SPARSE_BINDING_BIT: "SPARSE_BINDING",
	C.VK_QUEUE_PROTECTED_BIT:      "PROTECTED",
}
