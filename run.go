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
	m.Launch = func(_ *interp.Machine, _, kfn *ir.Operation, grid, _ [3]int64, kargs []interp.Value) error {
		return p.hostLaunch(kfn, grid, kargs)
	}
	res, err := m.Call(entry, vals...)
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
	elem := ir.TypeString(mr.Elem)
	data := mr.Bytes()
	if uint64(len(data)) > d.Limits.MaxStorageBufferRange {
		return nil, fmt.Errorf("%d bytes is more than the device's maxStorageBufferRange %d", len(data), d.Limits.MaxStorageBufferRange)
	}
	impl, err := d.be.alloc(elem, mr.Sizes, int64(len(data)))
	if err != nil {
		return nil, err
	}
	if err := impl.write(data); err != nil {
		impl.free()
		return nil, err
	}
	return &Buffer{dev: d, elem: elem, shape: slices.Clone(mr.Sizes), impl: impl}, nil
}

// hostLaunch runs one gpu.launch_func of the host code on the device:
// memref arguments go to temporary buffers and come back after it.
func (p *Program) hostLaunch(kfn *ir.Operation, grid [3]int64, kargs []interp.Value) error {
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
	conv := make([]any, len(kargs))
	var bufs []*Buffer
	defer func() {
		for _, b := range bufs {
			b.Free()
		}
	}()
	for i, a := range kargs {
		switch a := a.(type) {
		case *interp.MemRef:
			if _, ok := a.Elem.(*ir.IndexType); ok {
				return kfn.Errorf("argument %d of kernel '%s' is a memref of index, whose width depends on the device: use i32 or i64", i, k.Name)
			}
			b, err := p.dev.bufferOf(a)
			if err != nil {
				return kfn.Errorf("argument %d of kernel '%s': %v", i, k.Name, err)
			}
			bufs = append(bufs, b)
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
		if mr, ok := a.(*interp.MemRef); ok {
			b := conv[i].(*Buffer)
			data := make([]byte, mr.NumElements()*int64(interp.ElementSize(mr.Elem)))
			if err := b.impl.read(data); err != nil {
				return kfn.Errorf("argument %d of kernel '%s': %v", i, k.Name, err)
			}
			if err := mr.SetBytes(data); err != nil {
				return kfn.Errorf("argument %d of kernel '%s': %v", i, k.Name, err)
			}
		}
	}
	return nil
}
