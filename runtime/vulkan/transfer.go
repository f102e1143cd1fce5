package vulkan

// #include "kiln_vk.h"
import "C"

// stageWrite copies src to b at off through a staging buffer and a copy
// command, for memory the host cannot map.
func (d *Device) stageWrite(b *Buffer, off uint64, src []byte) error {
	return d.withStaging(uint64(len(src)), func(f *frame, done, n uint64) error {
		copy(f.stagingAlloc.mapped, src[done:done+n])
		if err := d.flush(&f.stagingAlloc, 0, n); err != nil {
			return err
		}
		return d.copyBuffer(f, f.staging, 0, b.handle, off+done, n)
	})
}

// stageRead copies b's bytes at off to dst the same way.
func (d *Device) stageRead(b *Buffer, off uint64, dst []byte) error {
	return d.withStaging(uint64(len(dst)), func(f *frame, done, n uint64) error {
		if err := d.copyBuffer(f, b.handle, off+done, f.staging, 0, n); err != nil {
			return err
		}
		if err := d.invalidate(&f.stagingAlloc, 0, n); err != nil {
			return err
		}
		copy(dst[done:done+n], f.stagingAlloc.mapped)
		return nil
	})
}

// withStaging calls chunk for consecutive pieces of total bytes, each at most
// stagingChunk long, with a frame whose staging buffer can hold one piece.
func (d *Device) withStaging(total uint64, chunk func(f *frame, done, n uint64) error) error {
	if total == 0 {
		return nil
	}
	f, err := d.getFrame()
	if err != nil {
		return err
	}
	if err := f.ensureStaging(d, min(total, stagingChunk)); err != nil {
		d.putFrame(f)
		return err
	}
	for done := uint64(0); done < total; {
		n := min(total-done, stagingChunk)
		if err := chunk(f, done, n); err != nil {
			return err
		}
		done += n
	}
	d.putFrame(f)
	return nil
}

// copyBuffer copies n bytes between two buffers in one submission.
func (d *Device) copyBuffer(f *frame, src C.VkBuffer, srcOff uint64, dst C.VkBuffer, dstOff, n uint64) error {
	region := C.VkBufferCopy{srcOffset: C.VkDeviceSize(srcOff), dstOffset: C.VkDeviceSize(dstOff), size: C.VkDeviceSize(n)}
	return d.execute(f, func(cb C.VkCommandBuffer) { C.vkCmdCopyBuffer(cb, src, dst, 1, &region) })
}
