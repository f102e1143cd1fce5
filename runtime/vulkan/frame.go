package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
)

// The 64-bit synchronization2 flags. The headers define them as static const
// variables rather than enums, so cgo cannot treat them as constants.
const (
	stageComputeShader = 0x800
	stageAllTransfer   = 0x1000
	stageHost          = 0x4000

	accessUniformRead        = 0x8
	accessTransferRead       = 0x800
	accessTransferWrite      = 0x1000
	accessHostRead           = 0x2000
	accessHostWrite          = 0x4000
	accessShaderStorageRead  = 0x200000000
	accessShaderStorageWrite = 0x400000000

	deviceStages = stageComputeShader | stageAllTransfer
	deviceWrites = accessShaderStorageWrite | accessTransferWrite
	deviceAccess = deviceWrites | accessShaderStorageRead | accessUniformRead | accessTransferRead
)

// A frame holds what one submission needs: a command pool and buffer, a fence,
// descriptor pools, timestamp queries and a staging buffer. Each call takes a
// frame of its own, so goroutines record in parallel and only the queue
// submission is serialized; frames are reused, so a steady stream of calls
// creates no Vulkan objects.
type frame struct {
	pool      C.VkCommandPool
	cb        C.VkCommandBuffer
	fence     C.VkFence
	queries   C.VkQueryPool
	queryCap  uint32
	descPools []descriptorPool

	staging      C.VkBuffer
	stagingSize  uint64 // the staging buffer's size; its allocation may be larger
	stagingAlloc allocation

	// Scratch for Run, kept to spare the allocations.
	infos      []C.VkDescriptorBufferInfo
	writes     []C.VkWriteDescriptorSet
	layouts    []C.VkDescriptorSetLayout
	sets       []C.VkDescriptorSet
	used       []*Buffer    // distinct buffers of the Run
	pending    []C.VkBuffer // buffers bound since the last barrier
	timestamps []uint64
}

// descriptorPool tracks what is left in one VkDescriptorPool, so the frame moves
// to a fresh pool instead of relying on VK_ERROR_OUT_OF_POOL_MEMORY.
type descriptorPool struct {
	pool                   C.VkDescriptorPool
	size                   [3]uint32 // sets, storage and uniform descriptors it was made with
	sets, storage, uniform uint32    // still free
}

const (
	poolSets    = 64
	poolStorage = 256
	poolUniform = 64
	// stagingChunk caps a frame's staging buffer; larger transfers go in pieces.
	stagingChunk = 64 << 20
)

// getFrame returns an idle frame or makes one.
func (d *Device) getFrame() (*frame, error) {
	d.mu.Lock()
	if n := len(d.idle); n > 0 {
		f := d.idle[n-1]
		d.idle = d.idle[:n-1]
		d.mu.Unlock()
		return f, nil
	}
	d.mu.Unlock()

	f := &frame{}
	poolInfo := C.VkCommandPoolCreateInfo{
		sType:            C.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		flags:            C.VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
		queueFamilyIndex: C.uint32_t(d.queueFamily),
	}
	err := check(C.vkCreateCommandPool(d.handle, &poolInfo, nil, &f.pool), "vkCreateCommandPool")
	if err == nil {
		cbInfo := C.VkCommandBufferAllocateInfo{
			sType:              C.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
			commandPool:        f.pool,
			level:              C.VK_COMMAND_BUFFER_LEVEL_PRIMARY,
			commandBufferCount: 1,
		}
		err = check(C.vkAllocateCommandBuffers(d.handle, &cbInfo, &f.cb), "vkAllocateCommandBuffers")
	}
	if err == nil {
		fenceInfo := C.VkFenceCreateInfo{sType: C.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO}
		err = check(C.vkCreateFence(d.handle, &fenceInfo, nil, &f.fence), "vkCreateFence")
	}
	if err != nil {
		f.destroy(d)
		return nil, err
	}
	d.mu.Lock()
	d.frames = append(d.frames, f)
	d.mu.Unlock()
	return f, nil
}

// putFrame makes f available again. Only frames whose submission completed
// come back; a frame left behind by an error stays in d.frames until Close.
func (d *Device) putFrame(f *frame) {
	d.mu.Lock()
	d.idle = append(d.idle, f)
	d.mu.Unlock()
}

func (f *frame) destroy(d *Device) {
	for _, p := range f.descPools {
		C.vkDestroyDescriptorPool(d.handle, p.pool, nil)
	}
	if f.queries != 0 {
		C.vkDestroyQueryPool(d.handle, f.queries, nil)
	}
	if f.staging != 0 {
		C.vkDestroyBuffer(d.handle, f.staging, nil)
		d.free(&f.stagingAlloc)
	}
	if f.fence != 0 {
		C.vkDestroyFence(d.handle, f.fence, nil)
	}
	if f.pool != 0 {
		// Destroying the pool frees its command buffer.
		C.vkDestroyCommandPool(d.handle, f.pool, nil)
	}
}

// execute records a submission: a barrier that orders it after the writes of
// earlier submissions (a fence wait makes them complete, not visible), the
// commands from record, and a barrier that makes device writes visible to the
// host. It submits, waits for the fence and resets what it used.
func (d *Device) execute(f *frame, record func(cb C.VkCommandBuffer)) error {
	if err := check(C.vkResetCommandPool(d.handle, f.pool, 0), "vkResetCommandPool"); err != nil {
		return err
	}
	begin := C.VkCommandBufferBeginInfo{
		sType: C.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		flags: C.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
	}
	if err := check(C.vkBeginCommandBuffer(f.cb, &begin), "vkBeginCommandBuffer"); err != nil {
		return err
	}
	C.kiln_barrier(&d.sync2, f.cb, deviceStages, deviceWrites, deviceStages, deviceAccess)
	record(f.cb)
	C.kiln_barrier(&d.sync2, f.cb, deviceStages, deviceWrites, stageHost, accessHostRead|accessHostWrite)
	if err := check(C.vkEndCommandBuffer(f.cb), "vkEndCommandBuffer"); err != nil {
		return err
	}
	d.queueMu.Lock()
	r := C.kiln_submit(&d.sync2, d.queue, f.cb, f.fence)
	d.queueMu.Unlock()
	if err := check(r, "vkQueueSubmit2"); err != nil {
		return err
	}
	timeout := d.inst.timeout
	r = C.vkWaitForFences(d.handle, 1, &f.fence, C.VK_TRUE, C.uint64_t(timeout.Nanoseconds()))
	if r == C.VK_TIMEOUT {
		// The frame stays in use (it is never put back) and so does the
		// device: see Close.
		d.hung.Store(true)
		return fmt.Errorf("vulkan: the device did not finish within %v (the dispatch timeout); it cannot be used any more: %w", timeout, Timeout)
	}
	if err := check(r, "vkWaitForFences"); err != nil {
		return err
	}
	return check(C.vkResetFences(d.handle, 1, &f.fence), "vkResetFences")
}

// resetDescriptors makes every descriptor pool of the frame whole again; the
// sets of the previous submission are no longer in use once its fence signaled.
func (f *frame) resetDescriptors(d *Device) error {
	for i := range f.descPools {
		p := &f.descPools[i]
		if p.sets == p.size[0] {
			continue
		}
		if err := check(C.vkResetDescriptorPool(d.handle, p.pool, 0), "vkResetDescriptorPool"); err != nil {
			return err
		}
		p.sets, p.storage, p.uniform = p.size[0], p.size[1], p.size[2]
	}
	return nil
}

// descriptorPool returns a pool with room for sets sets holding storage and
// uniform descriptors, making one when none has.
func (f *frame) descriptorPool(d *Device, sets, storage, uniform uint32) (*descriptorPool, error) {
	for i := range f.descPools {
		if p := &f.descPools[i]; p.sets >= sets && p.storage >= storage && p.uniform >= uniform {
			return p, nil
		}
	}
	size := [3]uint32{max(sets, poolSets), max(storage, poolStorage), max(uniform, poolUniform)}
	sizes := [2]C.VkDescriptorPoolSize{
		{_type: C.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: C.uint32_t(size[1])},
		{_type: C.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, descriptorCount: C.uint32_t(size[2])},
	}
	info := C.VkDescriptorPoolCreateInfo{
		sType:         C.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		maxSets:       C.uint32_t(size[0]),
		poolSizeCount: 2,
		pPoolSizes:    &sizes[0],
	}
	var p runtime.Pinner
	p.Pin(&sizes[0])
	defer p.Unpin()
	var pool C.VkDescriptorPool
	if err := check(C.vkCreateDescriptorPool(d.handle, &info, nil, &pool), "vkCreateDescriptorPool"); err != nil {
		return nil, err
	}
	f.descPools = append(f.descPools, descriptorPool{
		pool: pool, size: size, sets: size[0], storage: size[1], uniform: size[2],
	})
	return &f.descPools[len(f.descPools)-1], nil
}

// ensureQueries gives the frame a timestamp query pool with at least n queries.
func (f *frame) ensureQueries(d *Device, n uint32) error {
	if f.queryCap >= n {
		return nil
	}
	if f.queries != 0 {
		C.vkDestroyQueryPool(d.handle, f.queries, nil)
		f.queries, f.queryCap = 0, 0
	}
	n = max(n, 16)
	info := C.VkQueryPoolCreateInfo{
		sType:      C.VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
		queryType:  C.VK_QUERY_TYPE_TIMESTAMP,
		queryCount: C.uint32_t(n),
	}
	if err := check(C.vkCreateQueryPool(d.handle, &info, nil, &f.queries), "vkCreateQueryPool"); err != nil {
		return err
	}
	f.queryCap = n
	return nil
}

// ensureStaging gives the frame a mapped staging buffer of at least n bytes.
func (f *frame) ensureStaging(d *Device, n uint64) error {
	// Compare with the buffer's own size, not its allocation's: drivers round
	// allocations up (NVIDIA to 64 bytes and more), and a copy may not pass the
	// end of the buffer (VUID-vkCmdCopyBuffer-size-00115).
	if f.staging != 0 && f.stagingSize >= n {
		return nil
	}
	if f.staging != 0 {
		C.vkDestroyBuffer(d.handle, f.staging, nil)
		d.free(&f.stagingAlloc)
		f.staging, f.stagingSize = 0, 0
	}
	// Staging memory is host-visible by construction, so newBuffer maps it.
	buf, a, err := d.newBuffer(n, true)
	if err != nil {
		return fmt.Errorf("vulkan: staging buffer: %w", err)
	}
	f.staging, f.stagingSize, f.stagingAlloc = buf, n, a
	return nil
}
