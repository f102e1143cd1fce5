package gl

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	gl "github.com/go-gl/gl/v4.5-core/gl"

	"github.com/kiln-gpu/kiln/runtime/compute"
)

// open makes a debug context, skipping the test where there is no EGL or
// no GL 4.5 driver, except under CI=true, where that fails it.
func open(t testing.TB) *Context {
	t.Helper()
	c, err := Open(Config{Debug: true})
	if err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci || !errors.Is(err, ErrNoContext) {
			t.Fatal(err)
		}
		t.Skipf("no OpenGL 4.5 context: %v", err)
	}
	t.Cleanup(func() {
		if msgs := c.TakeMessages(); len(msgs) > 0 {
			t.Logf("debug messages:\n%s", strings.Join(msgs, "\n"))
		}
		c.Close()
	})
	return c
}

// spirv reads testdata/name.spv (built from name.comp by gen.sh).
func spirv(t testing.TB, name string) []uint32 {
	t.Helper()
	return readSPIRV(t, filepath.Join("testdata", name+".spv"))
}

// readSPIRV reads a SPIR-V binary file as words.
func readSPIRV(t testing.TB, path string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := compute.Words(b)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func floats(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

func buffer(t testing.TB, c *Context, data []byte) *Buffer {
	t.Helper()
	b, err := c.NewBuffer(uint64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Write(0, data); err != nil {
		t.Fatal(err)
	}
	return b
}

func storage(n int) []Binding {
	b := make([]Binding, n)
	for i := range b {
		b[i].Binding = uint32(i)
	}
	return b
}

func TestInfo(t *testing.T) {
	c := open(t)
	info := c.Info()
	t.Logf("%s, %s, EGL %s, SPIR-V extensions %v", info.Renderer, info.Version, info.EGLVersion, info.SPIRVExtensions)
	l := info.Limits
	// OpenGL 4.5's minimum maxima (table 23.53 and 23.64).
	if l.MaxComputeWorkGroupCount[0] < 65535 || l.MaxComputeWorkGroupSize[0] < 1024 || l.MaxComputeWorkGroupInvocations < 1024 ||
		l.MaxComputeSharedMemorySize < 32768 || l.MaxShaderStorageBlockSize < 1<<24 || l.MaxShaderStorageBufferBindings < 8 ||
		l.MaxUniformBlockSize < 16384 || l.ShaderStorageBufferOffsetAlignment == 0 {
		t.Errorf("limits below GL 4.5's minimum maxima: %+v", l)
	}
}

func TestAdd(t *testing.T) {
	c := open(t)
	const n = 1 << 16
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i)+0.5
	}
	ba, bb := buffer(t, c, floats(a)), buffer(t, c, floats(b))
	bc := buffer(t, c, make([]byte, 4*n))
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "add"), Bindings: storage(3), WorkgroupSize: [3]uint32{64, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.Dispatch(k, [3]uint32{n / 64, 1, 1}, []Arg{{Binding: 0, Buffer: ba}, {Binding: 1, Buffer: bb}, {Binding: 2, Buffer: bc}})
	if err != nil {
		t.Fatal(err)
	}
	if d <= 0 {
		t.Errorf("GL_TIME_ELAPSED gave %v", d)
	}
	got := make([]byte, 4*n)
	if err := bc.Read(0, got); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if f := math.Float32frombits(binary.LittleEndian.Uint32(got[4*i:])); f != a[i]+b[i] {
			t.Fatalf("c[%d] = %v, want %v", i, f, a[i]+b[i])
		}
	}
}

// TestUniformAndSpecialization runs two dependent launches of a kernel
// that takes its scalar in a uniform block and its workgroup size from a
// specialization constant.
func TestUniformAndSpecialization(t *testing.T) {
	c := open(t)
	x := make([]byte, 4*32)
	for i := range 32 {
		binary.LittleEndian.PutUint32(x[4*i:], uint32(i))
	}
	bx := buffer(t, c, x)
	s := make([]byte, 16)
	binary.LittleEndian.PutUint32(s, 3)
	bs := buffer(t, c, s)
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "scale"), Bindings: []Binding{{0, compute.StorageBuffer}, {1, compute.Uniform}},
		SpecConstants: []SpecConstant{{ID: 0, Value: 8}}})
	if err != nil {
		t.Fatal(err)
	}
	if k.WorkgroupSize() != [3]uint32{8, 1, 1} {
		t.Errorf("workgroup size %v, want [8 1 1]", k.WorkgroupSize())
	}
	args := []Arg{{Binding: 0, Buffer: bx}, {Binding: 1, Buffer: bs}}
	if _, err := c.Run(Launch{k, [3]uint32{4, 1, 1}, args}, Launch{k, [3]uint32{4, 1, 1}, args}); err != nil {
		t.Fatal(err)
	}
	if err := bx.Read(0, x); err != nil {
		t.Fatal(err)
	}
	for i := range 32 {
		if v := binary.LittleEndian.Uint32(x[4*i:]); v != uint32(9*i) {
			t.Fatalf("x[%d] = %d, want %d", i, v, 9*i)
		}
	}
}

// TestBadInput: every mistake is an error naming it, before the driver.
func TestBadInput(t *testing.T) {
	c := open(t)
	add := spirv(t, "add")
	vk, err := os.ReadFile("../vulkan/testdata/transpose.spv")
	if err != nil {
		t.Fatal(err)
	}
	vkWords, _ := compute.Words(vk)
	lim := c.Info().Limits
	for _, tc := range []struct {
		name string
		spec KernelSpec
		want error
		text string
	}{
		{"truncated", KernelSpec{Code: add[:len(add)-3], Bindings: storage(3)}, ErrInvalidSPIRV, "truncated"},
		{"garbage", KernelSpec{Code: []uint32{1, 2, 3, 4, 5, 6}, Bindings: storage(3)}, ErrInvalidSPIRV, "magic number"},
		{"vulkan flavoured", KernelSpec{Code: vkWords}, ErrUnsupported, "push constants"},
		{"SPIR-V 1.4", KernelSpec{Code: append([]uint32{add[0], 0x00010400}, add[2:]...), Bindings: storage(3)}, ErrUnsupported, "SPIR-V 1.4: " + c.Info().Renderer + " takes SPIR-V 1.0"},
		{"no such entry", KernelSpec{Code: add, Entry: "nope", Bindings: storage(3)}, ErrInvalidSPIRV, `no GLCompute entry point "nope"`},
		{"missing binding", KernelSpec{Code: add, Bindings: storage(2)}, ErrBadArgument, "binding 2, which Bindings do not describe"},
		{"extra binding", KernelSpec{Code: add, Bindings: storage(4)}, ErrBadArgument, "does not use"},
		{"wrong class", KernelSpec{Code: add, Bindings: []Binding{{0, compute.StorageBuffer}, {1, compute.Uniform}, {2, compute.StorageBuffer}}}, ErrBadArgument, "as StorageBuffer, but Bindings say Uniform"},
		{"workgroup size", KernelSpec{Code: add, Bindings: storage(3), WorkgroupSize: [3]uint32{32, 1, 1}}, ErrBadArgument, "the module's is [64 1 1]"},
		{"over-limit workgroup", KernelSpec{Code: spirv(t, "scale"), Bindings: []Binding{{0, compute.StorageBuffer}, {1, compute.Uniform}},
			SpecConstants: []SpecConstant{{0, lim.MaxComputeWorkGroupInvocations + 1}}}, ErrLimit, "maxComputeWorkGroup"},
		{"unknown spec constant", KernelSpec{Code: add, Bindings: storage(3), SpecConstants: []SpecConstant{{7, 1}}}, ErrBadArgument, "SpecId 7"},
	} {
		_, err := c.NewKernel(tc.spec)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want %v containing %q", tc.name, err, tc.want, tc.text)
		}
	}

	k, err := c.NewKernel(KernelSpec{Code: add, Bindings: storage(3)})
	if err != nil {
		t.Fatal(err)
	}
	b := buffer(t, c, make([]byte, 256))
	three := []Arg{{Binding: 0, Buffer: b}, {Binding: 1, Buffer: b}, {Binding: 2, Buffer: b}}
	for _, tc := range []struct {
		name   string
		groups [3]uint32
		args   []Arg
		want   error
		text   string
	}{
		{"over-limit dispatch", [3]uint32{lim.MaxComputeWorkGroupCount[0] + 1, 1, 1}, three, ErrLimit, "exceeds maxComputeWorkGroupCount"},
		{"over-limit dispatch in z", [3]uint32{1, 1, lim.MaxComputeWorkGroupCount[2] + 1}, three, ErrLimit, "in z"},
		{"unbound", [3]uint32{1, 1, 1}, three[:2], ErrBadArgument, "binding 2 has no buffer"},
		{"twice", [3]uint32{1, 1, 1}, append(three, three[0]), ErrBadArgument, "bound twice"},
		{"no such binding", [3]uint32{1, 1, 1}, append(three, Arg{Binding: 5, Buffer: b}), ErrBadArgument, "no such binding"},
		{"overrun", [3]uint32{1, 1, 1}, []Arg{{Binding: 0, Buffer: b, Offset: 128, Size: 256}, three[1], three[2]}, ErrBadArgument, "overruns"},
		{"misaligned", [3]uint32{1, 1, 1}, []Arg{{Binding: 0, Buffer: b, Offset: 4}, three[1], three[2]}, ErrLimit, "OFFSET_ALIGNMENT"},
		{"nil buffer", [3]uint32{1, 1, 1}, []Arg{{Binding: 0}, three[1], three[2]}, ErrBadArgument, "nil buffer"},
	} {
		if lim.ShaderStorageBufferOffsetAlignment <= 4 && tc.name == "misaligned" {
			tc.args[0].Offset = 1
		}
		_, err := c.Dispatch(k, tc.groups, tc.args)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want %v containing %q", tc.name, err, tc.want, tc.text)
		}
	}

	// A buffer over the SSBO size limit can exist but not be bound whole.
	if big := lim.MaxShaderStorageBlockSize + 256; big <= 1<<32 {
		bb, err := c.NewBuffer(big)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{Binding: 0, Buffer: bb}, three[1], three[2]})
		if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE") {
			t.Errorf("over-size SSBO: %v, want ErrLimit naming GL_MAX_SHADER_STORAGE_BLOCK_SIZE", err)
		}
		bb.Free()
	}

	if err := b.Write(250, make([]byte, 8)); !errors.Is(err, ErrBadArgument) {
		t.Errorf("write past the end: %v, want ErrBadArgument", err)
	}
	b.Free()
	b.Free()
	if _, err := c.Dispatch(k, [3]uint32{1, 1, 1}, three); !errors.Is(err, ErrClosed) {
		t.Errorf("dispatch with a freed buffer: %v, want ErrClosed", err)
	}
}

// TestNoEGL: without EGL, Open fails with ErrNoContext and says why.
func TestNoEGL(t *testing.T) {
	_, err := Open(Config{Library: "libkiln-no-such-egl.so.1"})
	if !errors.Is(err, ErrNoContext) || !strings.Contains(err.Error(), "cannot load EGL") {
		t.Errorf("Open without EGL: %v, want ErrNoContext saying it cannot load EGL", err)
	}
}

func TestClosed(t *testing.T) {
	c := open(t)
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	if err != nil {
		t.Fatal(err)
	}
	b := buffer(t, c, make([]byte, 64))
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{0, b, 0, 0}, {1, b, 0, 0}, {2, b, 0, 0}}); !errors.Is(err, ErrClosed) {
		t.Errorf("dispatch on a closed context: %v, want ErrClosed", err)
	}
	if _, err := c.NewBuffer(4); !errors.Is(err, ErrClosed) {
		t.Errorf("NewBuffer on a closed context: %v, want ErrClosed", err)
	}
	if err := c.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close: %v, want ErrClosed", err)
	}
}

// TestConcurrent dispatches from several goroutines on one context (run it
// with -race).
func TestConcurrent(t *testing.T) {
	c := open(t)
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			one := floats(slicesRepeat(float32(g), 64))
			a, bb, out := buffer(t, c, one), buffer(t, c, one), buffer(t, c, make([]byte, 256))
			for range 10 {
				if _, err := c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{0, a, 0, 0}, {1, bb, 0, 0}, {2, out, 0, 0}}); err != nil {
					t.Error(err)
					return
				}
			}
			got := make([]byte, 256)
			if err := out.Read(0, got); err != nil {
				t.Error(err)
				return
			}
			if f := math.Float32frombits(binary.LittleEndian.Uint32(got[252:])); f != float32(2*g) {
				t.Errorf("goroutine %d: %v, want %v", g, f, 2*g)
			}
		})
	}
	wg.Wait()
}

func slicesRepeat(v float32, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// TestGCStress dispatches, writes and reads fresh Go slices in a loop while
// another goroutine collects garbage without pause: every slice handed to
// GL must stay valid for its call only (run it with GOEXPERIMENT=cgocheck2
// too, as ci/test-gl.sh does).
func TestGCStress(t *testing.T) {
	c := open(t)
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	})
	defer func() { close(stop); wg.Wait() }()
	for i := range 50 {
		one := floats(slicesRepeat(float32(i), 64))
		a, b, out := buffer(t, c, one), buffer(t, c, one), buffer(t, c, make([]byte, 256))
		if _, err := c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{0, a, 0, 0}, {1, b, 0, 0}, {2, out, 0, 0}}); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, 256)
		if err := out.Read(0, got); err != nil {
			t.Fatal(err)
		}
		if f := math.Float32frombits(binary.LittleEndian.Uint32(got[128:])); f != float32(2*i) {
			t.Fatalf("iteration %d: %v, want %v", i, f, 2*i)
		}
		a.Free()
		b.Free()
		out.Free()
	}
}

// TestTestdataUpToDate rebuilds the kernels with gen.sh in a temporary
// directory and compares them with the committed .spv files.
func TestTestdataUpToDate(t *testing.T) {
	if _, err := exec.LookPath("glslangValidator"); err != nil {
		t.Skipf("glslangValidator not installed: %v", err)
	}
	dir := t.TempDir()
	srcs, _ := filepath.Glob("testdata/*.comp")
	for _, f := range append(srcs, "testdata/gen.sh") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("sh", filepath.Join(dir, "gen.sh")).CombinedOutput(); err != nil {
		t.Fatalf("gen.sh: %v\n%s", err, out)
	}
	built, _ := filepath.Glob(filepath.Join(dir, "*.spv"))
	for _, src := range srcs {
		if !slices.Contains(built, filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".comp")+".spv")) {
			t.Errorf("gen.sh builds no SPIR-V for OpenGL from %s", src)
		}
	}
	for _, f := range built {
		want, _ := os.ReadFile(f)
		if got, _ := os.ReadFile(filepath.Join("testdata", filepath.Base(f))); !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is stale: run go generate ./runtime/gl", filepath.Base(f))
		}
	}
}

// TestCloseWhileBusy closes a context under goroutines that keep using it:
// each call either completes or fails with ErrClosed.
func TestCloseWhileBusy(t *testing.T) {
	c := open(t)
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	if err != nil {
		t.Fatal(err)
	}
	b := buffer(t, c, make([]byte, 256))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				_, err := c.Dispatch(k, [3]uint32{1, 1, 1}, []Arg{{0, b, 0, 0}, {1, b, 0, 0}, {2, b, 0, 0}})
				if err == nil {
					_, err = c.NewBuffer(64)
				}
				if err != nil {
					if !errors.Is(err, ErrClosed) {
						t.Errorf("after Close: %v, want ErrClosed", err)
					}
					return
				}
			}
		})
	}
	if err := c.Close(); err != nil {
		t.Error(err)
	}
	wg.Wait()
}

// TestGLErrorsNamed makes the driver raise an error the runtime's checks
// would have prevented: the call fails with the GL error named, and the
// debug context's KHR_debug log turns the driver's message into an error.
func TestGLErrorsNamed(t *testing.T) {
	c := open(t)
	err := c.do(func() error {
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 1<<30, 0)
		return nil
	})
	if !errors.Is(err, InvalidValue) || !strings.Contains(err.Error(), "GL_INVALID_VALUE") {
		t.Errorf("glBindBufferBase past the bindings: %v, want GL_INVALID_VALUE", err)
	}
	err = c.do(func() error {
		gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, 1<<30, 0)
		gl.GetError()
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "debug output reported") {
		t.Errorf("with the GL error read, the debug log: %v, want its error", err)
	}
}

// TestEGLDevices opens a context on each EGL device, and refuses an index
// past them.
func TestEGLDevices(t *testing.T) {
	open(t)
	devs, err := Devices("")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("EGL devices: %q", devs)
	for i := range devs {
		c, err := Open(Config{Device: strconv.Itoa(i)})
		if err != nil {
			// A device without GL 4.5 (a display-only one) may refuse.
			if !errors.Is(err, ErrNoContext) {
				t.Errorf("device %d: %v", i, err)
			}
			t.Logf("device %d: %v", i, err)
			continue
		}
		t.Logf("device %d: %s", i, c.Info().Renderer)
		c.Close()
	}
	if _, err := Open(Config{Device: strconv.Itoa(len(devs))}); !errors.Is(err, ErrNoContext) || !strings.Contains(err.Error(), "no EGL device") {
		t.Errorf("device %d of %d: %v, want ErrNoContext naming no such device", len(devs), len(devs), err)
	}
	if _, err := Open(Config{Device: "gpu"}); !errors.Is(err, ErrBadArgument) {
		t.Errorf("device \"gpu\": %v, want ErrBadArgument", err)
	}
}

// TestSubgroups queries GL_KHR_shader_subgroup and runs a SPIR-V 1.3
// subgroupMax kernel: each value becomes the largest of its subgroup, of
// the size the context reports. A context without the extension (Debian
// 12's Mesa 22.3 llvmpipe) refuses the module before the driver sees it.
func TestSubgroups(t *testing.T) {
	c := open(t)
	info := c.Info()
	if !slices.Contains(info.Extensions, "GL_KHR_shader_subgroup") {
		_, err := c.NewKernel(KernelSpec{Code: spirv(t, "subgroupmax"), Bindings: storage(1)})
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "SPIR-V 1.3: "+info.Renderer+" takes SPIR-V 1.0 (1.3 needs GL_KHR_shader_subgroup)") {
			t.Fatalf("a SPIR-V 1.3 kernel without GL_KHR_shader_subgroup: %v", err)
		}
		if info.Subgroup.Size != 0 || info.MaxSPIRVVersion() != 0x00010000 {
			t.Errorf("no GL_KHR_shader_subgroup, but subgroups %+v, MaxSPIRVVersion %#x", info.Subgroup, info.MaxSPIRVVersion())
		}
		return
	}
	sg := info.Subgroup
	if sg.Size == 0 || 64%sg.Size != 0 || !slices.Contains(sg.Stages, "compute") || !slices.Contains(sg.Operations, "arithmetic") {
		t.Fatalf("subgroups: %+v", sg)
	}
	if info.MaxSPIRVVersion() != 0x00010300 {
		t.Fatalf("MaxSPIRVVersion = %#x, want SPIR-V 1.3", info.MaxSPIRVVersion())
	}
	k, err := c.NewKernel(KernelSpec{Code: spirv(t, "subgroupmax"), Bindings: storage(1)})
	if err != nil {
		t.Fatal(err)
	}
	in := make([]float32, 128)
	for i := range in {
		in[i] = float32((i * 37) % 101)
	}
	b := buffer(t, c, floats(in))
	if _, err := c.Dispatch(k, [3]uint32{2, 1, 1}, []Arg{{Binding: 0, Buffer: b}}); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 4*len(in))
	if err := b.Read(0, got); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		first := i / int(sg.Size) * int(sg.Size)
		want := slices.Max(in[first : first+int(sg.Size)])
		if g := math.Float32frombits(binary.LittleEndian.Uint32(got[4*i:])); g != want {
			t.Fatalf("element %d = %v, want %v, the largest of its subgroup of %d", i, g, want, sg.Size)
		}
	}
}
