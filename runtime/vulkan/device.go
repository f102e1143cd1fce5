package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// DeviceConfig configures Instance.Open.
type DeviceConfig struct {
	// ForceStaging moves every transfer through a host-visible staging buffer
	// and a copy command, as on a discrete GPU whose memory the host cannot
	// map. Both CPU drivers have only host-visible memory, so this is how tests
	// reach that path.
	ForceStaging bool
	// PipelineCache seeds the pipeline cache with data an earlier
	// Device.PipelineCacheData returned; the driver ignores data it cannot use.
	PipelineCache []byte

	// forceNonCoherent makes buffers flush and invalidate as if their memory
	// were not host-coherent, for tests: neither CPU driver has such memory.
	forceNonCoherent bool
}

// A Device is an open logical device with one compute queue. Its methods, and
// those of its Buffers and Kernels, are safe for concurrent use: submissions are
// serialized on the queue, and everything else has its own per-call resources.
type Device struct {
	inst          *Instance
	info          DeviceInfo
	cfg           DeviceConfig
	physical      C.VkPhysicalDevice
	handle        C.VkDevice
	queue         C.VkQueue
	queueFamily   uint32
	sync2         C.kiln_sync2
	pipelineCache C.VkPipelineCache
	memory        C.VkPhysicalDeviceMemoryProperties
	// timestampMask keeps the valid bits of the queue's timestamps.
	timestampMask uint64

	// useMu is held for reading by every call that uses the device or its
	// objects, and for writing by the calls that destroy them (Buffer.Free,
	// Kernel.Close, Close), which so wait for the calls in flight: nothing is
	// destroyed under a running kernel or copy. It guards closed and the freed
	// and closed flags of buffers and kernels.
	useMu  sync.RWMutex
	closed bool
	// hung is set when a submission did not finish within the instance's
	// DispatchTimeout: the device cannot be used or destroyed any more.
	hung atomic.Bool

	queueMu sync.Mutex // vkQueueSubmit2 requires external synchronization of the queue

	mu              sync.Mutex // guards the fields below
	idle            []*frame   // frames ready for reuse
	frames          []*frame   // every frame, for Close
	buffers         map[*Buffer]struct{}
	kernels         map[*Kernel]struct{}
	setLayouts      map[string]C.VkDescriptorSetLayout
	pipelineLayouts map[string]C.VkPipelineLayout
	heapUsed        []uint64 // bytes allocated from each memory heap
}

// Open opens device index (see Select) with every feature of Features that it
// has enabled.
func (inst *Instance) Open(index int, cfg DeviceConfig) (*Device, error) {
	inst.mu.Lock()
	defer inst.mu.Unlock()
	if inst.closed {
		return nil, fmt.Errorf("vulkan: Open on a closed instance: %w", ErrClosed)
	}
	if index < 0 || index >= len(inst.devices) {
		return nil, fmt.Errorf("vulkan: device index %d out of range [0, %d): %w", index, len(inst.devices), ErrNoDevice)
	}
	info := inst.devices[index]
	if info.Unsupported != "" {
		return nil, fmt.Errorf("vulkan: device %d (%s): %s: %w", index, info.Name, info.Unsupported, ErrUnsupported)
	}
	d := &Device{
		inst:            inst,
		info:            info,
		cfg:             cfg,
		physical:        inst.physical[index],
		buffers:         map[*Buffer]struct{}{},
		kernels:         map[*Kernel]struct{}{},
		setLayouts:      map[string]C.VkDescriptorSetLayout{},
		pipelineLayouts: map[string]C.VkPipelineLayout{},
	}
	q, _ := info.computeQueue()
	d.queueFamily = uint32(q)
	if bits := info.QueueFamilies[q].TimestampValidBits; bits >= 64 {
		d.timestampMask = ^uint64(0)
	} else {
		d.timestampMask = 1<<bits - 1
	}
	C.vkGetPhysicalDeviceMemoryProperties(d.physical, &d.memory)
	d.heapUsed = make([]uint64, d.memory.memoryHeapCount)

	if err := d.create(); err != nil {
		d.destroy()
		return nil, fmt.Errorf("vulkan: opening device %d (%s): %w", index, info.Name, err)
	}
	inst.open[d] = struct{}{}
	return d, nil
}

// create makes the VkDevice, its queue and its pipeline cache.
func (d *Device) create() error {
	var p runtime.Pinner
	defer p.Unpin()

	prio := new(C.float)
	*prio = 1
	p.Pin(prio)
	queueInfo := &C.VkDeviceQueueCreateInfo{
		sType:            C.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		queueFamilyIndex: C.uint32_t(d.queueFamily),
		queueCount:       1,
		pQueuePriorities: prio,
	}
	p.Pin(queueInfo)

	api := min(d.info.APIVersion, version13)
	var exts []string
	if api < version13 {
		exts = append(exts, "VK_KHR_synchronization2")
	}
	// The Vulkan spec requires enabling VK_KHR_portability_subset where it exists.
	if d.info.hasExtension("VK_KHR_portability_subset") {
		exts = append(exts, "VK_KHR_portability_subset")
	}
	names := newCStrings(exts...)
	defer names.free()

	// Enable exactly the Features the device reported: each is something a
	// kernel may need through a SPIR-V capability. robustBufferAccess bounds
	// out-of-range accesses to the bound range instead of corrupting memory.
	var fc featureChain
	features := d.info.Features
	for _, f := range fc.fields(&features, api) {
		if *f.ok {
			*f.vk = C.VK_TRUE
		}
	}
	info := C.VkDeviceCreateInfo{
		sType:                   C.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		pNext:                   unsafe.Pointer(fc.link(&p, api, api < version13)),
		queueCreateInfoCount:    1,
		pQueueCreateInfos:       queueInfo,
		enabledExtensionCount:   names.n,
		ppEnabledExtensionNames: names.p,
	}
	if err := check(C.vkCreateDevice(d.physical, &info, nil, &d.handle), "vkCreateDevice"); err != nil {
		return err
	}
	C.vkGetDeviceQueue(d.handle, C.uint32_t(d.queueFamily), 0, &d.queue)
	if C.kiln_load_sync2(d.handle, &d.sync2) != 0 {
		return fmt.Errorf("vulkan: the driver returned no synchronization2 entry points: %w", ErrUnsupported)
	}

	cacheInfo := C.VkPipelineCacheCreateInfo{sType: C.VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO}
	if len(d.cfg.PipelineCache) > 0 {
		cacheInfo.initialDataSize = C.size_t(len(d.cfg.PipelineCache))
		cacheInfo.pInitialData = unsafe.Pointer(&d.cfg.PipelineCache[0])
		p.Pin(&d.cfg.PipelineCache[0])
	}
	return check(C.vkCreatePipelineCache(d.handle, &cacheInfo, nil, &d.pipelineCache), "vkCreatePipelineCache")
}

// Info describes the device.
func (d *Device) Info() DeviceInfo { return d.info }

// PipelineCacheData returns the pipeline cache's contents, for
// DeviceConfig.PipelineCache in a later process.
func (d *Device) PipelineCacheData() ([]byte, error) {
	if err := d.acquire(); err != nil {
		return nil, err
	}
	defer d.useMu.RUnlock()
	var n C.size_t
	if err := check(C.vkGetPipelineCacheData(d.handle, d.pipelineCache, &n, nil), "vkGetPipelineCacheData"); err != nil || n == 0 {
		return nil, err
	}
	data := make([]byte, n)
	err := check(C.vkGetPipelineCacheData(d.handle, d.pipelineCache, &n, unsafe.Pointer(&data[0])), "vkGetPipelineCacheData")
	return data[:n], err
}

// acquire takes useMu for reading, or reports that the device is closed.
func (d *Device) acquire() error {
	d.useMu.RLock()
	if d.closed {
		d.useMu.RUnlock()
		return fmt.Errorf("vulkan: device %q: %w", d.info.Name, ErrClosed)
	}
	if d.hung.Load() {
		d.useMu.RUnlock()
		return fmt.Errorf("vulkan: device %q is hung by a submission that did not finish: %w", d.info.Name, Timeout)
	}
	return nil
}

// Close waits for running calls, then destroys every buffer, kernel and
// internal object of the device and the device itself. With validation on,
// the layer reports anything left behind as a message.
func (d *Device) Close() error {
	d.useMu.Lock()
	defer d.useMu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	d.inst.mu.Lock()
	delete(d.inst.open, d)
	if d.hung.Load() {
		// Its queue still runs the submission that timed out: waiting would
		// hang and destroying is not allowed. What it holds is left to the
		// process's exit, and so is the instance.
		d.inst.hung = true
		d.inst.mu.Unlock()
		return nil
	}
	d.inst.mu.Unlock()
	err := check(C.vkDeviceWaitIdle(d.handle), "vkDeviceWaitIdle")
	d.destroy()
	return err
}

// destroy releases everything the device owns; also used when Open fails
// halfway, so every step checks what exists.
func (d *Device) destroy() {
	for k := range d.kernels {
		k.destroy()
	}
	for b := range d.buffers {
		b.destroy()
	}
	for _, f := range d.frames {
		f.destroy(d)
	}
	for _, l := range d.pipelineLayouts {
		C.vkDestroyPipelineLayout(d.handle, l, nil)
	}
	for _, l := range d.setLayouts {
		C.vkDestroyDescriptorSetLayout(d.handle, l, nil)
	}
	if d.pipelineCache != 0 {
		C.vkDestroyPipelineCache(d.handle, d.pipelineCache, nil)
	}
	if d.handle != nil {
		C.vkDestroyDevice(d.handle, nil)
	}
	d.kernels, d.buffers, d.frames, d.idle = nil, nil, nil, nil
	d.pipelineLayouts, d.setLayouts = nil, nil
	d.pipelineCache, d.handle = 0, nil
}
