package vulkan

// #include "kiln_vk.h"
import "C"

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Arg binds a range of a buffer to one of a kernel's bindings.
type Arg struct {
	Set, Binding uint32
	Buffer       *Buffer
	// Offset must be a multiple of minStorageBufferOffsetAlignment (or
	// minUniformBufferOffsetAlignment for Uniform bindings).
	Offset uint64
	Size   uint64 // 0 binds the rest of the buffer
}

// A Launch is one dispatch of a Run: Groups workgroups of Kernel, with every
// binding of the kernel given a buffer and Push holding exactly its push
// constants.
type Launch struct {
	Kernel *Kernel
	Groups [3]uint32
	Args   []Arg
	Push   []byte
}

// Dispatch runs one launch and waits for it; see Run.
func (d *Device) Dispatch(k *Kernel, groups [3]uint32, args []Arg, push []byte) (time.Duration, error) {
	t, err := d.Run(Launch{Kernel: k, Groups: groups, Args: args, Push: push})
	if err != nil {
		return 0, err
	}
	return t[0], nil
}

// Run checks every launch against its kernel and the device limits, records
// them in order into one submission, submits it and waits for it. A launch that
// binds a buffer an earlier launch of the Run bound waits for that launch
// through a barrier. Run returns the device time of each launch, or zeros when
// the device has no timestamps (DeviceInfo.Timestamps). A submission still
// running after the instance's DispatchTimeout fails with an error wrapping
// Timeout that names its kernels; the device is then hung: every later call
// fails, and Close leaves it, its objects and the instance undestroyed, since
// the kernel may still be using them.
func (d *Device) Run(launches ...Launch) ([]time.Duration, error) {
	if err := d.acquire(); err != nil {
		return nil, err
	}
	defer d.useMu.RUnlock()
	if len(launches) == 0 {
		return nil, nil
	}
	f, err := d.getFrame()
	if err != nil {
		return nil, err
	}
	f.infos, f.used = f.infos[:0], f.used[:0]
	for i := range launches {
		if err := d.bindArgs(f, i, &launches[i]); err != nil {
			d.putFrame(f)
			return nil, err
		}
	}
	if err := d.writeDescriptors(f, launches); err != nil {
		return nil, err
	}
	n := uint32(2 * len(launches))
	if d.info.Timestamps {
		if err := f.ensureQueries(d, n); err != nil {
			return nil, err
		}
	}
	for _, b := range f.used {
		if err := d.flush(&b.alloc, 0, b.size); err != nil {
			return nil, err
		}
	}
	if err := d.execute(f, func(cb C.VkCommandBuffer) { d.record(f, cb, launches) }); err != nil {
		return nil, fmt.Errorf("%s: %w", kernelNames(launches), err)
	}
	for _, b := range f.used {
		if err := d.invalidate(&b.alloc, 0, b.size); err != nil {
			return nil, err
		}
	}
	times := make([]time.Duration, len(launches))
	if d.info.Timestamps {
		f.timestamps = slices.Grow(f.timestamps[:0], int(n))[:n]
		if err := check(C.vkGetQueryPoolResults(d.handle, f.queries, 0, C.uint32_t(n), C.size_t(8*n),
			unsafe.Pointer(&f.timestamps[0]), 8, C.VK_QUERY_RESULT_64_BIT|C.VK_QUERY_RESULT_WAIT_BIT),
			"vkGetQueryPoolResults"); err != nil {
			return nil, err
		}
		for i := range times {
			ticks := (f.timestamps[2*i+1] - f.timestamps[2*i]) & d.timestampMask
			times[i] = time.Duration(float64(ticks) * float64(d.info.Limits.TimestampPeriod))
		}
	}
	d.putFrame(f)
	return times, nil
}

// bindArgs checks launch i and appends one VkDescriptorBufferInfo per kernel
// binding to f.infos, in the kernel's binding order.
func (d *Device) bindArgs(f *frame, i int, l *Launch) error {
	k, lim := l.Kernel, d.info.Limits
	switch {
	case k == nil:
		return fmt.Errorf("vulkan: launch %d has no kernel: %w", i, ErrBadArgument)
	case k.dev != d:
		return fmt.Errorf("vulkan: launch %d: kernel %q belongs to another device: %w", i, k.entry, ErrBadArgument)
	case k.freed:
		return fmt.Errorf("vulkan: launch %d: kernel %q was freed: %w", i, k.entry, ErrClosed)
	case len(l.Push) != int(k.push):
		return fmt.Errorf("vulkan: launch %d: kernel %q takes %d bytes of push constants, got %d: %w",
			i, k.entry, k.push, len(l.Push), ErrBadArgument)
	}
	if err := (compute.WorkgroupLimits{MaxCount: lim.MaxComputeWorkGroupCount}).CheckGroupCount(k.entry, l.Groups); err != nil {
		return fmt.Errorf("vulkan: launch %d: %w", i, err)
	}
	start, n := len(f.infos), len(k.bindings)
	f.infos = slices.Grow(f.infos, n)[:start+n]
	infos := f.infos[start:]
	clear(infos)
	for _, a := range l.Args {
		j := slices.IndexFunc(k.bindings, func(b Binding) bool { return b.Set == a.Set && b.Binding == a.Binding })
		var err error
		switch {
		case j < 0:
			err = fmt.Errorf("the kernel has no such binding; it has %v: %w", k.bindings, ErrBadArgument)
		case infos[j].buffer != 0:
			err = fmt.Errorf("bound twice: %w", ErrBadArgument)
		default:
			err = d.checkArg(a, k.bindings[j].Class, lim)
		}
		if err != nil {
			return fmt.Errorf("vulkan: launch %d: kernel %q: (set %d, binding %d): %w", i, k.entry, a.Set, a.Binding, err)
		}
		size := a.Size
		if size == 0 {
			size = a.Buffer.size - a.Offset
		}
		infos[j] = C.VkDescriptorBufferInfo{
			buffer: a.Buffer.handle,
			offset: C.VkDeviceSize(a.Offset),
			_range: C.VkDeviceSize(size),
		}
		if !slices.Contains(f.used, a.Buffer) {
			f.used = append(f.used, a.Buffer)
		}
	}
	for j, b := range k.bindings {
		if infos[j].buffer == 0 {
			return fmt.Errorf("vulkan: launch %d: kernel %q: (set %d, binding %d) has no buffer: %w",
				i, k.entry, b.Set, b.Binding, ErrBadArgument)
		}
	}
	return nil
}

// checkArg checks one argument's buffer range against the buffer and the
// device's alignment and range limits for its storage class.
func (d *Device) checkArg(a Arg, class StorageClass, lim Limits) error {
	b := a.Buffer
	switch {
	case b == nil:
		return fmt.Errorf("nil buffer: %w", ErrBadArgument)
	case b.dev != d:
		return fmt.Errorf("buffer of another device: %w", ErrBadArgument)
	case b.freed:
		return fmt.Errorf("buffer was freed: %w", ErrClosed)
	case a.Offset >= b.size || a.Size > b.size-a.Offset:
		return fmt.Errorf("range [%d, +%d) overruns a buffer of %d bytes: %w", a.Offset, a.Size, b.size, ErrBadArgument)
	}
	size := a.Size
	if size == 0 {
		size = b.size - a.Offset
	}
	align, maxRange, names := lim.MinStorageBufferOffsetAlignment, uint64(lim.MaxStorageBufferRange), "Storage"
	if class == Uniform {
		align, maxRange, names = lim.MinUniformBufferOffsetAlignment, uint64(lim.MaxUniformBufferRange), "Uniform"
	}
	switch {
	case a.Offset%max(align, 1) != 0:
		return fmt.Errorf("offset %d is not a multiple of min%sBufferOffsetAlignment %d: %w", a.Offset, names, align, ErrLimit)
	case size > maxRange:
		return fmt.Errorf("binds %d bytes, over max%sBufferRange %d: %w", size, names, maxRange, ErrLimit)
	}
	return nil
}

// writeDescriptors allocates one descriptor set per set number of each
// launch's kernel (empty ones included, so one bind call covers them) and
// points them at f.infos in a single vkUpdateDescriptorSets.
func (d *Device) writeDescriptors(f *frame, launches []Launch) error {
	if err := f.resetDescriptors(d); err != nil {
		return err
	}
	// cgo checks the whole backing array of a slice passed to C, so entries
	// past len left by an earlier Run must not point at old, unpinned infos.
	clear(f.writes[:cap(f.writes)])
	f.sets, f.writes = f.sets[:0], f.writes[:0]
	info := 0
	for _, l := range launches {
		k := l.Kernel
		first := len(f.sets)
		if len(k.sets) > 0 {
			if err := f.allocateSets(d, k); err != nil {
				return err
			}
		}
		for _, b := range k.bindings {
			f.writes = append(f.writes, C.VkWriteDescriptorSet{
				sType:           C.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
				dstSet:          f.sets[first+int(b.Set)],
				dstBinding:      C.uint32_t(b.Binding),
				descriptorCount: 1,
				descriptorType:  b.Class.descriptorType(),
			})
			f.writes[len(f.writes)-1].pBufferInfo = &f.infos[info]
			info++
		}
	}
	if len(f.writes) == 0 {
		return nil
	}
	var p runtime.Pinner
	p.Pin(&f.infos[0])
	C.vkUpdateDescriptorSets(d.handle, C.uint32_t(len(f.writes)), &f.writes[0], 0, nil)
	p.Unpin()
	return nil
}

// allocateSets appends descriptor sets for every set number of k to f.sets.
func (f *frame) allocateSets(d *Device, k *Kernel) error {
	pool, err := f.descriptorPool(d, uint32(len(k.sets)), k.storage, k.uniform)
	if err != nil {
		return err
	}
	f.layouts = f.layouts[:0]
	for _, s := range k.sets {
		f.layouts = append(f.layouts, s.layout)
	}
	first := len(f.sets)
	f.sets = append(f.sets, make([]C.VkDescriptorSet, len(k.sets))...)
	info := C.VkDescriptorSetAllocateInfo{
		sType:              C.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		descriptorPool:     pool.pool,
		descriptorSetCount: C.uint32_t(len(k.sets)),
		pSetLayouts:        &f.layouts[0],
	}
	var p runtime.Pinner
	p.Pin(&f.layouts[0])
	defer p.Unpin()
	if err := check(C.vkAllocateDescriptorSets(d.handle, &info, &f.sets[first]), "vkAllocateDescriptorSets"); err != nil {
		return err
	}
	pool.sets -= uint32(len(k.sets))
	pool.storage -= k.storage
	pool.uniform -= k.uniform
	return nil
}

// record writes the launches into cb, each between two timestamps when the
// device has them, with a compute-to-compute barrier before a launch that
// binds a buffer bound since the last barrier.
func (d *Device) record(f *frame, cb C.VkCommandBuffer, launches []Launch) {
	if d.info.Timestamps {
		C.vkCmdResetQueryPool(cb, f.queries, 0, C.uint32_t(2*len(launches)))
	}
	f.pending = f.pending[:0]
	info, set := 0, 0
	for i, l := range launches {
		k := l.Kernel
		infos := f.infos[info : info+len(k.bindings)]
		dependent := slices.ContainsFunc(infos, func(x C.VkDescriptorBufferInfo) bool {
			return slices.Contains(f.pending, x.buffer)
		})
		if dependent {
			C.kiln_barrier(&d.sync2, cb, stageComputeShader, accessShaderStorageWrite,
				stageComputeShader, accessShaderStorageRead|accessShaderStorageWrite|accessUniformRead)
			f.pending = f.pending[:0]
		}
		for _, x := range infos {
			f.pending = append(f.pending, x.buffer)
		}
		C.vkCmdBindPipeline(cb, C.VK_PIPELINE_BIND_POINT_COMPUTE, k.pipeline)
		if len(k.sets) > 0 {
			C.vkCmdBindDescriptorSets(cb, C.VK_PIPELINE_BIND_POINT_COMPUTE, k.layout,
				0, C.uint32_t(len(k.sets)), &f.sets[set], 0, nil)
		}
		if k.push > 0 {
			C.vkCmdPushConstants(cb, k.layout, C.VK_SHADER_STAGE_COMPUTE_BIT,
				0, C.uint32_t(k.push), unsafe.Pointer(&l.Push[0]))
		}
		if d.info.Timestamps {
			C.kiln_timestamp(&d.sync2, cb, stageComputeShader, f.queries, C.uint32_t(2*i))
		}
		C.vkCmdDispatch(cb, C.uint32_t(l.Groups[0]), C.uint32_t(l.Groups[1]), C.uint32_t(l.Groups[2]))
		if d.info.Timestamps {
			C.kiln_timestamp(&d.sync2, cb, stageComputeShader, f.queries, C.uint32_t(2*i+1))
		}
		info += len(k.bindings)
		set += len(k.sets)
	}
}

// kernelNames names the kernels of a submission for its errors.
func kernelNames(launches []Launch) string {
	names := make([]string, 0, len(launches))
	for _, l := range launches {
		if name := fmt.Sprintf("%q", l.Kernel.entry); !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 1 {
		return "kernel " + names[0]
	}
	return "kernels " + strings.Join(names, ", ")
}
