package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

const (
	version12 = Version(1<<22 | 2<<12)
	version13 = Version(1<<22 | 3<<12)
)

// propertyChain is a VkPhysicalDeviceProperties2 chain in Go memory. Its members
// are fields of one object, so pinning the chain pins every pNext target.
type propertyChain struct {
	core C.VkPhysicalDeviceProperties2
	v11  C.VkPhysicalDeviceVulkan11Properties
	v12  C.VkPhysicalDeviceVulkan12Properties
	v13  C.VkPhysicalDeviceVulkan13Properties
}

// featureChain is the VkPhysicalDeviceFeatures2 chain, used both to query what a
// device has and to enable it in vkCreateDevice.
type featureChain struct {
	core  C.VkPhysicalDeviceFeatures2
	v11   C.VkPhysicalDeviceVulkan11Features
	v12   C.VkPhysicalDeviceVulkan12Features
	v13   C.VkPhysicalDeviceVulkan13Features
	sync2 C.VkPhysicalDeviceSynchronization2Features
}

// link pins the chain and fills its sTypes and pNext pointers for a device of
// version api: the Vulkan 1.1 and 1.2 structs exist only from 1.2 on.
func (c *propertyChain) link(p *runtime.Pinner, api Version) *C.VkPhysicalDeviceProperties2 {
	p.Pin(c)
	c.core.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
	c.v11.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES
	c.v12.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES
	c.v13.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES
	if api >= version12 {
		c.core.pNext = unsafe.Pointer(&c.v11)
		c.v11.pNext = unsafe.Pointer(&c.v12)
	}
	if api >= version13 {
		c.v12.pNext = unsafe.Pointer(&c.v13)
	}
	return &c.core
}

// link is propertyChain.link for features; synchronization2 comes from the
// 1.3 struct, or before 1.3 from VK_KHR_synchronization2's when sync2Ext.
func (c *featureChain) link(p *runtime.Pinner, api Version, sync2Ext bool) *C.VkPhysicalDeviceFeatures2 {
	p.Pin(c)
	c.core.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
	c.v11.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES
	c.v12.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES
	c.v13.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES
	c.sync2.sType = C.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES
	if api >= version12 {
		c.core.pNext = unsafe.Pointer(&c.v11)
		c.v11.pNext = unsafe.Pointer(&c.v12)
	}
	switch {
	case api >= version13:
		c.v12.pNext = unsafe.Pointer(&c.v13)
	case api >= version12 && sync2Ext:
		c.v12.pNext = unsafe.Pointer(&c.sync2)
	}
	return &c.core
}

// fields pairs each Features field with its VkBool32, so that reading and
// enabling features share one list.
func (c *featureChain) fields(f *Features, api Version) []struct {
	vk *C.VkBool32
	ok *bool
} {
	sync2 := &c.sync2.synchronization2
	if api >= version13 {
		sync2 = &c.v13.synchronization2
	}
	return []struct {
		vk *C.VkBool32
		ok *bool
	}{
		{&c.core.features.robustBufferAccess, &f.RobustBufferAccess},
		{&c.core.features.shaderFloat64, &f.ShaderFloat64},
		{&c.core.features.shaderInt64, &f.ShaderInt64},
		{&c.core.features.shaderInt16, &f.ShaderInt16},
		{&c.v12.shaderFloat16, &f.ShaderFloat16},
		{&c.v12.shaderInt8, &f.ShaderInt8},
		{&c.v12.storageBuffer8BitAccess, &f.StorageBuffer8BitAccess},
		{&c.v12.uniformAndStorageBuffer8BitAccess, &f.UniformAndStorageBuffer8BitAccess},
		{&c.v12.storagePushConstant8, &f.StoragePushConstant8},
		{&c.v11.storageBuffer16BitAccess, &f.StorageBuffer16BitAccess},
		{&c.v11.uniformAndStorageBuffer16BitAccess, &f.UniformAndStorageBuffer16BitAccess},
		{&c.v11.storagePushConstant16, &f.StoragePushConstant16},
		{&c.v11.variablePointersStorageBuffer, &f.VariablePointersStorageBuffer},
		{&c.v11.variablePointers, &f.VariablePointers},
		{&c.v12.shaderSubgroupExtendedTypes, &f.ShaderSubgroupExtendedTypes},
		{&c.v12.vulkanMemoryModel, &f.VulkanMemoryModel},
		{&c.v12.vulkanMemoryModelDeviceScope, &f.VulkanMemoryModelDeviceScope},
		{sync2, &f.Synchronization2},
		// Only in the 1.3 struct, which is chained only from 1.3 on.
		{&c.v13.shaderZeroInitializeWorkgroupMemory, &f.ShaderZeroInitializeWorkgroupMemory},
	}
}

// queryFeatures returns what the device supports.
func queryFeatures(pd C.VkPhysicalDevice, api Version, sync2Ext bool) Features {
	var p runtime.Pinner
	defer p.Unpin()
	var c featureChain
	C.vkGetPhysicalDeviceFeatures2(pd, c.link(&p, api, sync2Ext))
	var f Features
	for _, x := range c.fields(&f, api) {
		*x.ok = *x.vk != 0
	}
	return f
}

// queryDevice reads everything DeviceInfo holds about one physical device.
func queryDevice(index int, pd C.VkPhysicalDevice) DeviceInfo {
	var core C.VkPhysicalDeviceProperties
	C.vkGetPhysicalDeviceProperties(pd, &core)
	api := Version(core.apiVersion)
	// The instance asks for 1.3, so that is all a newer device can offer it.
	eff := min(api, version13)

	var p runtime.Pinner
	var pc propertyChain
	C.vkGetPhysicalDeviceProperties2(pd, pc.link(&p, eff))
	p.Unpin()
	props, lim := &pc.core.properties, &pc.core.properties.limits

	info := DeviceInfo{
		Index:      index,
		Name:       C.GoString(&props.deviceName[0]),
		Type:       deviceTypes[props.deviceType],
		VendorID:   uint32(props.vendorID),
		Vendor:     vendorName(uint32(props.vendorID)),
		DeviceID:   uint32(props.deviceID),
		APIVersion: api,
		Extensions: deviceExtensions(pd),
		Limits: Limits{
			MaxComputeWorkGroupInvocations:  uint32(lim.maxComputeWorkGroupInvocations),
			MaxComputeSharedMemorySize:      uint32(lim.maxComputeSharedMemorySize),
			MaxStorageBufferRange:           uint32(lim.maxStorageBufferRange),
			MaxUniformBufferRange:           uint32(lim.maxUniformBufferRange),
			MinStorageBufferOffsetAlignment: uint64(lim.minStorageBufferOffsetAlignment),
			MinUniformBufferOffsetAlignment: uint64(lim.minUniformBufferOffsetAlignment),
			MaxPushConstantsSize:            uint32(lim.maxPushConstantsSize),
			MaxBoundDescriptorSets:          uint32(lim.maxBoundDescriptorSets),
			MaxPerStageStorageBuffers:       uint32(lim.maxPerStageDescriptorStorageBuffers),
			MaxPerStageUniformBuffers:       uint32(lim.maxPerStageDescriptorUniformBuffers),
			MaxMemoryAllocationCount:        uint32(lim.maxMemoryAllocationCount),
			NonCoherentAtomSize:             uint64(lim.nonCoherentAtomSize),
			TimestampPeriod:                 float32(lim.timestampPeriod),
		},
	}
	if info.Type == "" {
		info.Type = "other"
	}
	for i := range 3 {
		info.Limits.MaxComputeWorkGroupCount[i] = uint32(lim.maxComputeWorkGroupCount[i])
		info.Limits.MaxComputeWorkGroupSize[i] = uint32(lim.maxComputeWorkGroupSize[i])
	}
	if eff >= version12 {
		info.DriverID = uint32(pc.v12.driverID)
		info.DriverName = C.GoString(&pc.v12.driverName[0])
		info.DriverInfo = C.GoString(&pc.v12.driverInfo[0])
		info.Subgroup = Subgroup{
			Size:       uint32(pc.v11.subgroupSize),
			Stages:     flagNames(uint32(pc.v11.subgroupSupportedStages), stageNames),
			Operations: flagNames(uint32(pc.v11.subgroupSupportedOperations), subgroupOpNames),
		}
	}
	if eff >= version13 {
		info.Limits.MaxBufferSize = uint64(pc.v13.maxBufferSize)
	}
	info.DriverVersion = driverVersion(uint32(props.driverVersion), info.VendorID, info.DriverID)
	info.Features = queryFeatures(pd, eff, info.hasExtension("VK_KHR_synchronization2"))
	info.MemoryHeaps, info.MemoryTypes = queryMemory(pd)
	info.QueueFamilies = queryQueueFamilies(pd)
	if q, ok := info.computeQueue(); ok {
		info.Timestamps = info.QueueFamilies[q].TimestampValidBits > 0
	}
	info.Unsupported = info.unsupported()
	return info
}

// unsupported says why Open would refuse the device.
func (info *DeviceInfo) unsupported() string {
	switch _, compute := info.computeQueue(); {
	case info.APIVersion < version12:
		return fmt.Sprintf("Vulkan %s device; Kiln needs 1.2 or later", info.APIVersion)
	case !info.Features.Synchronization2:
		return "no synchronization2 (Vulkan 1.3 or VK_KHR_synchronization2)"
	case !compute:
		return "no compute queue"
	}
	return ""
}

// computeQueue picks the queue family Kiln submits to: the first compute family
// that can write timestamps, else the first compute family.
func (info *DeviceInfo) computeQueue() (int, bool) {
	found := -1
	for i, q := range info.QueueFamilies {
		if !contains(q.Flags, "COMPUTE") {
			continue
		}
		if q.TimestampValidBits > 0 {
			return i, true
		}
		if found < 0 {
			found = i
		}
	}
	return found, found >= 0
}

func (info *DeviceInfo) hasExtension(name string) bool { return contains(info.Extensions, name) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func deviceExtensions(pd C.VkPhysicalDevice) []string {
	var n C.uint32_t
	if C.vkEnumerateDeviceExtensionProperties(pd, nil, &n, nil) != C.VK_SUCCESS || n == 0 {
		return nil
	}
	props := make([]C.VkExtensionProperties, n)
	if C.vkEnumerateDeviceExtensionProperties(pd, nil, &n, &props[0]) != C.VK_SUCCESS {
		return nil
	}
	names := make([]string, n)
	for i := range names {
		names[i] = C.GoString(&props[i].extensionName[0])
	}
	return names
}

func queryMemory(pd C.VkPhysicalDevice) ([]MemoryHeap, []MemoryType) {
	var mp C.VkPhysicalDeviceMemoryProperties
	C.vkGetPhysicalDeviceMemoryProperties(pd, &mp)
	heaps := make([]MemoryHeap, mp.memoryHeapCount)
	for i := range heaps {
		h := mp.memoryHeaps[i]
		heaps[i] = MemoryHeap{Size: uint64(h.size), Flags: flagNames(uint32(h.flags), heapFlagNames)}
	}
	types := make([]MemoryType, mp.memoryTypeCount)
	for i := range types {
		t := mp.memoryTypes[i]
		types[i] = MemoryType{Heap: uint32(t.heapIndex), Flags: flagNames(uint32(t.propertyFlags), memoryFlagNames)}
	}
	return heaps, types
}

func queryQueueFamilies(pd C.VkPhysicalDevice) []QueueFamily {
	var n C.uint32_t
	C.vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, nil)
	if n == 0 {
		return nil
	}
	qs := make([]C.VkQueueFamilyProperties, n)
	C.vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, &qs[0])
	out := make([]QueueFamily, n)
	for i, q := range qs {
		out[i] = QueueFamily{
			Count:              uint32(q.queueCount),
			Flags:              flagNames(uint32(q.queueFlags), queueFlagNames),
			TimestampValidBits: uint32(q.timestampValidBits),
		}
	}
	return out
}

// driverVersion decodes VkPhysicalDeviceProperties.driverVersion, whose layout is
// the vendor's choice; the two known exceptions to VK_MAKE_API_VERSION are the
// ones vulkaninfo decodes.
func driverVersion(v, vendor, driver uint32) string {
	switch {
	case vendor == 0x10de: // NVIDIA: 10.8.8.6 bits
		return fmt.Sprintf("%d.%d.%d.%d", v>>22, v>>14&0xff, v>>6&0xff, v&0x3f)
	case driver == C.VK_DRIVER_ID_INTEL_PROPRIETARY_WINDOWS: // 18.14 bits
		return fmt.Sprintf("%d.%d", v>>14, v&0x3fff)
	}
	return Version(v).String()
}
