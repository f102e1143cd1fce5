package vulkan

import "fmt"

// DeviceInfo describes one physical device as the loader reports it. It is plain
// data (no handles), so it can be printed, marshalled to JSON and compared in tests.
type DeviceInfo struct {
	Index         int           `json:"index"`
	Name          string        `json:"deviceName"`
	Type          string        `json:"deviceType"` // discrete-gpu, integrated-gpu, virtual-gpu, cpu, other
	VendorID      uint32        `json:"vendorID"`
	Vendor        string        `json:"vendor"`
	DeviceID      uint32        `json:"deviceID"`
	APIVersion    Version       `json:"apiVersion"`
	DriverID      uint32        `json:"driverID"` // VkDriverId; 0 when the device is older than Vulkan 1.2
	DriverName    string        `json:"driverName"`
	DriverInfo    string        `json:"driverInfo"`
	DriverVersion string        `json:"driverVersion"` // decoded with the vendor's own scheme
	Limits        Limits        `json:"limits"`
	Features      Features      `json:"features"`
	Subgroup      Subgroup      `json:"subgroup"`
	MemoryHeaps   []MemoryHeap  `json:"memoryHeaps"`
	MemoryTypes   []MemoryType  `json:"memoryTypes"`
	QueueFamilies []QueueFamily `json:"queueFamilies"`
	// Timestamps is true when the queue Kiln would use can time kernels.
	Timestamps bool     `json:"timestamps"`
	Extensions []string `json:"extensions"`
	// Unsupported says why Kiln cannot open this device; empty when it can.
	Unsupported string `json:"unsupported,omitempty"`
}

// Version is a packed Vulkan version number (VK_MAKE_API_VERSION).
type Version uint32

func (v Version) Major() uint32 { return uint32(v) >> 22 & 0x7f }
func (v Version) Minor() uint32 { return uint32(v) >> 12 & 0x3ff }
func (v Version) Patch() uint32 { return uint32(v) & 0xfff }

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major(), v.Minor(), v.Patch()) }

// MarshalText makes Version print as "1.3.230" in JSON.
func (v Version) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Limits are the device limits this runtime checks before a call reaches the
// driver, plus the few a user needs to size kernels.
type Limits struct {
	MaxComputeWorkGroupCount        [3]uint32 `json:"maxComputeWorkGroupCount"`
	MaxComputeWorkGroupSize         [3]uint32 `json:"maxComputeWorkGroupSize"`
	MaxComputeWorkGroupInvocations  uint32    `json:"maxComputeWorkGroupInvocations"`
	MaxComputeSharedMemorySize      uint32    `json:"maxComputeSharedMemorySize"`
	MaxStorageBufferRange           uint32    `json:"maxStorageBufferRange"`
	MaxUniformBufferRange           uint32    `json:"maxUniformBufferRange"`
	MinStorageBufferOffsetAlignment uint64    `json:"minStorageBufferOffsetAlignment"`
	MinUniformBufferOffsetAlignment uint64    `json:"minUniformBufferOffsetAlignment"`
	MaxPushConstantsSize            uint32    `json:"maxPushConstantsSize"`
	MaxBoundDescriptorSets          uint32    `json:"maxBoundDescriptorSets"`
	MaxPerStageStorageBuffers       uint32    `json:"maxPerStageDescriptorStorageBuffers"`
	MaxPerStageUniformBuffers       uint32    `json:"maxPerStageDescriptorUniformBuffers"`
	MaxMemoryAllocationCount        uint32    `json:"maxMemoryAllocationCount"`
	// MaxBufferSize is 0 when the device does not report it (before Vulkan 1.3).
	MaxBufferSize       uint64  `json:"maxBufferSize"`
	NonCoherentAtomSize uint64  `json:"nonCoherentAtomSize"`
	TimestampPeriod     float32 `json:"timestampPeriod"` // nanoseconds per timestamp tick
}

// Features are the optional device features that SPIR-V kernels ask for through
// capabilities. Open enables every one of them the device has.
type Features struct {
	RobustBufferAccess                 bool `json:"robustBufferAccess"`
	ShaderFloat64                      bool `json:"shaderFloat64"`
	ShaderInt64                        bool `json:"shaderInt64"`
	ShaderInt16                        bool `json:"shaderInt16"`
	ShaderFloat16                      bool `json:"shaderFloat16"`
	ShaderInt8                         bool `json:"shaderInt8"`
	StorageBuffer8BitAccess            bool `json:"storageBuffer8BitAccess"`
	UniformAndStorageBuffer8BitAccess  bool `json:"uniformAndStorageBuffer8BitAccess"`
	StoragePushConstant8               bool `json:"storagePushConstant8"`
	StorageBuffer16BitAccess           bool `json:"storageBuffer16BitAccess"`
	UniformAndStorageBuffer16BitAccess bool `json:"uniformAndStorageBuffer16BitAccess"`
	StoragePushConstant16              bool `json:"storagePushConstant16"`
	VariablePointersStorageBuffer      bool `json:"variablePointersStorageBuffer"`
	VariablePointers                   bool `json:"variablePointers"`
	ShaderSubgroupExtendedTypes        bool `json:"shaderSubgroupExtendedTypes"`
	VulkanMemoryModel                  bool `json:"vulkanMemoryModel"`
	VulkanMemoryModelDeviceScope       bool `json:"vulkanMemoryModelDeviceScope"`
	Synchronization2                   bool `json:"synchronization2"`
	// ShaderZeroInitializeWorkgroupMemory lets workgroup variables have
	// null initializers (Vulkan 1.3).
	ShaderZeroInitializeWorkgroupMemory bool `json:"shaderZeroInitializeWorkgroupMemory"`
}

// Subgroup describes the device's subgroups (VkPhysicalDeviceSubgroupProperties).
type Subgroup struct {
	Size       uint32   `json:"subgroupSize"`
	Stages     []string `json:"supportedStages"`
	Operations []string `json:"supportedOperations"` // basic, vote, arithmetic, ballot, ...
}

// MemoryHeap is one VkMemoryHeap.
type MemoryHeap struct {
	Size  uint64   `json:"size"`
	Flags []string `json:"flags"`
}

// MemoryType is one VkMemoryType; Flags are VkMemoryPropertyFlagBits without
// their prefix and suffix, e.g. "DEVICE_LOCAL", "HOST_VISIBLE".
type MemoryType struct {
	Heap  uint32   `json:"heapIndex"`
	Flags []string `json:"propertyFlags"`
}

// QueueFamily is one VkQueueFamilyProperties.
type QueueFamily struct {
	Count              uint32   `json:"queueCount"`
	Flags              []string `json:"queueFlags"`
	TimestampValidBits uint32   `json:"timestampValidBits"`
}

// flagNames lists the names of the bits set in v, in bit order; bits without a
// name print in hex so nothing is hidden.
func flagNames(v uint32, names map[uint32]string) []string {
	out := []string{}
	for bit := uint32(1); bit != 0; bit <<= 1 {
		if v&bit == 0 {
			continue
		}
		if n, ok := names[bit]; ok {
			out = append(out, n)
		} else {
			out = append(out, fmt.Sprintf("%#x", bit))
		}
	}
	return out
}
