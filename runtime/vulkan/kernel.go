package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"unsafe"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Words decodes a SPIR-V binary as read from a .spv file, in either byte order
// (compute.Words).
func Words(b []byte) ([]uint32, error) { return compute.Words(b) }

// StorageClass is how a kernel argument is bound: the SPIR-V storage class of
// its variable.
type StorageClass uint8

const (
	StorageBuffer StorageClass = iota // a StorageBuffer (or Uniform+BufferBlock) block
	Uniform                           // a Uniform block
)

func (c StorageClass) String() string {
	if c == Uniform {
		return "Uniform"
	}
	return "StorageBuffer"
}

func (c StorageClass) descriptorType() C.VkDescriptorType {
	if c == Uniform {
		return C.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
	}
	return C.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
}

// Binding describes one kernel argument: the descriptor (set, binding) its
// variable is decorated with and its storage class.
type Binding struct {
	Set, Binding uint32
	Class        StorageClass
}

// SpecConstant gives the specialization constant with SpecId ID a value: the
// bits of a 32-bit (or, for 64-bit types, 64-bit) int or float; 0 or 1 for a bool.
type SpecConstant struct {
	ID    uint32
	Value uint64
}

// KernelSpec describes a compute kernel.
type KernelSpec struct {
	Code          []uint32 // a SPIR-V module; spirv-val is the caller's gate
	Entry         string   // the GLCompute entry point; "main" when empty
	Bindings      []Binding
	PushConstants uint32 // size in bytes of the push-constant block, 0 for none
	SpecConstants []SpecConstant
	// WorkgroupSize, when set, must equal the size the module declares after
	// specialization; the runtime always checks the module's own.
	WorkgroupSize [3]uint32
}

// A Kernel is a compute pipeline ready to dispatch. Its layouts are shared with
// every kernel of the same device that has the same bindings.
type Kernel struct {
	dev      *Device
	entry    string
	size     [3]uint32
	bindings []Binding   // sorted by set, then binding
	sets     []kernelSet // indexed by set number
	push     uint32
	storage  uint32 // descriptors of each kind, for pool accounting
	uniform  uint32
	layout   C.VkPipelineLayout
	pipeline C.VkPipeline
	freed    bool // guarded by dev.useMu
}

type kernelSet struct {
	layout   C.VkDescriptorSetLayout
	bindings []Binding
}

// NewKernel checks spec against the module and the device limits, then builds
// the pipeline through the device's pipeline cache.
func (d *Device) NewKernel(spec KernelSpec) (*Kernel, error) {
	if err := d.acquire(); err != nil {
		return nil, err
	}
	defer d.useMu.RUnlock()
	k := &Kernel{dev: d, entry: spec.Entry, push: spec.PushConstants}
	if k.entry == "" {
		k.entry = "main"
	}
	m, err := compute.ParseModule(spec.Code, k.entry)
	if err != nil {
		return nil, fmt.Errorf("vulkan: %w", err)
	}
	if m.Version > 0x00010500 && d.info.APIVersion < version13 {
		return nil, fmt.Errorf("vulkan: SPIR-V %d.%d needs Vulkan 1.3; the device has %s: %w",
			m.Version>>16, m.Version>>8&0xff, d.info.APIVersion, ErrUnsupported)
	}
	specInfo, values, err := specialization(m, spec.SpecConstants)
	if err != nil {
		return nil, err
	}
	if k.size, err = m.WorkgroupSize(values); err != nil {
		return nil, fmt.Errorf("vulkan: %w", err)
	}
	if spec.WorkgroupSize != [3]uint32{} && spec.WorkgroupSize != k.size {
		return nil, fmt.Errorf("vulkan: kernel %q: WorkgroupSize %v, but the module's is %v: %w",
			k.entry, spec.WorkgroupSize, k.size, ErrBadArgument)
	}
	if err := d.checkWorkgroupSize(k.entry, k.size); err != nil {
		return nil, err
	}
	if err := k.setBindings(m, spec.Bindings); err != nil {
		return nil, err
	}
	if err := k.buildLayout(); err != nil {
		return nil, err
	}
	if err := k.buildPipeline(spec.Code, specInfo); err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.kernels[k] = struct{}{}
	d.mu.Unlock()
	return k, nil
}

// WorkgroupSize is the kernel's workgroup size after specialization.
func (k *Kernel) WorkgroupSize() [3]uint32 { return k.size }

// Free destroys the kernel's pipeline, waiting for calls in flight on the
// device; the shared layouts live until the device closes.
func (k *Kernel) Free() {
	k.dev.useMu.Lock()
	defer k.dev.useMu.Unlock()
	if k.dev.closed || k.freed || k.dev.hung.Load() {
		return
	}
	k.dev.mu.Lock()
	delete(k.dev.kernels, k)
	k.dev.mu.Unlock()
	k.destroy()
}

func (k *Kernel) destroy() {
	C.vkDestroyPipeline(k.dev.handle, k.pipeline, nil)
	k.freed = true
}

// checkWorkgroupSize refuses sizes over the device limits: the CPU drivers
// run such kernels without complaint, with wrong results.
func (d *Device) checkWorkgroupSize(entry string, size [3]uint32) error {
	lim := d.info.Limits
	wl := compute.WorkgroupLimits{MaxCount: lim.MaxComputeWorkGroupCount, MaxSize: lim.MaxComputeWorkGroupSize,
		MaxInvocations: lim.MaxComputeWorkGroupInvocations}
	if err := wl.CheckWorkgroupSize(entry, size); err != nil {
		return fmt.Errorf("vulkan: %w", err)
	}
	return nil
}

// specialization builds the VkSpecializationInfo data, sizing each value by its
// constant's type in the module, and returns the values by SpecId.
func specialization(m *compute.Module, consts []SpecConstant) (specData, map[uint32]uint64, error) {
	widths := m.SpecConstantWidths()
	values := map[uint32]uint64{}
	var sd specData
	for _, c := range consts {
		w, ok := widths[c.ID]
		_, dup := values[c.ID]
		switch {
		case !ok:
			return sd, nil, fmt.Errorf("vulkan: the module has no specialization constant with SpecId %d: %w",
				c.ID, ErrBadArgument)
		case dup:
			return sd, nil, fmt.Errorf("vulkan: specialization constant %d given twice: %w", c.ID, ErrBadArgument)
		}
		values[c.ID] = c.Value
		sd.entries = append(sd.entries, C.VkSpecializationMapEntry{
			constantID: C.uint32_t(c.ID),
			offset:     C.uint32_t(len(sd.data)),
			size:       C.size_t(w),
		})
		var bits [8]byte
		binary.LittleEndian.PutUint64(bits[:], c.Value)
		sd.data = append(sd.data, bits[:w]...)
	}
	return sd, values, nil
}

// errorf reports a problem with kernel k that wraps sentinel.
func (k *Kernel) errorf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("vulkan: kernel %q: %s: %w", k.entry, fmt.Sprintf(format, args...), sentinel)
}

// compareKeys orders (set, binding) pairs.
func compareKeys(a, b [2]uint32) int {
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
}

type specData struct {
	entries []C.VkSpecializationMapEntry
	data    []byte
}

// setBindings checks the described bindings against each other, the module and
// the device limits, and groups them by set.
func (k *Kernel) setBindings(m *compute.Module, bindings []Binding) error {
	lim := k.dev.info.Limits
	used, push, err := m.Resources()
	if err != nil {
		return fmt.Errorf("vulkan: kernel %q: %w", k.entry, err)
	}
	described := map[[2]uint32]StorageClass{}
	for _, b := range bindings {
		key := [2]uint32{b.Set, b.Binding}
		switch _, dup := described[key]; {
		case dup:
			return k.errorf(ErrBadArgument, "(set %d, binding %d) described twice", b.Set, b.Binding)
		case b.Class > Uniform:
			return k.errorf(ErrBadArgument, "(set %d, binding %d) has unknown storage class %d", b.Set, b.Binding, b.Class)
		case b.Set >= lim.MaxBoundDescriptorSets:
			return k.errorf(ErrLimit, "descriptor set %d is not below maxBoundDescriptorSets %d",
				b.Set, lim.MaxBoundDescriptorSets)
		}
		described[key] = b.Class
		if b.Class == Uniform {
			k.uniform++
		} else {
			k.storage++
		}
	}
	for _, key := range slices.SortedFunc(maps.Keys(used), compareKeys) {
		got, ok := described[key]
		switch {
		case !ok:
			return k.errorf(ErrBadArgument, "the module uses (set %d, binding %d), which Bindings do not describe",
				key[0], key[1])
		case got != StorageClass(used[key]):
			return k.errorf(ErrBadArgument, "the module declares (set %d, binding %d) as %v, but Bindings say %v",
				key[0], key[1], used[key], got)
		}
	}
	switch {
	case k.storage > lim.MaxPerStageStorageBuffers:
		return k.errorf(ErrLimit, "%d storage buffers exceed maxPerStageDescriptorStorageBuffers %d",
			k.storage, lim.MaxPerStageStorageBuffers)
	case k.uniform > lim.MaxPerStageUniformBuffers:
		return k.errorf(ErrLimit, "%d uniform buffers exceed maxPerStageDescriptorUniformBuffers %d",
			k.uniform, lim.MaxPerStageUniformBuffers)
	case push && k.push == 0:
		return k.errorf(ErrBadArgument, "the module uses push constants, but PushConstants is 0")
	case k.push%4 != 0:
		return k.errorf(ErrBadArgument, "PushConstants %d is not a multiple of 4", k.push)
	case k.push > lim.MaxPushConstantsSize:
		return k.errorf(ErrLimit, "PushConstants %d exceeds maxPushConstantsSize %d", k.push, lim.MaxPushConstantsSize)
	}
	k.bindings = slices.SortedFunc(slices.Values(bindings), func(a, b Binding) int {
		return compareKeys([2]uint32{a.Set, a.Binding}, [2]uint32{b.Set, b.Binding})
	})
	for _, b := range k.bindings {
		for uint32(len(k.sets)) <= b.Set {
			k.sets = append(k.sets, kernelSet{})
		}
		k.sets[b.Set].bindings = append(k.sets[b.Set].bindings, b)
	}
	return nil
}

// buildPipeline compiles the module into the kernel's compute pipeline. The
// shader module is only needed while the pipeline is made.
func (k *Kernel) buildPipeline(code []uint32, sd specData) error {
	d := k.dev
	var p runtime.Pinner
	defer p.Unpin()
	p.Pin(&code[0])
	modInfo := C.VkShaderModuleCreateInfo{
		sType:    C.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		codeSize: C.size_t(4 * len(code)),
		pCode:    (*C.uint32_t)(unsafe.Pointer(&code[0])),
	}
	var mod C.VkShaderModule
	if err := check(C.vkCreateShaderModule(d.handle, &modInfo, nil, &mod), "vkCreateShaderModule"); err != nil {
		return err
	}
	defer C.vkDestroyShaderModule(d.handle, mod, nil)

	name := C.CString(k.entry)
	defer C.free(unsafe.Pointer(name))
	info := C.VkComputePipelineCreateInfo{
		sType: C.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		stage: C.VkPipelineShaderStageCreateInfo{
			sType:  C.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			stage:  C.VK_SHADER_STAGE_COMPUTE_BIT,
			module: mod,
			pName:  name,
		},
		layout: k.layout,
	}
	if len(sd.entries) > 0 {
		p.Pin(&sd.entries[0])
		p.Pin(&sd.data[0])
		si := &C.VkSpecializationInfo{
			mapEntryCount: C.uint32_t(len(sd.entries)),
			pMapEntries:   &sd.entries[0],
			dataSize:      C.size_t(len(sd.data)),
			pData:         unsafe.Pointer(&sd.data[0]),
		}
		p.Pin(si)
		info.stage.pSpecializationInfo = si
	}
	return check(C.vkCreateComputePipelines(d.handle, d.pipelineCache, 1, &info, nil, &k.pipeline),
		fmt.Sprintf("vkCreateComputePipelines(%q)", k.entry))
}
