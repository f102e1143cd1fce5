package lowering_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
)

// TestKernelsOnVulkan is the differential test of the lowering: each
// launch of a kernel runs in the reference interpreter (before lowering)
// and, lowered, serialized and validated, on the Vulkan device; every
// buffer must come out the same. Inputs are small integers (as floats
// too), so reductions are exact in any order. It skips without a device.
func TestKernelsOnVulkan(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Vulkan")
	}
	// Without Vulkan the test skips, except under CI, which installs it.
	skip := t.Skipf
	if os.Getenv("CI") == "true" {
		skip = t.Fatalf
	}
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: true})
	if err != nil {
		skip("no Vulkan with the validation layer: %v", err)
	}
	defer inst.Close()
	if len(inst.Devices()) == 0 {
		skip("no Vulkan device")
	}
	dev, err := inst.Open(0, vulkan.DeviceConfig{})
	if err != nil {
		skip("cannot open device 0: %v", err)
	}
	defer dev.Close()

	sources := map[string]string{}
	kernels, err := os.ReadFile("testdata/kernels.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for i, chunk := range strings.Split(string(kernels), "\n// -----\n") {
		if !strings.Contains(chunk, "gpu.subgroup_reduce") { // its result depends on the subgroup size
			sources[fmt.Sprintf("kernels.mlir#%d", i)] = chunk
		}
	}
	files, _ := filepath.Glob(filepath.Join(vulkanTests, "*.mlir"))
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if !strings.Contains(string(src), "#spirv.vce<v1.4") { // see TestVulkanKernelsValidate
			sources[filepath.Base(f)] = string(src)
		}
	}
	for name, src := range sources {
		t.Run(name, func(t *testing.T) {
			runDifferential(t, dev, src, name)
			for _, m := range inst.TakeMessages() {
				t.Errorf("validation layer: %v", m)
			}
		})
	}
}

// launch is one kernel launch with constant sizes and scalar arguments.
type launch struct {
	kernel      *ir.Operation
	grid, block [3]int64
	scalars     map[int]int64 // constant non-memref operands by position
}

// launchesOf finds the launches of module m, or makes one workgroup's
// launch of every kernel when m has no host code.
func launchesOf(m *ir.Operation) []launch {
	var ls []launch
	kernels := map[string]*ir.Operation{}
	m.Walk(func(op *ir.Operation) bool {
		if f, ok := gpu.AsFunc(op); ok && f.IsKernel() {
			kernels[ir.SymbolName(op.ParentOp())+"::"+f.Name()] = op
		}
		return true
	})
	m.Walk(func(op *ir.Operation) bool {
		lf, ok := gpu.AsLaunchFunc(op)
		if !ok {
			return true
		}
		l := launch{kernel: kernels[lf.KernelModuleName()+"::"+lf.KernelName()], scalars: map[int]int64{}}
		for i := range 3 {
			g, ok1 := constIndex(lf.GridSize()[i])
			b, ok2 := constIndex(lf.BlockSize()[i])
			if !ok1 || !ok2 {
				return true
			}
			l.grid[i], l.block[i] = g, b
		}
		for i, v := range lf.KernelOperands() {
			if c, ok := constIndex(v); ok {
				l.scalars[i] = c
			}
		}
		if l.kernel != nil {
			ls = append(ls, l)
		}
		return true
	})
	if len(ls) > 0 {
		return ls
	}
	for _, k := range kernels {
		f, _ := gpu.AsFunc(k)
		l := launch{kernel: k, grid: [3]int64{1, 1, 1}, block: [3]int64{1, 1, 1}, scalars: map[int]int64{}}
		if abi := spirv.LookupEntryPointABI(k); abi != nil {
			for i, d := range abi.WorkgroupSize {
				l.block[i] = int64(d)
			}
		}
		for i, in := range f.FunctionType().Inputs {
			if _, isMem := in.(*ir.MemRefType); !isMem {
				l.scalars[i] = 16 // loop bounds and sizes of the test kernels
			}
		}
		ls = append(ls, l)
	}
	return ls
}

func constIndex(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// runDifferential runs every launch of src in the interpreter and on dev
// and compares the buffers.
func runDifferential(t *testing.T, dev *vulkan.Device, src, name string) {
	ref, err := ir.Parse(newContext(), src, name)
	if err != nil {
		t.Fatal(err)
	}
	words := lowerAndSerialize(t, src, name)
	if len(words) != 1 {
		t.Skip("several kernel modules")
	}
	for _, l := range launchesOf(ref) {
		f, _ := gpu.AsFunc(l.kernel)
		inputs := f.FunctionType().Inputs
		var args []interp.Value
		for i, in := range inputs {
			mt, isMem := in.(*ir.MemRefType)
			if !isMem {
				c, ok := l.scalars[i]
				if !ok {
					t.Skipf("argument %d is not a constant", i)
				}
				args = append(args, interp.Int(c))
				continue
			}
			mr := interp.NewMemRef(mt.Elem, mt.Dims, mt.MemorySpace)
			fill(mr)
			args = append(args, mr)
		}
		// Device buffers start from the same bytes.
		var vkArgs []vulkan.Arg
		var bufs []*vulkan.Buffer
		for i := range inputs {
			var data []byte
			if mr, ok := args[i].(*interp.MemRef); ok {
				data = mr.Bytes()
			} else {
				data = binary.LittleEndian.AppendUint32(nil, uint32(l.scalars[i]))
			}
			b, err := dev.NewBuffer(uint64((len(data) + 15) / 16 * 16))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Free()
			if err := b.Write(0, data); err != nil {
				t.Fatal(err)
			}
			bufs = append(bufs, b)
			vkArgs = append(vkArgs, vulkan.Arg{Set: 0, Binding: uint32(i), Buffer: b})
		}
		m := interp.New(ref)
		if err := interp.Simulate(m, l.kernel, l.kernel, l.grid, l.block, args); err != nil {
			t.Fatalf("interp: %v", err)
		}
		bindings := make([]vulkan.Binding, len(inputs))
		for i := range bindings {
			bindings[i] = vulkan.Binding{Set: 0, Binding: uint32(i)}
		}
		k, err := dev.NewKernel(vulkan.KernelSpec{Code: words[0], Entry: f.Name(), Bindings: bindings})
		if err != nil {
			t.Fatal(err)
		}
		defer k.Free()
		groups := [3]uint32{uint32(l.grid[0]), uint32(l.grid[1]), uint32(l.grid[2])}
		if _, err := dev.Dispatch(k, groups, vkArgs, nil); err != nil {
			t.Fatal(err)
		}
		for i := range inputs {
			mr, ok := args[i].(*interp.MemRef)
			if !ok {
				continue
			}
			want := mr.Bytes()
			got := make([]byte, len(want))
			if err := bufs[i].Read(0, got); err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s argument %d: Vulkan and interp differ\nvulkan: %v\ninterp: %v", f.Name(), i, got, want)
			}
		}
	}
}

// fill gives a memref small integer values.
func fill(mr *interp.MemRef) {
	for i := range mr.Buf.Data {
		v := int64(i*7+3) % 11
		if ir.IsFloat(mr.Elem) {
			mr.Buf.Data[i] = interp.Float(float64(v - 3))
		} else {
			mr.Buf.Data[i] = interp.Int(v)
		}
	}
}
