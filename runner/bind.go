package runner

import (
	"fmt"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// checkArgs compares the launch's arguments with the kernel's parameters:
// count, memref or scalar, rank, static sizes and element type.
func checkArgs(launch, fn *ir.Operation, km *kiln.Kernel, args []interp.Value) error {
	if len(args) != len(km.Args) {
		return launch.Errorf("kernel '%s' takes %d arguments, got %d", km.Name, len(km.Args), len(args))
	}
	entry := fn.Region(0).Entry()
	for i, a := range args {
		t := entry.Arg(i).Type()
		mt, isMemRef := t.(*ir.MemRefType)
		mr, ok := a.(*interp.MemRef)
		switch {
		case isMemRef != ok:
			return launch.Errorf("argument %d of kernel '%s' must be of type %s", i, km.Name, ir.TypeString(t))
		case !ok:
			if _, scalar := a.(interp.Scalar); !scalar {
				return launch.Errorf("argument %d of kernel '%s' must be a scalar of type %s", i, km.Name, ir.TypeString(t))
			}
			continue
		case mr.Elem != mt.Elem || len(mr.Sizes) != len(mt.Dims):
			return launch.Errorf("argument %d of kernel '%s' is a memref of %s with rank %d, want %s",
				i, km.Name, ir.TypeString(mr.Elem), len(mr.Sizes), ir.TypeString(t))
		case mt.Layout != nil:
			return launch.Errorf("argument %d of kernel '%s' has a non-identity layout, which the Vulkan runner does not bind yet",
				i, km.Name)
		case mr.Buf.Freed:
			return launch.Errorf("argument %d of kernel '%s' is a deallocated memref", i, km.Name)
		}
		for d, n := range mt.Dims {
			if n != ir.Dynamic && n != mr.Sizes[d] {
				return launch.Errorf("argument %d of kernel '%s' has sizes %v, want %s", i, km.Name, mr.Sizes, ir.TypeString(t))
			}
		}
	}
	return nil
}

// bind binds every argument to a device buffer, uploading what the
// device does not hold yet, and returns the bindings and, for memrefs, the
// fetches of their contents that follow the dispatch.
func (s *session) bind(launch, fn *ir.Operation, km *kiln.Kernel, args []interp.Value) ([]vulkan.Arg, []resident, error) {
	var out []vulkan.Arg
	var after []resident
	for i, a := range args {
		am := km.Args[i]
		if am.Unused {
			continue
		}
		fail := func(err error) ([]vulkan.Arg, []resident, error) {
			return nil, nil, launch.Errorf("argument %d of kernel '%s': %v", i, km.Name, err)
		}
		mr, _ := a.(*interp.MemRef)
		if sc, ok := a.(interp.Scalar); ok {
			mr = interp.NewMemRef(fn.Region(0).Entry().Arg(i).Type(), []int64{1}, nil)
			mr.Set(sc, 0)
		}
		// Index values are 8 bytes in interp but the width of the
		// lowered index type (4 or 8) on the device.
		n := mr.NumElements() * int64(interp.ElementSize(mr.Elem))
		narrow := narrowIndex(mr, n, am.Size)
		if narrow {
			n /= 2
		}
		if _, ok := a.(interp.Scalar); ok && am.Size > 0 && n > am.Size {
			n = am.Size // a scalar index lowered to i32
		}
		size := max(am.Size, (n+3)/4*4)
		if lim := int64(s.info.Limits.MaxStorageBufferRange); size > lim {
			return nil, nil, launch.Errorf("argument %d of kernel '%s' takes %d bytes, more than the device's maxStorageBufferRange %d",
				i, km.Name, size, lim)
		}
		buf, err := s.buffer(a, mr, uint64(size))
		if err != nil {
			return fail(err)
		}
		if s.pending[mr.Buf] != buf {
			mr.Buf.Sync() // newer contents in another view's device buffer
		}
		if v, ok := s.synced[buf]; s.pending[mr.Buf] != buf && (!ok || v != mr.Buf.Version()) {
			start := time.Now()
			// The memref's own bytes go to the device as they are; only
			// narrowed index elements and scattered views need a copy.
			data, ok := mr.NativeBytes()
			if !ok || narrow {
				data = mr.Bytes()
			}
			if narrow {
				data = narrowed(data)
			}
			if err := buf.Write(0, data[:n]); err != nil {
				return fail(err)
			}
			s.synced[buf] = mr.Buf.Version()
			s.rep.count(time.Since(start), n, true)
		}
		out = append(out, vulkan.Arg{Set: am.Set, Binding: am.Binding, Buffer: buf})
		if _, ok := a.(*interp.MemRef); ok {
			after = append(after, resident{mr: mr, buf: buf, n: n, narrow: narrow})
		}
	}
	return out, after, nil
}

// resident is a memref whose device buffer a kernel may have written.
type resident struct {
	mr     *interp.MemRef
	buf    *vulkan.Buffer
	n      int64
	narrow bool
}

// keep records, after a dispatch, that the device buffers of the
// launch's memrefs hold their newest contents: the host fetches them only
// when it next reads or writes the memref. A host buffer whose views the
// launch bound to more than one device buffer is fetched at once, in
// argument order, instead.
func (s *session) keep(rs []resident) error {
	views := map[*interp.Buffer]map[*vulkan.Buffer]bool{}
	for _, r := range rs {
		if views[r.mr.Buf] == nil {
			views[r.mr.Buf] = map[*vulkan.Buffer]bool{}
		}
		views[r.mr.Buf][r.buf] = true
	}
	for _, r := range rs {
		fetch := func() {
			delete(s.pending, r.mr.Buf)
			start := time.Now()
			got := make([]byte, r.n)
			err := r.buf.Read(0, got)
			if err == nil {
				err = r.mr.SetBytes(widenIndex(got, r.narrow))
			}
			if err != nil && s.fetchErr == nil {
				s.fetchErr = fmt.Errorf("reading back kernel results: %v", err)
			}
			s.synced[r.buf] = r.mr.Buf.Version()
			s.rep.count(time.Since(start), r.n, false)
		}
		if len(views[r.mr.Buf]) > 1 {
			fetch()
			if s.fetchErr != nil {
				return s.fetchErr
			}
			continue
		}
		s.pending[r.mr.Buf] = r.buf
		r.mr.Buf.SetDeviceNewer(fetch)
	}
	return nil
}

// argData returns the bytes argument i of a launch is uploaded as (a
// memref's own bytes where they lie in one piece: the caller uploads them
// at once and changes nothing in them), whether its index elements were
// narrowed, the memref (nil for a scalar), and the size of the device
// buffer to hold it.
func argData(fn *ir.Operation, i int, a interp.Value, am kiln.Binding) ([]byte, bool, *interp.MemRef, int64) {
	var data []byte
	var mr *interp.MemRef
	switch v := a.(type) {
	case *interp.MemRef:
		mr = v
		// Uploads read a contiguous view's bytes in place.
		var ok bool
		if data, ok = v.NativeBytes(); !ok {
			data = v.Bytes()
		}
	case interp.Scalar:
		t := fn.Region(0).Entry().Arg(i).Type()
		one := interp.NewMemRef(t, []int64{1}, nil)
		one.Set(v, 0)
		data = one.Bytes()
	}
	// Index values are 8 bytes in interp but the width of the lowered
	// index type (4 or 8) on the device.
	data, narrow := fitIndex(a, data, am.Size)
	return data, narrow, mr, max(am.Size, int64(len(data)+3)/4*4)
}

// buffer returns the device buffer of a memref view (kept for later
// launches) or a fresh one for a scalar, freed with the session.
func (s *session) buffer(a interp.Value, mr *interp.MemRef, size uint64) (*vulkan.Buffer, error) {
	key := viewKey{}
	if _, ok := a.(*interp.MemRef); ok {
		key = viewKey{buf: mr.Buf, offset: mr.Offset, shape: fmt.Sprint(mr.Sizes, mr.Strides), elemTyp: mr.Elem}
		if b := s.buffers[key]; b != nil && b.Size() >= size {
			return b, nil
		}
	}
	b, err := s.dev.NewBuffer(size)
	if err != nil {
		return nil, err
	}
	if key.buf == nil {
		key = viewKey{shape: fmt.Sprintf("scalar %p", b)}
	} else if old := s.buffers[key]; old != nil {
		if s.pending[mr.Buf] == old {
			mr.Buf.Sync()
		}
		s.drop(old)
	}
	s.buffers[key] = b
	return b, nil
}

// narrowIndex reports whether the n bytes of an index memref go to the
// device as 4-byte elements because its block holds half as many bytes.
func narrowIndex(mr *interp.MemRef, n, blockSize int64) bool {
	_, isIndex := mr.Elem.(*ir.IndexType)
	return isIndex && blockSize > 0 && blockSize*2 == n
}

// narrowed keeps the low 4 bytes of each 8-byte index element.
func narrowed(data []byte) []byte {
	out := make([]byte, 0, len(data)/2)
	for i := 0; i < len(data); i += 8 {
		out = append(out, data[i:i+4]...)
	}
	return out
}

// widenIndex undoes narrowed, sign-extending each element.
func widenIndex(data []byte, narrow bool) []byte {
	if !narrow {
		return data
	}
	out := make([]byte, 0, len(data)*2)
	for i := 0; i < len(data); i += 4 {
		ext := byte(0)
		if data[i+3]&0x80 != 0 {
			ext = 0xff
		}
		out = append(out, data[i:i+4]...)
		out = append(out, ext, ext, ext, ext)
	}
	return out
}

// compiledKernel compiles the gpu.module of kernel fn with compile and
// returns the module and the kernel's description, once the launch's
// arguments are checked against it.
func compiledKernel(launch, fn *ir.Operation, args []interp.Value, compile func(gm *ir.Operation) (*kiln.Module, error)) (*kiln.Module, *kiln.Kernel, error) {
	gm := fn.ParentOp()
	if gm == nil || gm.Name() != "gpu.module" {
		return nil, nil, launch.Errorf("kernel '%s' is not in a gpu.module", ir.SymbolName(fn))
	}
	c, err := compile(gm)
	if err != nil {
		return nil, nil, err
	}
	km := c.Kernel(ir.SymbolName(fn))
	if km == nil {
		return nil, nil, launch.Errorf("gpu.module '%s' has no compiled kernel '%s'", ir.SymbolName(gm), ir.SymbolName(fn))
	}
	return c, km, checkArgs(launch, fn, km, args)
}

// groupCount checks a launch's grid against the backend's largest group
// count (limit names it) and returns it as a dispatch takes it.
func groupCount(launch *ir.Operation, grid [3]int64, max [3]uint32, limit string) ([3]uint32, error) {
	var groups [3]uint32
	for i, g := range grid {
		if g < 0 || g > int64(max[i]) {
			return groups, launch.Errorf("grid size %d in dimension %d is outside [0, %d], the %s", g, i, max[i], limit)
		}
		groups[i] = uint32(g)
	}
	return groups, nil
}
