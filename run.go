package kiln

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

// Run compiles src for d and calls its host function entry with args: a
// *Buffer of d for each memref parameter, a Go number for each integer,
// index or float one. The host code runs in interp; each gpu.launch_func
// runs on d (Vulkan, or the reference interpreter: the same call runs
// both), the kernel's memrefs copied to the device for the launch and
// back. Memref arguments the program writes are written back to their
// buffers. It returns the results: a new *Buffer on d for each memref, a
// Go value for each scalar (float32 for f32, float64, Float16, bool for
// i1, int8 to int64 for integers, int64 for index). Errors are
// *ir.Diagnostic values located in src.
func (d *Device) Run(src, entry string, args ...any) ([]any, error) {
	mod, err := parse(NewContext(), src, "")
	if err != nil {
		return nil, err
	}
	return d.RunModule(mod, entry, args...)
}

// RunModule is Run for a verified module; it outlines the module's
// gpu.launch ops in place.
func (d *Device) RunModule(mod *ir.Operation, entry string, args ...any) ([]any, error) {
	p, err := d.CompileModule(mod)
	if err != nil {
		return nil, err
	}
	fn := ir.LookupSymbol(mod, entry)
	if fn == nil || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, mod.Errorf("no function named '%s' with a body to run", entry)
	}
	block := fn.Region(0).Entry()
	if block.NumArgs() != len(args) {
		return nil, fn.Errorf("'%s' takes %d arguments, got %d", entry, block.NumArgs(), len(args))
	}
	vals := make([]interp.Value, len(args))
	for i, a := range args {
		if vals[i], err = d.hostArg(block.Arg(i).Type(), a, i, entry); err != nil {
			return nil, fn.Errorf("%v", err)
		}
	}
	m := interp.New(mod)
	m.SubgroupSize = int(d.Limits.SubgroupSize)
	// Devices run with robustBufferAccess: simulated kernels too.
	m.RobustAccess = true
	hl := newHostLaunches(p)
	defer hl.free()
	m.Launch = func(_ *interp.Machine, _, kfn *ir.Operation, grid, _ [3]int64, kargs []interp.Value) error {
		return hl.launch(kfn, grid, kargs)
	}
	res, err := m.Call(entry, vals...)
	if err == nil {
		err = hl.sync()
	}
	if err != nil {
		return nil, err
	}
	for i, a := range args {
		if b, ok := a.(*Buffer); ok {
			if err := b.impl.write(vals[i].(*interp.MemRef).Bytes()); err != nil {
				return nil, fn.Errorf("writing back argument %d: %v", i, err)
			}
		}
	}
	types := ir.FunctionTypeOf(fn).Results
	out := make([]any, len(res))
	for i, r := range res {
		if out[i], err = d.hostResult(types[i], r); err != nil {
			return nil, fn.Errorf("result %d: %v", i, err)
		}
	}
	return out, nil
}

// hostArg converts argument i, of type t, to the interpreter's value: a
// buffer's contents are copied into a host memref.
func (d *Device) hostArg(t ir.Type, a any, i int, entry string) (interp.Value, error) {
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return scalarArg(a, ir.TypeString(t), i, "function '"+entry+"'")
	}
	b, ok := a.(*Buffer)
	switch {
	case !ok || b == nil:
		return nil, fmt.Errorf("argument %d of function '%s' must be a buffer for %s, got %T", i, entry, ir.TypeString(t), a)
	case b.dev != d:
		return nil, fmt.Errorf("argument %d of function '%s' is a buffer of another device", i, entry)
	case b.elem != ir.TypeString(mt.Elem) || len(b.shape) != len(mt.Dims):
		return nil, fmt.Errorf("argument %d of function '%s' is a buffer of %s with shape %v, want %s", i, entry, b.elem, b.shape, ir.TypeString(t))
	}
	for k, n := range mt.Dims {
		if n != ir.Dynamic && n != b.shape[k] {
			return nil, fmt.Errorf("argument %d of function '%s' has shape %v, want %s", i, entry, b.shape, ir.TypeString(t))
		}
	}
	mr := interp.NewMemRef(mt.Elem, b.shape, nil)
	data := make([]byte, b.Len()*int64(interp.ElementSize(mt.Elem)))
	if err := b.impl.read(data); err != nil {
		return nil, err
	}
	return mr, mr.SetBytes(data)
}

// hostResult converts a result of type t to a Buffer on d or a Go number.
func (d *Device) hostResult(t ir.Type, r interp.Value) (any, error) {
	switch r := r.(type) {
	case *interp.MemRef:
		return d.bufferOf(r)
	case interp.Scalar:
		switch t := t.(type) {
		case *ir.IndexType:
			return int64(r.Bits), nil
		case *ir.FloatType:
			switch t.Kind {
			case ir.F16:
				return Float16(ir.FloatBits(ir.F16, r.F)), nil
			case ir.F32:
				return float32(r.F), nil
			case ir.F64:
				return r.F, nil
			}
		case *ir.IntegerType:
			u := t.Signedness == ir.Unsigned
			switch {
			case t.Width == 1:
				return r.Bits&1 == 1, nil
			case t.Width == 8 && u:
				return uint8(r.Bits), nil
			case t.Width == 8:
				return int8(r.Bits), nil
			case t.Width == 16 && u:
				return uint16(r.Bits), nil
			case t.Width == 16:
				return int16(r.Bits), nil
			case t.Width == 32 && u:
				return uint32(r.Bits), nil
			case t.Width == 32:
				return int32(r.Bits), nil
			case t.Width == 64 && u:
				return r.Bits, nil
			case t.Width == 64:
				return int64(r.Bits), nil
			}
		}
	}
	return nil, fmt.Errorf("a result of type %s: Run returns memrefs, and integers, indices and floats of Go's widths", ir.TypeString(t))
}

// bufferOf copies a host memref to a new buffer on d.
func (d *Device) bufferOf(mr *interp.MemRef) (*Buffer, error) {
	data := mr.Bytes()
	b, err := d.bufferFor(mr, int64(len(data)))
	if err != nil {
		return nil, err
	}
	if err := b.impl.write(data); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// bufferFor allocates a buffer on d of n bytes for mr's elements.
func (d *Device) bufferFor(mr *interp.MemRef, n int64) (*Buffer, error) {
	if uint64(n) > d.Limits.MaxStorageBufferRange {
		return nil, fmt.Errorf("%d bytes is more than the device's maxStorageBufferRange %d", n, d.Limits.MaxStorageBufferRange)
	}
	elem := ir.TypeString(mr.Elem)
	impl, err := d.be.alloc(elem, mr.Sizes, n)
	if err != nil {
		return nil, err
	}
	return &Buffer{dev: d, elem: elem, shape: slices.Clone(mr.Sizes), impl: impl}, nil
}

// hostLaunches runs the gpu.launch_func ops of one Run on the device,
// keeping the device buffer of each memref view a launch binds for the
// launches after it: the host's contents go to the device only when the
// host wrote them since (interp's buffer versions), and come back only
// when the host next reads or writes them (interp.Buffer.SetDeviceNewer),
// or when the call ends. A chain of launches on the same buffers thus
// copies each once each way, as runner does.
type hostLaunches struct {
	p       *Program
	views   map[viewKey]*Buffer
	synced  map[*Buffer]uint64         // the host version a device buffer holds
	pending map[*interp.Buffer]*Buffer // the device buffer newer than the host
	err     error                      // of a fetch the host's access ran
}

// viewKey names a memref view: a buffer, an offset and a layout.
type viewKey struct {
	buf    *interp.Buffer
	offset int64
	layout string
	elem   ir.Type
}

func newHostLaunches(p *Program) *hostLaunches {
	return &hostLaunches{p: p, views: map[viewKey]*Buffer{}, synced: map[*Buffer]uint64{},
		pending: map[*interp.Buffer]*Buffer{}}
}

// sync fetches every device buffer newer than the host.
func (h *hostLaunches) sync() error {
	for hb := range h.pending {
		hb.Sync()
	}
	return h.err
}

// free forgets pending fetches and frees the device buffers.
func (h *hostLaunches) free() {
	for hb := range h.pending {
		hb.SetDeviceNewer(nil)
	}
	for _, b := range h.views {
		b.Free()
	}
}

// launch runs one gpu.launch_func of the host code on the device.
func (h *hostLaunches) launch(kfn *ir.Operation, grid [3]int64, kargs []interp.Value) error {
	p := h.p
	name := ir.SymbolName(kfn.ParentOp()) + "::" + ir.SymbolName(kfn)
	m, k := p.Kernel(name)
	if k == nil {
		return kfn.Errorf("the program has no compiled kernel '%s'", name)
	}
	var groups [3]uint32
	for i, g := range grid {
		if g < 0 || uint64(g) > uint64(p.dev.Limits.MaxWorkgroupCount[i]) {
			return kfn.Errorf("grid size %d in dimension %d is outside [0, %d], the device's maxComputeWorkGroupCount", g, i, p.dev.Limits.MaxWorkgroupCount[i])
		}
		groups[i] = uint32(g)
	}
	if h.err != nil {
		return h.err
	}
	// The device copies of memrefs the host deallocated go now.
	for key, b := range h.views {
		if key.buf.Freed {
			if h.pending[key.buf] == b {
				delete(h.pending, key.buf)
				key.buf.SetDeviceNewer(nil)
			}
			delete(h.views, key)
			delete(h.synced, b)
			b.Free()
		}
	}
	conv := make([]any, len(kargs))
	// bound counts the device buffers each host buffer's views use here.
	bound := map[*interp.Buffer]map[*Buffer]bool{}
	for i, a := range kargs {
		switch a := a.(type) {
		case *interp.MemRef:
			if _, ok := a.Elem.(*ir.IndexType); ok {
				return kfn.Errorf("argument %d of kernel '%s' is a memref of index, whose width depends on the device: use i32 or i64", i, k.Name)
			}
			b, err := h.upload(a)
			if err != nil {
				return kfn.Errorf("argument %d of kernel '%s': %v", i, k.Name, err)
			}
			if bound[a.Buf] == nil {
				bound[a.Buf] = map[*Buffer]bool{}
			}
			bound[a.Buf][b] = true
			conv[i] = b
		case interp.Scalar:
			conv[i] = a
		default:
			return kfn.Errorf("argument %d of kernel '%s' is a %T, not a memref or a number", i, k.Name, a)
		}
	}
	if groups[0]*groups[1]*groups[2] > 0 {
		if err := p.dev.be.launch(p, m, k, kfn, groups, conv); err != nil {
			return err
		}
	}
	for i, a := range kargs {
		mr, ok := a.(*interp.MemRef)
		if !ok {
			continue
		}
		b := conv[i].(*Buffer)
		fetch := func() {
			delete(h.pending, mr.Buf)
			data := make([]byte, mr.NumElements()*int64(interp.ElementSize(mr.Elem)))
			err := b.impl.read(data)
			if err == nil {
				err = mr.SetBytes(data)
			}
			if err != nil && h.err == nil {
				h.err = kfn.Errorf("argument %d of kernel '%s': %v", i, k.Name, err)
			}
			h.synced[b] = mr.Buf.Version()
		}
		if len(bound[mr.Buf]) > 1 {
			// Views of one host buffer in several device buffers: each
			// comes back now, in argument order.
			fetch()
			if h.err != nil {
				return h.err
			}
			continue
		}
		h.pending[mr.Buf] = b
		mr.Buf.SetDeviceNewer(fetch)
	}
	return nil
}

// upload returns mr's device buffer, holding the host's newest contents.
func (h *hostLaunches) upload(mr *interp.MemRef) (*Buffer, error) {
	key := viewKey{buf: mr.Buf, offset: mr.Offset, layout: fmt.Sprint(mr.Sizes, mr.Strides), elem: mr.Elem}
	b := h.views[key]
	if b == nil {
		var err error
		if b, err = h.p.dev.bufferFor(mr, mr.NumElements()*int64(interp.ElementSize(mr.Elem))); err != nil {
			return nil, err
		}
		h.views[key] = b
	}
	if h.pending[mr.Buf] == b {
		return b, nil // the device's copy is the newest
	}
	mr.Buf.Sync() // newer contents in another view's device buffer
	if v, ok := h.synced[b]; ok && v == mr.Buf.Version() {
		return b, nil
	}
	if err := b.impl.write(mr.Bytes()); err != nil {
		return nil, err
	}
	h.synced[b] = mr.Buf.Version()
	return b, h.err
}
