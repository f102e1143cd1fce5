package runner

import (
	"fmt"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// checkArgs compares the launch's arguments with the kernel's parameters:
// count, memref or scalar, rank, static sizes and element type.
func checkArgs(launch, fn *ir.Operation, km *KernelManifest, args []interp.Value) error {
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

// bind uploads every argument into a device buffer and returns the
// bindings and, for memrefs, the copies back that follow the dispatch.
func (s *session) bind(launch, fn *ir.Operation, km *KernelManifest, args []interp.Value) ([]vulkan.Arg, []func() error, error) {
	var out []vulkan.Arg
	var copies []func() error
	for i, a := range args {
		am := km.Args[i]
		if am.Unused {
			continue
		}
		data, narrow, mr, size := argData(fn, i, a, am)
		if lim := int64(s.info.Limits.MaxStorageBufferRange); size > lim {
			return nil, nil, launch.Errorf("argument %d of kernel '%s' takes %d bytes, more than the device's maxStorageBufferRange %d",
				i, km.Name, size, lim)
		}
		buf, err := s.buffer(a, mr, uint64(size))
		if err != nil {
			return nil, nil, launch.Errorf("argument %d of kernel '%s': %v", i, km.Name, err)
		}
		if err := buf.Write(0, data); err != nil {
			return nil, nil, launch.Errorf("argument %d of kernel '%s': %v", i, km.Name, err)
		}
		out = append(out, vulkan.Arg{Set: am.Set, Binding: am.Binding, Buffer: buf})
		if mr != nil {
			n := len(data)
			copies = append(copies, func() error {
				got := make([]byte, n)
				if err := buf.Read(0, got); err != nil {
					return err
				}
				return mr.SetBytes(widenIndex(got, narrow))
			})
		}
	}
	return out, copies, nil
}

// argData returns the bytes argument i of a launch is uploaded as, whether
// its index elements were narrowed, the memref (nil for a scalar), and the
// size of the device buffer to hold it.
func argData(fn *ir.Operation, i int, a interp.Value, am ArgManifest) ([]byte, bool, *interp.MemRef, int64) {
	var data []byte
	var mr *interp.MemRef
	switch v := a.(type) {
	case *interp.MemRef:
		mr = v
		data = v.Bytes()
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
	if mr != nil {
		key = viewKey{buf: mr.Buf, offset: mr.Offset, shape: fmt.Sprint(mr.Sizes, mr.Strides), elemTyp: mr.Elem}
		if b := s.buffers[key]; b != nil && b.Size() >= size {
			return b, nil
		}
	}
	b, err := s.dev.NewBuffer(size)
	if err != nil {
		return nil, err
	}
	if mr == nil {
		key = viewKey{shape: fmt.Sprintf("scalar %p", b)}
	} else if old := s.buffers[key]; old != nil {
		old.Free()
	}
	s.buffers[key] = b
	return b, nil
}

// fitIndex narrows 8-byte index elements to 4 bytes when the device block
// holds 4 bytes per element; it reports whether it did.
func fitIndex(a interp.Value, data []byte, blockSize int64) ([]byte, bool) {
	mr, ok := a.(*interp.MemRef)
	if !ok {
		if blockSize > 0 && int64(len(data)) > blockSize {
			return data[:blockSize], false // a scalar index lowered to i32
		}
		return data, false
	}
	if _, isIndex := mr.Elem.(*ir.IndexType); !isIndex || blockSize == 0 || blockSize*2 != int64(len(data)) {
		return data, false
	}
	out := make([]byte, 0, len(data)/2)
	for i := 0; i < len(data); i += 8 {
		out = append(out, data[i:i+4]...)
	}
	return out, true
}

// widenIndex undoes fitIndex, sign-extending each element.
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
