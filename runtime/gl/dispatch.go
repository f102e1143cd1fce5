package gl

import (
	"fmt"
	"slices"
	"time"

	gl "github.com/go-gl/gl/v4.5-core/gl"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// Arg binds a range of a buffer to one of a kernel's bindings.
type Arg struct {
	Binding uint32
	Buffer  *Buffer
	// Offset must be a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
	// (GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT for uniform blocks).
	Offset uint64
	Size   uint64 // 0 binds the rest of the buffer
}

// A Launch is one dispatch of a Run: Groups workgroups of Kernel, with every
// binding of the kernel given a buffer.
type Launch struct {
	Kernel *Kernel
	Groups [3]uint32
	Args   []Arg
}

// Dispatch runs one launch and waits for it; see Run.
func (c *Context) Dispatch(k *Kernel, groups [3]uint32, args []Arg) (time.Duration, error) {
	t, err := c.Run(Launch{Kernel: k, Groups: groups, Args: args})
	if err != nil {
		return 0, err
	}
	return t[0], nil
}

// Run checks every launch against its kernel and the context's limits, then
// dispatches them in order, each after a memory barrier that makes the
// earlier launches' buffer writes visible, and waits for the last. It
// returns each launch's device time, from GL_TIMESTAMP queries around it.
func (c *Context) Run(launches ...Launch) ([]time.Duration, error) {
	for i := range launches {
		if err := c.checkLaunch(i, &launches[i]); err != nil {
			return nil, err
		}
	}
	times := make([]time.Duration, len(launches))
	err := c.do(func() error {
		if len(launches) == 0 {
			return nil
		}
		// Two GL_TIMESTAMP queries per launch rather than GL_TIME_ELAPSED:
		// llvmpipe runs a dispatch outside its time-elapsed queries, which
		// then read 1 ns.
		queries := make([]uint32, 2*len(launches))
		gl.GenQueries(int32(len(queries)), &queries[0])
		defer gl.DeleteQueries(int32(len(queries)), &queries[0])
		for i, l := range launches {
			if l.Kernel.freed {
				return fmt.Errorf("gl: launch %d: kernel %q was freed: %w", i, l.Kernel.entry, ErrClosed)
			}
			gl.UseProgram(l.Kernel.program)
			for _, a := range l.Args {
				if a.Buffer.freed {
					return fmt.Errorf("gl: launch %d: kernel %q: binding %d: buffer was freed: %w", i, l.Kernel.entry, a.Binding, ErrClosed)
				}
				target := uint32(gl.SHADER_STORAGE_BUFFER)
				if l.Kernel.class(a.Binding) == compute.Uniform {
					target = gl.UNIFORM_BUFFER
				}
				gl.BindBufferRange(target, a.Binding, a.Buffer.name, int(a.Offset), int(a.size()))
			}
			if i > 0 {
				gl.MemoryBarrier(gl.SHADER_STORAGE_BARRIER_BIT | gl.UNIFORM_BARRIER_BIT)
			}
			gl.QueryCounter(queries[2*i], gl.TIMESTAMP)
			gl.DispatchCompute(l.Groups[0], l.Groups[1], l.Groups[2])
			gl.QueryCounter(queries[2*i+1], gl.TIMESTAMP)
			if err := glError(fmt.Sprintf("launch %d: kernel %q: glDispatchCompute%v", i, l.Kernel.entry, l.Groups)); err != nil {
				return err
			}
		}
		gl.MemoryBarrier(gl.ALL_BARRIER_BITS)
		for i := range times {
			var t0, t1 uint64
			gl.GetQueryObjectui64v(queries[2*i], gl.QUERY_RESULT, &t0)
			gl.GetQueryObjectui64v(queries[2*i+1], gl.QUERY_RESULT, &t1)
			times[i] = time.Duration(t1 - t0)
		}
		gl.UseProgram(0)
		return glError("reading GL_TIMESTAMP queries")
	})
	if err != nil {
		return nil, err
	}
	return times, nil
}

// size is the number of bytes the argument binds.
func (a *Arg) size() uint64 {
	if a.Size == 0 {
		return a.Buffer.size - a.Offset
	}
	return a.Size
}

// class is the class of a binding of k.
func (k *Kernel) class(binding uint32) compute.Class {
	i := slices.IndexFunc(k.bindings, func(b Binding) bool { return b.Binding == binding })
	return k.bindings[i].Class
}

// checkLaunch checks launch i before any GL call: the kernel and buffers
// belong to c, every binding has exactly one buffer, ranges fit their
// buffers, the offset alignment and block size limits, and the group count.
func (c *Context) checkLaunch(i int, l *Launch) error {
	k, lim := l.Kernel, c.info.Limits
	switch {
	case k == nil:
		return fmt.Errorf("gl: launch %d has no kernel: %w", i, ErrBadArgument)
	case k.ctx != c:
		return fmt.Errorf("gl: launch %d: kernel %q belongs to another context: %w", i, k.entry, ErrBadArgument)
	}
	if err := lim.workgroups().CheckGroupCount(k.entry, l.Groups); err != nil {
		return fmt.Errorf("gl: launch %d: %w", i, err)
	}
	bound := map[uint32]bool{}
	for _, a := range l.Args {
		j := slices.IndexFunc(k.bindings, func(b Binding) bool { return b.Binding == a.Binding })
		var err error
		switch {
		case j < 0:
			err = fmt.Errorf("the kernel has no such binding; it has %v: %w", k.bindings, ErrBadArgument)
		case bound[a.Binding]:
			err = fmt.Errorf("bound twice: %w", ErrBadArgument)
		default:
			err = c.checkArg(a, k.bindings[j].Class, lim)
		}
		if err != nil {
			return fmt.Errorf("gl: launch %d: kernel %q: binding %d: %w", i, k.entry, a.Binding, err)
		}
		bound[a.Binding] = true
	}
	for _, b := range k.bindings {
		if !bound[b.Binding] {
			return fmt.Errorf("gl: launch %d: kernel %q: binding %d has no buffer: %w", i, k.entry, b.Binding, ErrBadArgument)
		}
	}
	return nil
}

// checkArg checks one argument's range against its buffer and the limits of
// its class.
func (c *Context) checkArg(a Arg, class compute.Class, lim Limits) error {
	b := a.Buffer
	switch {
	case b == nil:
		return fmt.Errorf("nil buffer: %w", ErrBadArgument)
	case b.ctx != c:
		return fmt.Errorf("buffer of another context: %w", ErrBadArgument)
	case a.Offset >= b.size || a.Size > b.size-a.Offset:
		return fmt.Errorf("range [%d, +%d) overruns a buffer of %d bytes: %w", a.Offset, a.Size, b.size, ErrBadArgument)
	}
	align, maxSize, names := uint64(lim.ShaderStorageBufferOffsetAlignment), lim.MaxShaderStorageBlockSize, "SHADER_STORAGE"
	maxName := "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"
	if class == compute.Uniform {
		align, maxSize, names, maxName = uint64(lim.UniformBufferOffsetAlignment), lim.MaxUniformBlockSize, "UNIFORM", "GL_MAX_UNIFORM_BLOCK_SIZE"
	}
	switch size := a.size(); {
	case a.Offset%max(align, 1) != 0:
		return fmt.Errorf("offset %d is not a multiple of GL_%s_BUFFER_OFFSET_ALIGNMENT %d: %w", a.Offset, names, align, ErrLimit)
	case size > maxSize:
		return fmt.Errorf("binds %d bytes, over %s %d: %w", size, maxName, maxSize, ErrLimit)
	}
	return nil
}
