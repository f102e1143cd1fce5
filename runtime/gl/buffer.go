package gl

import (
	"fmt"
	"unsafe"

	gl "github.com/go-gl/gl/v4.5-core/gl"
)

// A Buffer is one GL buffer object, bound to kernels as a shader storage or
// uniform block.
type Buffer struct {
	ctx   *Context
	name  uint32
	size  uint64
	freed bool // set on the context's thread
}

// NewBuffer allocates size bytes of immutable storage that Write and Read
// update. A size GL cannot allocate is GL_OUT_OF_MEMORY.
func (c *Context) NewBuffer(size uint64) (*Buffer, error) {
	if size == 0 || size > 1<<62 {
		return nil, fmt.Errorf("gl: buffer of %d bytes: %w", size, ErrBadArgument)
	}
	b := &Buffer{ctx: c, size: size}
	err := c.do(func() error {
		gl.CreateBuffers(1, &b.name)
		gl.NamedBufferStorage(b.name, int(size), nil, gl.DYNAMIC_STORAGE_BIT)
		if err := glError(fmt.Sprintf("glNamedBufferStorage(%d bytes)", size)); err != nil {
			gl.DeleteBuffers(1, &b.name)
			return err
		}
		c.mu.Lock()
		c.buffers[b] = struct{}{}
		c.mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Size is the buffer's size in bytes.
func (b *Buffer) Size() uint64 { return b.size }

// check refuses a freed buffer and a range outside it.
func (b *Buffer) check(offset uint64, n int) error {
	switch {
	case b.freed:
		return fmt.Errorf("gl: buffer was freed: %w", ErrClosed)
	case offset > b.size || uint64(n) > b.size-offset:
		return fmt.Errorf("gl: range [%d, +%d) overruns a buffer of %d bytes: %w", offset, n, b.size, ErrBadArgument)
	}
	return nil
}

// Write copies data into the buffer at offset.
func (b *Buffer) Write(offset uint64, data []byte) error {
	return b.ctx.do(func() error {
		if err := b.check(offset, len(data)); err != nil || len(data) == 0 {
			return err
		}
		gl.NamedBufferSubData(b.name, int(offset), len(data), unsafe.Pointer(&data[0]))
		return glError("glNamedBufferSubData")
	})
}

// Read copies len(data) bytes from offset out of the buffer, after every
// dispatch that wrote it.
func (b *Buffer) Read(offset uint64, data []byte) error {
	return b.ctx.do(func() error {
		if err := b.check(offset, len(data)); err != nil || len(data) == 0 {
			return err
		}
		gl.MemoryBarrier(gl.BUFFER_UPDATE_BARRIER_BIT)
		gl.GetNamedBufferSubData(b.name, int(offset), len(data), unsafe.Pointer(&data[0]))
		return glError("glGetNamedBufferSubData")
	})
}

// Free deletes the buffer; freeing twice does nothing.
func (b *Buffer) Free() {
	b.ctx.mu.Lock()
	_, live := b.ctx.buffers[b]
	delete(b.ctx.buffers, b)
	b.ctx.mu.Unlock()
	if !live {
		return
	}
	b.ctx.do(func() error {
		gl.DeleteBuffers(1, &b.name)
		b.freed = true
		return nil
	})
}
