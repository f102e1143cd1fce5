package vulkan

// #include "kiln_vk.h"
import "C"

import "fmt"

// A Buffer is device memory that kernels bind as a storage or uniform buffer:
// the backing store of one host memref. The host reaches it with Write and Read,
// or directly through Mapped when the memory is host-visible.
type Buffer struct {
	dev    *Device
	size   uint64
	handle C.VkBuffer
	alloc  allocation
	freed  bool // guarded by dev.useMu
}

const bufferUsage = C.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | C.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
	C.VK_BUFFER_USAGE_TRANSFER_SRC_BIT | C.VK_BUFFER_USAGE_TRANSFER_DST_BIT

// NewBuffer allocates size bytes of device memory. Sizes past maxBufferSize
// fail with ErrLimit, and past what the memory heap has left with
// ErrOutOfDeviceMemory. The contents start undefined.
func (d *Device) NewBuffer(size uint64) (*Buffer, error) {
	if err := d.acquire(); err != nil {
		return nil, err
	}
	defer d.useMu.RUnlock()
	if size == 0 {
		return nil, fmt.Errorf("vulkan: NewBuffer of 0 bytes: %w", ErrBadArgument)
	}
	if limit := d.info.Limits.MaxBufferSize; limit != 0 && size > limit {
		return nil, fmt.Errorf("vulkan: buffer of %d bytes exceeds maxBufferSize %d: %w", size, limit, ErrLimit)
	}
	b := &Buffer{dev: d, size: size}
	var err error
	if b.handle, b.alloc, err = d.newBuffer(size, false); err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.buffers[b] = struct{}{}
	d.mu.Unlock()
	return b, nil
}

// newBuffer creates a VkBuffer with its own memory: for a Buffer, or with
// staging set for a host-visible staging buffer.
func (d *Device) newBuffer(size uint64, staging bool) (C.VkBuffer, allocation, error) {
	info := C.VkBufferCreateInfo{
		sType:       C.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		size:        C.VkDeviceSize(size),
		usage:       bufferUsage,
		sharingMode: C.VK_SHARING_MODE_EXCLUSIVE,
	}
	var buf C.VkBuffer
	err := check(C.vkCreateBuffer(d.handle, &info, nil, &buf), fmt.Sprintf("vkCreateBuffer(%d bytes)", size))
	if err != nil {
		return 0, allocation{}, err
	}
	a, err := d.allocate(buf, staging)
	if err != nil {
		C.vkDestroyBuffer(d.handle, buf, nil)
		return 0, allocation{}, err
	}
	return buf, a, nil
}

// Size is the size the buffer was made with.
func (b *Buffer) Size() uint64 { return b.size }

// Mapped returns the buffer's memory in the host's address space, or nil when
// the host cannot map it (or DeviceConfig.ForceStaging is set). It stays valid
// until Free. Writes through it need no Write call: Run flushes mapped memory
// that is not host-coherent before it submits and invalidates it afterwards.
func (b *Buffer) Mapped() []byte {
	if b.alloc.mapped == nil {
		return nil
	}
	return b.alloc.mapped[:b.size]
}

// Write copies src into the buffer at byte offset off.
func (b *Buffer) Write(off uint64, src []byte) error {
	if err := b.use("Write", off, uint64(len(src))); err != nil {
		return err
	}
	defer b.done()
	if b.alloc.mapped != nil {
		copy(b.alloc.mapped[off:], src)
		return b.dev.flush(&b.alloc, off, uint64(len(src)))
	}
	return b.dev.stageWrite(b, off, src)
}

// Read copies the buffer's bytes at offset off into dst.
func (b *Buffer) Read(off uint64, dst []byte) error {
	if err := b.use("Read", off, uint64(len(dst))); err != nil {
		return err
	}
	defer b.done()
	if b.alloc.mapped != nil {
		if err := b.dev.invalidate(&b.alloc, off, uint64(len(dst))); err != nil {
			return err
		}
		copy(dst, b.alloc.mapped[off:])
		return nil
	}
	return b.dev.stageRead(b, off, dst)
}

// use checks that [off, off+n) lies in the buffer and holds off Free and
// Close until done.
func (b *Buffer) use(op string, off, n uint64) error {
	if err := b.dev.acquire(); err != nil {
		return err
	}
	switch {
	case b.freed:
		b.done()
		return fmt.Errorf("vulkan: %s on a freed buffer: %w", op, ErrClosed)
	case off > b.size || n > b.size-off:
		b.done()
		return fmt.Errorf("vulkan: %s of %d bytes at offset %d overruns a buffer of %d bytes: %w",
			op, n, off, b.size, ErrBadArgument)
	}
	return nil
}

func (b *Buffer) done() { b.dev.useMu.RUnlock() }

// Free destroys the buffer, waiting for calls in flight on the device. Freeing
// twice, or after the device was closed, does nothing.
func (b *Buffer) Free() {
	b.dev.useMu.Lock()
	defer b.dev.useMu.Unlock()
	// A hung device may still be running a kernel on the buffer.
	if b.dev.closed || b.freed || b.dev.hung.Load() {
		return
	}
	b.dev.mu.Lock()
	delete(b.dev.buffers, b)
	b.dev.mu.Unlock()
	b.destroy()
}

func (b *Buffer) destroy() {
	C.vkDestroyBuffer(b.dev.handle, b.handle, nil)
	b.dev.free(&b.alloc)
	b.freed = true
}
