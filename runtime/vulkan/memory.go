package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"unsafe"
)

// allocation is one VkDeviceMemory with its place in the memory properties.
type allocation struct {
	mem      C.VkDeviceMemory
	size     uint64
	heap     uint32
	visible  bool   // HOST_VISIBLE
	coherent bool   // HOST_COHERENT
	mapped   []byte // the whole allocation, when mapped
}

// memoryType picks a type allowed by bits: for device buffers the first
// DEVICE_LOCAL type, for staging the first HOST_VISIBLE|HOST_COHERENT type,
// falling back to any HOST_VISIBLE one. Vulkan orders memory types so that the
// first match of a set of flags is the best one.
func (d *Device) memoryType(bits uint32, staging bool) (uint32, bool) {
	prefs := []C.VkMemoryPropertyFlags{C.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0}
	if staging {
		prefs = []C.VkMemoryPropertyFlags{
			C.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | C.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
			C.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
		}
	}
	for _, want := range prefs {
		for i := uint32(0); i < uint32(d.memory.memoryTypeCount); i++ {
			if bits&(1<<i) != 0 && d.memory.memoryTypes[i].propertyFlags&want == want {
				return i, true
			}
		}
	}
	return 0, false
}

// allocate allocates memory for buffer and binds it. Allocations are counted
// per heap, and one that would take a heap past its size fails with
// ErrOutOfDeviceMemory here: the CPU drivers hand out malloc'd memory far past
// their heap sizes and leave the failure to the kernel's OOM killer.
func (d *Device) allocate(buffer C.VkBuffer, staging bool) (allocation, error) {
	var req C.VkMemoryRequirements
	C.vkGetBufferMemoryRequirements(d.handle, buffer, &req)
	typ, ok := d.memoryType(uint32(req.memoryTypeBits), staging)
	if !ok {
		return allocation{}, fmt.Errorf("vulkan: no memory type fits a buffer (allowed types %#x, staging %v): %w",
			req.memoryTypeBits, staging, ErrUnsupported)
	}
	flags := d.memory.memoryTypes[typ].propertyFlags
	a := allocation{
		size:     uint64(req.size),
		heap:     uint32(d.memory.memoryTypes[typ].heapIndex),
		visible:  flags&C.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT != 0,
		coherent: flags&C.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT != 0 && !d.cfg.forceNonCoherent,
	}
	heapSize := uint64(d.memory.memoryHeaps[a.heap].size)
	d.mu.Lock()
	used := d.heapUsed[a.heap]
	if used+a.size > heapSize || used+a.size < used {
		d.mu.Unlock()
		return allocation{}, fmt.Errorf("vulkan: allocating %d bytes: memory heap %d has %d of its %d bytes in use: %w",
			a.size, a.heap, used, heapSize, ErrOutOfDeviceMemory)
	}
	d.heapUsed[a.heap] += a.size
	d.mu.Unlock()

	info := C.VkMemoryAllocateInfo{
		sType:           C.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		allocationSize:  req.size,
		memoryTypeIndex: C.uint32_t(typ),
	}
	err := check(C.vkAllocateMemory(d.handle, &info, nil, &a.mem), fmt.Sprintf("vkAllocateMemory(%d bytes)", a.size))
	if err == nil {
		err = check(C.vkBindBufferMemory(d.handle, buffer, a.mem, 0), "vkBindBufferMemory")
	}
	if err == nil && a.visible && (staging || !d.cfg.ForceStaging) {
		var p unsafe.Pointer
		err = check(C.vkMapMemory(d.handle, a.mem, 0, C.VK_WHOLE_SIZE, 0, &p), "vkMapMemory")
		if err == nil {
			a.mapped = unsafe.Slice((*byte)(p), a.size)
		}
	}
	if err != nil {
		d.free(&a)
		return allocation{}, err
	}
	return a, nil
}

// free releases an allocation and its share of the heap.
func (d *Device) free(a *allocation) {
	if a.mem != 0 {
		// vkFreeMemory unmaps implicitly.
		C.vkFreeMemory(d.handle, a.mem, nil)
	}
	d.mu.Lock()
	d.heapUsed[a.heap] -= a.size
	d.mu.Unlock()
	*a = allocation{}
}

// flush makes host writes to [off, off+n) visible to the device when the
// memory is mapped but not host-coherent; otherwise there is nothing to do.
func (d *Device) flush(a *allocation, off, n uint64) error {
	if a.mapped == nil || a.coherent || n == 0 {
		return nil
	}
	r := d.atomRange(a, off, n)
	return check(C.vkFlushMappedMemoryRanges(d.handle, 1, &r), "vkFlushMappedMemoryRanges")
}

// invalidate makes device writes to [off, off+n) visible to the host when the
// memory is mapped but not host-coherent.
func (d *Device) invalidate(a *allocation, off, n uint64) error {
	if a.mapped == nil || a.coherent || n == 0 {
		return nil
	}
	r := d.atomRange(a, off, n)
	return check(C.vkInvalidateMappedMemoryRanges(d.handle, 1, &r), "vkInvalidateMappedMemoryRanges")
}

// atomRange widens [off, off+n) to whole nonCoherentAtomSize units, as
// VkMappedMemoryRange requires, running to VK_WHOLE_SIZE at the end.
func (d *Device) atomRange(a *allocation, off, n uint64) C.VkMappedMemoryRange {
	atom := max(d.info.Limits.NonCoherentAtomSize, 1)
	start := off / atom * atom
	end := (off + n + atom - 1) / atom * atom
	size := C.VkDeviceSize(end - start)
	if end >= a.size {
		size = C.VK_WHOLE_SIZE
	}
	return C.VkMappedMemoryRange{
		sType:  C.VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
		memory: a.mem,
		offset: C.VkDeviceSize(start),
		size:   size,
	}
}
