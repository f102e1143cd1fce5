package lowering_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/runtime/vulkan/vulkantest"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// TestKernelsOnVulkan is the differential test of the lowering: each
// launch of a kernel (every chunk of testdata/kernels*.mlir, which
// TestDifferentialCoverage checks exercise every converted op, and MLIR's
// Vulkan integration tests) runs in the reference interpreter (before
// lowering) and, lowered, serialized and validated, on the Vulkan device;
// every buffer must come out the same (see compare). Inputs are small
// integers (as floats too), so reductions are exact in any order. It
// skips without a device, and skips a chunk whose capabilities the device
// lacks (the other CI driver runs those with 64-, 16- and 8-bit types).
func TestKernelsOnVulkan(t *testing.T) {
	inst, dev := vulkantest.Device(t)

	sources := kernelChunks(t)
	files, _ := filepath.Glob(filepath.Join(vulkanTests, "*.mlir"))
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if !strings.Contains(string(src), "#spirv.vce<v1.4") { // see TestVulkanKernelsValidate
			sources = append(sources, chunk{filepath.Base(f), string(src), true})
		}
	}
	// The interpreter's subgroups are the device's, so that subgroup
	// collectives and ids compute the same values.
	sgSize := int(dev.Info().Subgroup.Size)
	for _, c := range sources {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				for _, m := range inst.TakeMessages() {
					t.Errorf("validation layer: %v", m)
				}
			}()
			runDifferential(t, dev, c, sgSize)
		})
	}
}

// chunk is one module of the differential test.
type chunk struct {
	name, src string
	// upstream marks MLIR's Vulkan tests, some of which this harness
	// cannot launch (several kernel modules, computed arguments); every
	// chunk of ours must launch.
	upstream bool
}

// kernelChunks returns the differential kernels: every `// -----` chunk
// of testdata/kernels*.mlir, named file#index.
func kernelChunks(t *testing.T) []chunk {
	files, err := filepath.Glob("testdata/kernels*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/kernels*.mlir: %v", err)
	}
	var cs []chunk
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range strings.Split(string(src), "\n// -----\n") {
			cs = append(cs, chunk{name: fmt.Sprintf("%s#%d", filepath.Base(f), i), src: c})
		}
	}
	return cs
}

// launch is one kernel launch with constant sizes and scalar arguments.
type launch struct {
	kernel      *ir.Operation
	grid, block [3]int64
	scalars     map[int]int64 // constant non-memref operands by position
}

// launchesOf finds the launches of module m, or makes one workgroup's
// launch of every kernel when m has no host code.
// args are the launch's arguments for a kernel taking inputs: its constant
// scalars, and memrefs filled by fill; cannot reports a scalar that is not
// a constant.
func (l launch) args(inputs []ir.Type, cannot func(format string, args ...any)) []interp.Value {
	var args []interp.Value
	for i, in := range inputs {
		mt, isMem := in.(*ir.MemRefType)
		if !isMem {
			c, ok := l.scalars[i]
			if !ok {
				cannot("argument %d is not a constant", i)
			}
			args = append(args, interp.Int(c))
			continue
		}
		mr := interp.NewMemRef(mt.Elem, mt.Dims, mt.MemorySpace)
		fill(mr)
		args = append(args, mr)
	}
	return args
}

// argBytes is what the device buffer of argument i starts with: a memref's
// bytes, or a scalar constant as one 32-bit word.
func (l launch) argBytes(args []interp.Value, i int) []byte {
	if mr, ok := args[i].(*interp.MemRef); ok {
		return mr.Bytes()
	}
	return binary.LittleEndian.AppendUint32(nil, uint32(l.scalars[i]))
}

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

// runDifferential runs every launch of c in the interpreter, with
// subgroups of sgSize, and on dev and compares the buffers.
func runDifferential(t *testing.T, dev *vulkan.Device, c chunk, sgSize int) {
	// An upstream test this harness cannot launch is skipped; ours fail.
	cannot := t.Fatalf
	if c.upstream {
		cannot = t.Skipf
	}
	tol, err := tolerance(c.src)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ir.Parse(newContext(), c.src, c.name)
	if err != nil {
		t.Fatal(err)
	}
	words := lowerAndSerialize(t, c.src, c.name)
	if len(words) != 1 {
		cannot("several kernel modules")
	}
	if why := missingFeature(words[0], dev.Info()); why != "" {
		t.Skipf("the device lacks %s", why) // the other CI driver may have it
	}
	launches := launchesOf(ref)
	if len(launches) == 0 {
		cannot("no kernel to launch")
	}
	for _, l := range launches {
		f, _ := gpu.AsFunc(l.kernel)
		inputs := f.FunctionType().Inputs
		args := l.args(inputs, cannot)
		// Device buffers start from the same bytes.
		var vkArgs []vulkan.Arg
		var bufs []*vulkan.Buffer
		for i := range inputs {
			data := l.argBytes(args, i)
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
		m.SubgroupSize = sgSize
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
			for _, d := range compare(mr, got, tol) {
				t.Errorf("%s argument %d: %s", f.Name(), i, d)
			}
		}
	}
}

// missingFeature names a capability of the module words that the device
// does not support, or returns "".
func missingFeature(words []uint32, info vulkan.DeviceInfo) string {
	f := info.Features
	has := map[spv.Capability]bool{
		spv.CapabilityInt64: f.ShaderInt64, spv.CapabilityFloat64: f.ShaderFloat64,
		spv.CapabilityInt16: f.ShaderInt16, spv.CapabilityFloat16: f.ShaderFloat16, spv.CapabilityInt8: f.ShaderInt8,
		spv.CapabilityStorageBuffer8BitAccess:  f.StorageBuffer8BitAccess,
		spv.CapabilityStorageBuffer16BitAccess: f.StorageBuffer16BitAccess,
		// runtime/vulkan enables no float atomics features.
		spv.CapabilityAtomicFloat32AddEXT: false,
	}
	for c, op := range map[spv.Capability]string{
		spv.CapabilityGroupNonUniform: "basic", spv.CapabilityGroupNonUniformVote: "vote",
		spv.CapabilityGroupNonUniformArithmetic: "arithmetic", spv.CapabilityGroupNonUniformBallot: "ballot",
		spv.CapabilityGroupNonUniformShuffle: "shuffle", spv.CapabilityGroupNonUniformShuffleRelative: "shuffle-relative",
		spv.CapabilityGroupNonUniformClustered: "clustered", spv.CapabilityGroupNonUniformQuad: "quad",
	} {
		has[c] = slices.Contains(info.Subgroup.Operations, op)
	}
	for i := 5; i < len(words) && words[i]>>16 > 0; i += int(words[i] >> 16) {
		if spv.Opcode(words[i]&0xffff) != spv.OpCapability || i+1 >= len(words) {
			continue
		}
		c := spv.Capability(words[i+1])
		if ok, known := has[c]; known && !ok {
			return "capability " + c.String()
		}
	}
	return ""
}

// tolerance reads a chunk's `// tolerance: X` line: floats may then differ
// by X relative to their magnitude (absolute below 1), for math functions
// whose device precision the Vulkan spec leaves loose. Without one, floats
// must match bit for bit.
func tolerance(src string) (float64, error) {
	_, rest, ok := strings.Cut(src, "// tolerance: ")
	if !ok {
		return 0, nil
	}
	line, _, _ := strings.Cut(rest, "\n")
	return strconv.ParseFloat(strings.TrimSpace(line), 64)
}

// compare lists the elements of got (the device's bytes) that differ from
// the interpreter's memref mr: integers bit for bit, floats within tol,
// and any NaN equal to any NaN (SPIR-V leaves NaN payloads and signs
// open). A poison element is reported: the kernel computed something
// undefined, which the comparison cannot check.
func compare(mr *interp.MemRef, got []byte, tol float64) []string {
	var diffs []string
	n := interp.ElementSize(mr.Elem)
	for i, e := range mr.Elements() {
		if len(diffs) == 8 {
			return append(diffs, "...")
		}
		w := binary.LittleEndian.Uint64(append(got[i*n:(i+1)*n:(i+1)*n], make([]byte, 8-n)...))
		if e.Poison {
			diffs = append(diffs, fmt.Sprintf("[%d]: interp result is poison", i))
			continue
		}
		ft, isFloat := mr.Elem.(*ir.FloatType)
		if !isFloat {
			if mask := uint64(1)<<(8*n) - 1; w != e.Bits&mask {
				diffs = append(diffs, fmt.Sprintf("[%d]: vulkan %#x, interp %#x", i, w, e.Bits&mask))
			}
			continue
		}
		g := ir.FloatFromBits(ft.Kind, w)
		if math.IsNaN(g) && math.IsNaN(e.F) || math.Float64bits(g) == math.Float64bits(e.F) ||
			tol > 0 && math.Abs(g-e.F) <= tol*max(1, math.Abs(e.F)) {
			continue
		}
		diffs = append(diffs, fmt.Sprintf("[%d]: vulkan %v, interp %v", i, g, e.F))
	}
	return diffs
}

// fill gives a memref small integer values.
func fill(mr *interp.MemRef) {
	el := make([]interp.Scalar, mr.NumElements())
	for i := range el {
		v := int64(i*7+3) % 11
		if ir.IsFloat(mr.Elem) {
			el[i] = interp.Float(float64(v - 3))
		} else {
			el[i] = interp.Int(v)
		}
	}
	_ = mr.SetElements(el) // el has the view's length
}

// differentialExempt are the converted ops no differential kernel runs,
// each with the reason.
var differentialExempt = map[string]string{
	"gpu.subgroup_mma_compute":                mmaExempt,
	"gpu.subgroup_mma_constant_matrix":        mmaExempt,
	"gpu.subgroup_mma_elementwise":            mmaExempt,
	"gpu.subgroup_mma_extract_thread_local":   mmaExempt,
	"gpu.subgroup_mma_insert_thread_local":    mmaExempt,
	"gpu.subgroup_mma_load_matrix":            mmaExempt,
	"gpu.subgroup_mma_store_matrix":           mmaExempt,
	"gpu.rotate":                              "the interpreter does not run gpu.rotate: testdata/rotate.mlir checks the lowering",
	"gpu.initialize_named_barrier":            "named barriers need the Kernel-only NamedBarrier capability and the interpreter does not run them: TestOpenCLKernelsValidate runs spirv-val on testdata/named_barrier.mlir",
	"gpu.printf":                              "lowers to spirv.CL.printf, an OpenCL.std instruction Vulkan does not run: TestOpenCLKernelsValidate runs spirv-val on testdata/gpu_printf.mlir",
	"memref.memory_space_cast":                "converts on Kernel targets only (Vulkan has no Generic pointers): testdata/passes_memref_opencl.mlir checks the lowering",
	"memref.extract_aligned_pointer_as_index": "needs a physical pointer, which Vulkan buffers are not: testdata/passes_memref_opencl.mlir checks the lowering",
	"tensor.extract":                          "the interpreter does not run the tensor dialect: testdata/passes_tensor.mlir checks the lowering and compiles a kernel through spirv-val",
}

const mmaExempt = "SPV_NV_cooperative_matrix runs on neither lavapipe nor SwiftShader, nor in the interpreter: mma_test.go runs spirv-val on testdata/mma.mlir"

// TestDifferentialCoverage checks that every op the conversion has a
// pattern for runs in some chunk of testdata/kernels*.mlir, so that
// TestKernelsOnVulkan compares its lowering with the interpreter, unless
// differentialExempt says why it cannot.
func TestDifferentialCoverage(t *testing.T) {
	ctx := newContext()
	covered := map[string]bool{}
	for _, c := range kernelChunks(t) {
		m, err := ir.Parse(ctx, c.src, c.name)
		if err != nil {
			t.Fatal(err)
		}
		m.Walk(func(op *ir.Operation) bool {
			covered[op.Name()] = true
			return true
		})
	}
	ops := lowering.ConvertedOps(ctx)
	n := 0
	for _, op := range ops {
		why, exempt := differentialExempt[op]
		switch {
		case covered[op] && exempt:
			t.Errorf("%s is exempt (%s) but a kernel runs it: drop the exemption", op, why)
		case covered[op]:
			n++
		case !exempt:
			t.Errorf("no differential kernel runs %s", op)
		}
	}
	for op := range differentialExempt {
		if !slices.Contains(ops, op) {
			t.Errorf("%s is exempt but not converted", op)
		}
	}
	t.Logf("%d of %d converted ops run in differential kernels, %d exempt", n, len(ops), len(differentialExempt))
}
