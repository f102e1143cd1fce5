package kiln

import (
	"context"
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// Reference is the name of the device that runs kernels in interp's
// simulation rather than on Vulkan: Open(Reference).
const Reference = "reference"

// Device is where programs run: a Vulkan device, or the reference
// interpreter. It is safe for concurrent use.
type Device struct {
	Name string
	// Type is the Vulkan device type ("discrete-gpu", "integrated-gpu",
	// "virtual-gpu", "cpu", "other"), or "reference" for the interpreter.
	Type   string
	Limits Limits
	be     backend
}

// Limits are the device limits kernels size themselves by.
type Limits struct {
	MaxWorkgroupInvocations uint32
	MaxWorkgroupSize        [3]uint32
	MaxWorkgroupCount       [3]uint32
	MaxSharedMemory         uint32 // bytes of workgroup memory
	MaxStorageBufferRange   uint64 // bytes one buffer argument may span
	SubgroupSize            uint32
}

// backend is a Vulkan device or the reference interpreter.
type backend interface {
	// targetEnv is the device's target environment in ctx.
	targetEnv(ctx *ir.Context) *spirv.TargetEnvAttr
	alloc(elem string, shape []int64, bytes int64) (bufferImpl, error)
	// launch dispatches k; fn is its gpu.func, nil for a loaded program
	// without its MLIR (which the reference device refuses to load).
	launch(p *Program, m *Module, k *Kernel, fn *ir.Operation, grid [3]uint32, args []any) error
	// release frees what launches of p's kernels made (pipelines).
	release(p *Program)
	close() error
}

// bufferImpl holds a buffer's bytes on its device.
type bufferImpl interface {
	write(data []byte) error
	read(data []byte) error
	free()
}

// Open opens a device: Reference for the interpreter, else a Vulkan device
// by index or name substring ("lavapipe", which is the driver of the
// device named llvmpipe, "SwiftShader", "0"), or the best
// one (after $KILN_DEVICE) for "". Vulkan needs a cgo build. With
// KILN_VALIDATE=1 the Vulkan validation layer is on, and any message it
// gives fails the launch that caused it (or Close).
func Open(spec string) (*Device, error) {
	if spec == Reference {
		return openReference(), nil
	}
	return openVulkan(spec)
}

// Close releases the device and everything made on it.
func (d *Device) Close() error { return d.be.close() }

// Compile is Compile for this device: the target environment is the
// device's (a file's own one is reduced to what the device offers), and
// spirv-val always runs. The program launches on d.
func (d *Device) Compile(src string) (*Program, error) {
	mod, err := parse(NewContext(), src, "")
	if err != nil {
		return nil, err
	}
	return d.CompileModule(mod)
}

// CompileModule is Device.Compile for a module already parsed; it
// outlines the module's gpu.launch ops in place.
func (d *Device) CompileModule(mod *ir.Operation) (*Program, error) {
	c := &Compiler{Passes: Passes()}
	if err := Outline(mod, c.Passes); err != nil {
		return nil, err
	}
	env := d.be.targetEnv(mod.Context())
	mods, err := compileEach(mod, func(gm *ir.Operation) (*Module, error) { return c.CompileFor(gm, env, d.Name) })
	if err != nil {
		return nil, err
	}
	return &Program{Modules: mods, mod: mod, dev: d}, nil
}

// Load binds a program compiled elsewhere to d: one ReadDir read back, or
// SPIR-V from another compiler with a manifest written by hand. spirv-val
// first checks each module for its target environment (Module.Env). A
// program without its MLIR launches by its manifest alone, its errors
// naming the kernel without a location; the reference device, which
// interprets the MLIR, cannot load one.
func (d *Device) Load(p *Program) (*Program, error) {
	if p.mod == nil && d.Name == Reference {
		return nil, fmt.Errorf("kiln: the reference device runs MLIR, and this program has only SPIR-V")
	}
	for _, m := range p.Modules {
		if m.Env == "" {
			return nil, fmt.Errorf("kiln: module '%s' has no target environment to validate it for", m.Name)
		}
		v := validate.Validator{Env: validate.Env(m.Env)}
		if err := v.Validate(context.Background(), m.Words); err != nil {
			return nil, fmt.Errorf("kiln: module '%s': %v", m.Name, err)
		}
	}
	q := *p
	q.dev = d
	return &q, nil
}

// Number is the Go element types of buffers, which kernels see as the
// MLIR integer or float type of the same width (signedness is the
// kernel's choice of ops, as in MLIR); Float16 is f16 and Bool i1.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// Float16 is an IEEE half-precision float (its bits): the Go element type
// of f16 buffers.
type Float16 uint16

// F16 rounds v to the nearest Float16.
func F16(v float32) Float16 { return Float16(ir.FloatBits(ir.F16, float64(v))) }

// Float32 returns h exactly.
func (h Float16) Float32() float32 { return float32(ir.FloatFromBits(ir.F16, uint64(h))) }

// Bool is the Go element type of i1 buffers: 0 or 1, one byte each.
type Bool uint8

// elemType returns the MLIR element type of T and its byte size.
func elemType[T Number]() (string, int) {
	t := reflect.TypeFor[T]()
	switch t {
	case reflect.TypeFor[Float16]():
		return "f16", 2
	case reflect.TypeFor[Bool]():
		return "i1", 1
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return fmt.Sprintf("f%d", t.Bits()), t.Bits() / 8
	}
	return fmt.Sprintf("i%d", t.Bits()), t.Bits() / 8
}

// Buffer is an n-d array of elements on a device.
type Buffer struct {
	dev   *Device
	elem  string
	shape []int64
	impl  bufferImpl
}

// Shape returns the buffer's sizes.
func (b *Buffer) Shape() []int64 { return slices.Clone(b.shape) }

// Elem returns the MLIR element type of the buffer ("f32", "i8", ...).
func (b *Buffer) Elem() string { return b.elem }

// Len returns the number of elements.
func (b *Buffer) Len() int64 { return numElements(b.shape) }

// Reshape returns a view of b with another shape holding as many
// elements (a 2-d matrix as the 1-d array a kernel indexes by hand, for
// instance); the view shares b's storage.
func (b *Buffer) Reshape(shape ...int64) (*Buffer, error) {
	if numElements(shape) != b.Len() || slices.ContainsFunc(shape, func(s int64) bool { return s < 0 }) {
		return nil, fmt.Errorf("kiln: cannot view a buffer of shape %v as %v", b.shape, shape)
	}
	v := *b
	v.shape = slices.Clone(shape)
	return &v, nil
}

// Free releases the buffer's storage (shared with its views); it must not
// be used afterwards.
func (b *Buffer) Free() { b.impl.free() }

// Alloc makes a zeroed buffer of shape (one dimension per size) on dev. A
// buffer larger than the device's maxStorageBufferRange is refused, as no
// kernel could bind it.
func Alloc[T Number](dev *Device, shape ...int64) (*Buffer, error) {
	b, err := newBuffer[T](dev, "Alloc", shape)
	if err != nil {
		return nil, err
	}
	// Vulkan buffers start undefined.
	if err := b.impl.write(make([]byte, b.Len()*int64(elemSize[T]()))); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

func elemSize[T Number]() int {
	_, size := elemType[T]()
	return size
}

// newBuffer allocates a buffer of T of shape, its contents undefined.
func newBuffer[T Number](dev *Device, op string, shape []int64) (*Buffer, error) {
	elem, size := elemType[T]()
	for _, s := range shape {
		if s < 0 {
			return nil, fmt.Errorf("kiln.%s: negative size in shape %v", op, shape)
		}
	}
	bytes := numElements(shape) * int64(size)
	if uint64(bytes) > dev.Limits.MaxStorageBufferRange {
		// Kernels bind whole buffers: no kernel could use this one.
		return nil, fmt.Errorf("kiln.%s: %d bytes is more than the device's maxStorageBufferRange %d",
			op, bytes, dev.Limits.MaxStorageBufferRange)
	}
	impl, err := dev.be.alloc(elem, shape, bytes)
	if err != nil {
		return nil, err
	}
	return &Buffer{dev: dev, elem: elem, shape: slices.Clone(shape), impl: impl}, nil
}

// Upload makes a buffer on dev holding data, of shape (a 1-d buffer of
// len(data) when no shape is given).
func Upload[T Number](dev *Device, data []T, shape ...int64) (*Buffer, error) {
	if len(shape) == 0 {
		shape = []int64{int64(len(data))}
	}
	if n := numElements(shape); n != int64(len(data)) {
		return nil, fmt.Errorf("kiln.Upload: shape %v holds %d elements, got %d", shape, n, len(data))
	}
	b, err := newBuffer[T](dev, "Upload", shape)
	if err != nil {
		return nil, err
	}
	if err := b.impl.write(encode(data)); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// Write replaces the elements of b, which must hold as many elements of
// T's element type, with data.
func Write[T Number](b *Buffer, data []T) error {
	if elem, _ := elemType[T](); elem != b.elem || int64(len(data)) != b.Len() {
		return fmt.Errorf("kiln.Write: the buffer holds %d %s, got %d %s", b.Len(), b.elem, len(data), elem)
	}
	return b.impl.write(encode(data))
}

// Read returns the elements of b, which must hold T's element type.
func Read[T Number](b *Buffer) ([]T, error) {
	out := make([]T, b.Len())
	if elem, _ := elemType[T](); elem != b.elem {
		return nil, fmt.Errorf("kiln.Read: the buffer holds %s, not %s", b.elem, elem)
	}
	data := make([]byte, len(encode(out)))
	if err := b.impl.read(data); err != nil {
		return nil, err
	}
	if _, err := binary.Decode(data, binary.LittleEndian, out); err != nil {
		return nil, err
	}
	return out, nil
}

// encode returns data's little-endian bytes.
func encode[T Number](data []T) []byte {
	out, err := binary.Append(nil, binary.LittleEndian, data)
	if err != nil {
		panic(err) // Number types are fixed-size: Append cannot fail
	}
	return out
}

func numElements(shape []int64) int64 {
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// Grid is the number of workgroups a launch runs in x, y and z.
type Grid [3]int

// Launch runs the kernel named name ("kernel" or "module::kernel") over
// grid workgroups with args: a *Buffer for each memref parameter, a Go
// number for each scalar one (converted to the parameter's type), and
// waits for it. Errors are *ir.Diagnostic values located at the kernel.
func (p *Program) Launch(name string, grid Grid, args ...any) error {
	if p.dev == nil {
		return fmt.Errorf("kiln: the program was not compiled for a device (use Device.Compile)")
	}
	m, k := p.Kernel(name)
	if k == nil {
		var names []string
		for _, m := range p.Modules {
			for _, k := range m.Kernels {
				names = append(names, m.Name+"::"+k.Name)
			}
		}
		if p.mod == nil {
			return fmt.Errorf("kiln: no kernel named '%s' (kernels: %s)", name, strings.Join(names, ", "))
		}
		return p.mod.Errorf("no kernel named '%s' (kernels: %s)", name, strings.Join(names, ", "))
	}
	var fn *ir.Operation
	if p.mod != nil {
		if fn = kernelOp(p.mod, m.Name, k.Name); fn == nil {
			return p.mod.Errorf("the program has no gpu.func for kernel '%s::%s'", m.Name, k.Name)
		}
	}
	if len(args) != len(k.Args) {
		return launchError(fn, "kernel '%s' takes %d arguments, got %d", k.Name, len(k.Args), len(args))
	}
	conv := make([]any, len(args))
	for i, a := range args {
		v, err := checkArg(p.dev, k, i, a)
		if err != nil {
			return launchError(fn, "%v", err)
		}
		conv[i] = v
	}
	var groups [3]uint32
	for i, g := range grid {
		if g < 0 || uint64(g) > uint64(p.dev.Limits.MaxWorkgroupCount[i]) {
			return launchError(fn, "grid size %d in dimension %d is outside [0, %d], the device's maxComputeWorkGroupCount",
				g, i, p.dev.Limits.MaxWorkgroupCount[i])
		}
		groups[i] = uint32(g)
	}
	if groups[0]*groups[1]*groups[2] == 0 {
		return nil // an empty grid runs nothing
	}
	return p.dev.be.launch(p, m, k, fn, groups, conv)
}

// Free releases what the device made for the program's kernels (Vulkan
// pipelines, otherwise kept until Device.Close); launching it again makes
// them anew.
func (p *Program) Free() {
	if p.dev != nil {
		p.dev.be.release(p)
	}
}

// launchError is an error located at the kernel's gpu.func, or naming
// only the kernel when the program has no MLIR (fn is nil).
func launchError(fn *ir.Operation, format string, args ...any) error {
	if fn != nil {
		return fn.Errorf(format, args...)
	}
	return fmt.Errorf("kiln: "+format, args...)
}

// kernelOp returns the gpu.func kernel of the gpu.module module in mod.
func kernelOp(mod *ir.Operation, module, kernel string) *ir.Operation {
	var fn *ir.Operation
	mod.Walk(func(op *ir.Operation) bool {
		if op.Name() == "gpu.module" && ir.SymbolName(op) == module {
			for f := ir.ModuleBody(op).First(); f != nil; f = f.NextOp() {
				if f.Name() == "gpu.func" && ir.SymbolName(f) == kernel {
					fn = f
				}
			}
		}
		return fn == nil
	})
	return fn
}

// checkArg checks argument i against the kernel's parameter and returns
// it as the backends take it: the *Buffer, or an interp.Scalar of the
// parameter's type.
func checkArg(dev *Device, k *Kernel, i int, a any) (any, error) {
	bd := k.Args[i]
	memref := strings.HasPrefix(bd.Type, "memref<")
	if b, ok := a.(*Buffer); ok {
		switch {
		case b == nil:
			return nil, fmt.Errorf("argument %d of kernel '%s' is a nil buffer", i, k.Name)
		case !memref:
			return nil, fmt.Errorf("argument %d of kernel '%s' must be a scalar of type %s, got a buffer", i, k.Name, bd.Type)
		case b.dev != dev:
			return nil, fmt.Errorf("argument %d of kernel '%s' is a buffer of another device", i, k.Name)
		case bd.Elem == "index":
			return nil, fmt.Errorf("argument %d of kernel '%s' is a memref of index, whose width depends on the device: use i32 or i64", i, k.Name)
		case b.elem != bd.Elem || len(b.shape) != len(bd.Shape):
			return nil, fmt.Errorf("argument %d of kernel '%s' is a buffer of %s with shape %v, want %s", i, k.Name, b.elem, b.shape, bd.Type)
		}
		for d, n := range bd.Shape {
			if n >= 0 && n != b.shape[d] {
				return nil, fmt.Errorf("argument %d of kernel '%s' has shape %v, want %s", i, k.Name, b.shape, bd.Type)
			}
		}
		return b, nil
	}
	if memref {
		return nil, fmt.Errorf("argument %d of kernel '%s' must be a buffer for %s, got %T", i, k.Name, bd.Type, a)
	}
	return scalarArg(a, bd.Elem, i, "kernel '"+k.Name+"'")
}

// scalarArg converts a Go number, argument i of fn ("kernel 'k'"), to a
// scalar of MLIR type elem.
func scalarArg(a any, elem string, i int, fn string) (interp.Scalar, error) {
	v := reflect.ValueOf(a)
	var f float64
	var n int64
	isFloat := false
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			n = 1
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n = v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n = int64(v.Uint())
	case reflect.Float32, reflect.Float64:
		f, isFloat = v.Float(), true
	default:
		return interp.Scalar{}, fmt.Errorf("argument %d of %s must be a number of type %s, got %T", i, fn, elem, a)
	}
	switch {
	case elem == "f32":
		if !isFloat {
			f = float64(n)
		}
		return interp.Float(float64(float32(f))), nil
	case elem == "f16":
		if !isFloat {
			f = float64(n)
		}
		return interp.Float(ir.FloatFromBits(ir.F16, ir.FloatBits(ir.F16, f))), nil
	case elem == "f64":
		if !isFloat {
			f = float64(n)
		}
		return interp.Float(f), nil
	case isFloat:
		return interp.Scalar{}, fmt.Errorf("argument %d of %s is of type %s, got the float %v", i, fn, elem, a)
	case elem == "index":
		return interp.Int(n), nil
	}
	var width int
	if _, err := fmt.Sscanf(elem, "i%d", &width); err != nil || width > 64 {
		return interp.Scalar{}, fmt.Errorf("argument %d of %s is of type %s, which Launch cannot pass", i, fn, elem)
	}
	if width < 64 && (n >= 1<<width || n < -(1<<(width-1))) {
		return interp.Scalar{}, fmt.Errorf("argument %d of %s is of type %s, and %d does not fit", i, fn, elem, n)
	}
	if width < 64 {
		n &= 1<<width - 1 // interp keeps an integer's low width bits
	}
	return interp.Int(n), nil
}
