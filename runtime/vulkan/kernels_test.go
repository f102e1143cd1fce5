package vulkan

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The kernels under testdata, run on the device under test against Go
// references, in each transfer mode: mapped memory, forced staging, and mapped
// memory treated as not host-coherent (flush and invalidate on every access).
var modes = []struct {
	name string
	cfg  DeviceConfig
}{
	{"mapped", DeviceConfig{}},
	{"staged", DeviceConfig{ForceStaging: true}},
	{"noncoherent", DeviceConfig{forceNonCoherent: true}},
}

func TestAdd(t *testing.T) {
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) {
			d := testDevice(t, mode.cfg)
			k := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
			const n = 1000 // not a multiple of the workgroup size: the bounds check matters
			a, b := make([]float32, n), make([]float32, n)
			for i := range a {
				a[i], b[i] = float32(i)*0.5, float32(n-i)*0.25
			}
			ba, bb, bc := upload(t, d, a), upload(t, d, b), upload(t, d, make([]float32, n))
			elapsed, err := d.Dispatch(k, [3]uint32{(n + 63) / 64, 1, 1}, args(ba, bb, bc), nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.Info().Timestamps && elapsed <= 0 {
				t.Errorf("device time %v, want > 0", elapsed)
			}
			got := download[float32](t, bc, n)
			for i := range got {
				if want := a[i] + b[i]; got[i] != want {
					t.Fatalf("c[%d] = %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

func TestTransposePushConstantsAndUniform(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{
		Code:          spirv(t, "transpose"),
		Bindings:      []Binding{{0, 0, StorageBuffer}, {0, 1, StorageBuffer}, {1, 0, Uniform}},
		PushConstants: 8,
		WorkgroupSize: [3]uint32{8, 8, 1},
	})
	const rows, cols, alpha = 37, 21, 1.5
	src := make([]float32, rows*cols)
	for i := range src {
		src[i] = float32(i)
	}
	in, out, params := upload(t, d, src), upload(t, d, make([]float32, rows*cols)), upload(t, d, []float32{alpha})
	push := encode([]uint32{rows, cols})
	_, err := d.Dispatch(k, [3]uint32{(cols + 7) / 8, (rows + 7) / 8, 1},
		[]Arg{{Set: 0, Binding: 0, Buffer: in}, {Set: 0, Binding: 1, Buffer: out}, {Set: 1, Binding: 0, Buffer: params}}, push)
	if err != nil {
		t.Fatal(err)
	}
	got := download[float32](t, out, rows*cols)
	for r := range rows {
		for c := range cols {
			if want := alpha * src[r*cols+c]; got[c*rows+r] != want {
				t.Fatalf("out[%d][%d] = %v, want %v", c, r, got[c*rows+r], want)
			}
		}
	}
}

func TestSpecializationConstants(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	code := spirv(t, "spec")
	for _, size := range [][2]uint32{{64, 1}, {16, 4}, {1, 1}} {
		k := newKernel(t, d, KernelSpec{
			Code:          code,
			Bindings:      storage(2),
			SpecConstants: []SpecConstant{{0, uint64(size[0])}, {1, uint64(size[1])}, {2, uint64(uint32(0xfffffffd))}}, // factor -3
		})
		if got, want := k.WorkgroupSize(), [3]uint32{size[0], size[1], 1}; got != want {
			t.Errorf("WorkgroupSize = %v, want %v", got, want)
		}
		const n = 4096
		src := make([]int32, n)
		for i := range src {
			src[i] = int32(i) - 100
		}
		in, out := upload(t, d, src), upload(t, d, make([]int32, n))
		groups := [3]uint32{n / size[0] / size[1], 1, 1}
		if _, err := d.Dispatch(k, groups, args(in, out), nil); err != nil {
			t.Fatal(err)
		}
		got := download[int32](t, out, n)
		for i := range got {
			if want := src[i]*-3 + int32(size[0]*size[1]); got[i] != want {
				t.Fatalf("size %v: out[%d] = %d, want %d", size, i, got[i], want)
			}
		}
		k.Free()
	}
}

func TestSharedMemoryReduction(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "reduce"), Bindings: storage(2)})
	const n, groups = 10000, (10000 + 127) / 128
	src := make([]uint32, n)
	for i := range src {
		src[i] = rand.Uint32() % 1000
	}
	in, out := upload(t, d, src), upload(t, d, make([]uint32, groups))
	if _, err := d.Dispatch(k, [3]uint32{groups, 1, 1}, args(in, out), nil); err != nil {
		t.Fatal(err)
	}
	if got, want := download[uint32](t, out, groups), groupSums(src, 128); !slices.Equal(got, want) {
		t.Errorf("sums = %v\nwant %v", got, want)
	}
}

func TestAtomicHistogram(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "histogram"), Bindings: storage(2)})
	const n, nbins = 100000, 17
	src := make([]uint32, n)
	want := make([]uint32, nbins)
	for i := range src {
		src[i] = rand.Uint32()
		want[src[i]%nbins]++
	}
	in, bins := upload(t, d, src), upload(t, d, make([]uint32, nbins))
	if _, err := d.Dispatch(k, [3]uint32{(n + 63) / 64, 1, 1}, args(in, bins), nil); err != nil {
		t.Fatal(err)
	}
	if got := download[uint32](t, bins, nbins); !slices.Equal(got, want) {
		t.Errorf("bins = %v, want %v", got, want)
	}
}

func TestSubgroupReduction(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	sg := d.Info().Subgroup
	if !slices.Contains(sg.Operations, "arithmetic") || !slices.Contains(sg.Stages, "compute") {
		t.Skipf("device has no subgroup arithmetic in compute shaders: %+v", sg)
	}
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "subgroup"), Bindings: storage(3)})
	const n, groups = 5000, (5000 + 63) / 64
	src := make([]uint32, n)
	for i := range src {
		src[i] = rand.Uint32() % 100000
	}
	in, out, info := upload(t, d, src), upload(t, d, make([]uint32, groups)), upload(t, d, []uint32{0})
	if _, err := d.Dispatch(k, [3]uint32{groups, 1, 1}, args(in, out, info), nil); err != nil {
		t.Fatal(err)
	}
	if got, want := download[uint32](t, out, groups), groupSums(src, 64); !slices.Equal(got, want) {
		t.Errorf("sums = %v\nwant %v", got, want)
	}
	if got := download[uint32](t, info, 1)[0]; got != sg.Size {
		t.Errorf("gl_SubgroupSize = %d, device reports %d", got, sg.Size)
	}
}

// TestDependentLaunches runs add three times in one submission, each reading
// the previous result, so only the barriers between launches make it right.
func TestDependentLaunches(t *testing.T) {
	d := testDevice(t, DeviceConfig{})
	k := newKernel(t, d, KernelSpec{Code: spirv(t, "add"), Bindings: storage(3)})
	const n = 1 << 16
	ones := make([]float32, n)
	for i := range ones {
		ones[i] = 1
	}
	one, x, y := upload(t, d, ones), upload(t, d, make([]float32, n)), upload(t, d, make([]float32, n))
	g := [3]uint32{n / 64, 1, 1}
	times, err := d.Run(
		Launch{Kernel: k, Groups: g, Args: args(one, one, x)}, // x = 2
		Launch{Kernel: k, Groups: g, Args: args(x, one, y)},   // y = 3
		Launch{Kernel: k, Groups: g, Args: args(y, y, x)},     // x = 6
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(times) != 3 {
		t.Fatalf("got %d times, want 3", len(times))
	}
	for i, v := range download[float32](t, x, n) {
		if v != 6 {
			t.Fatalf("x[%d] = %v, want 6", i, v)
		}
	}
}

// groupSums is the Go reference for reduce and subgroup: the sum of each run of
// size elements.
func groupSums(src []uint32, size int) []uint32 {
	sums := make([]uint32, (len(src)+size-1)/size)
	for i, v := range src {
		sums[i/size] += v
	}
	return sums
}
