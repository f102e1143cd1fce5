package kernels_test

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln"
)

// The GLSL counterparts (testdata/glsl) of the benchmarked kernels, the
// same algorithms with the same workgroup sizes, compiled by
// glslangValidator and run through Device.Load with a hand-written
// manifest: buffers and scalars bound as storage blocks, as Kiln binds
// them.

// glsl compiles testdata/glsl/NAME.comp and loads it on dev with one
// kernel taking buffers f32 buffers and then scalars u32 scalars.
func glsl(b *testing.B, dev *kiln.Device, name string, ws [3]uint32, buffers, scalars int) *kiln.Program {
	bin, err := exec.LookPath("glslangValidator")
	if err != nil {
		b.Skip("glslangValidator not found")
	}
	out := filepath.Join(b.TempDir(), name+".spv")
	if msg, err := exec.Command(bin, "-V", "--target-env", "vulkan1.1", "-o", out, filepath.Join("testdata", "glsl", name+".comp")).CombinedOutput(); err != nil {
		b.Fatalf("glslangValidator: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		b.Fatal(err)
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	k := kiln.Kernel{Name: name, Entry: "main", WorkgroupSize: ws}
	for i := range buffers + scalars {
		bd := kiln.Binding{Binding: uint32(i), StorageClass: "StorageBuffer", Type: "memref<?xf32>", Elem: "f32", Shape: []int64{-1}}
		if i >= buffers {
			bd = kiln.Binding{Binding: uint32(i), StorageClass: "StorageBuffer", Type: "i32", Elem: "i32", Size: 4}
		}
		k.Args = append(k.Args, bd)
	}
	p, err := dev.Load(&kiln.Program{Modules: []*kiln.Module{{Name: name, Env: "vulkan1.1", Words: words, Kernels: []kiln.Kernel{k}}}})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func BenchmarkGLSLMap(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	p := glsl(b, dev, "map", [3]uint32{256, 1, 1}, 2, 1)
	x, out := benchBuf(b, dev, benchN), benchBuf(b, dev, benchN)
	groups := min(benchN/256, int(dev.Limits.MaxWorkgroupCount[0]))
	run := func() {
		if err := p.Launch("map", kiln.Grid{groups, 1, 1}, x, out, benchN); err != nil {
			b.Fatal(err)
		}
	}
	run()
	for b.Loop() {
		run()
	}
	gbps(b, 8*benchN)
}

func BenchmarkGLSLSum(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	p := glsl(b, dev, "sum", [3]uint32{256, 1, 1}, 2, 1)
	x := benchBuf(b, dev, benchN)
	// The passes of kernels.Sum: at most 256 partial sums each, until one.
	run := func() {
		in, n := x, benchN
		for {
			g := min((n+255)/256, 256)
			out, err := kiln.Alloc[float32](dev, int64(g))
			if err != nil {
				b.Fatal(err)
			}
			if err := p.Launch("sum", kiln.Grid{g, 1, 1}, in, out, n); err != nil {
				b.Fatal(err)
			}
			if in != x {
				in.Free()
			}
			if g == 1 {
				if _, err := kiln.Read[float32](out); err != nil {
					b.Fatal(err)
				}
				out.Free()
				return
			}
			in, n = out, g
		}
	}
	run()
	for b.Loop() {
		run()
	}
	gbps(b, 4*benchN)
}

// BenchmarkGLSLMatMul runs the GLSL twin of the kernel kernels.MatMul
// picks for the device: register-blocked on a CPU driver, else tiled.
func BenchmarkGLSLMatMul(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	const n = 1024
	name, ws, grid := "matmul", [3]uint32{16, 16, 1}, kiln.Grid{n / 64, n / 64, 1}
	if dev.Type == "cpu" {
		name, ws, grid = "matmul_regs", [3]uint32{32, 1, 1}, kiln.Grid{n / 128, n / 16, 1}
	}
	p := glsl(b, dev, name, ws, 3, 3)
	x, y, z, w := benchBuf(b, dev, n*n), benchBuf(b, dev, n*n), benchBuf(b, dev, n*n), benchBuf(b, dev, n*n)
	run := func() {
		if err := p.Launch(name, grid, x, y, z, n, n, n); err != nil {
			b.Fatal(err)
		}
	}
	// The inputs are small integers: both products are exact, and equal.
	run()
	if err := lib.MatMul(w, x, y, n, n, n); err != nil {
		b.Fatal(err)
	}
	got, _ := kiln.Read[float32](z)
	want, _ := kiln.Read[float32](w)
	if !slices.Equal(got, want) {
		b.Fatal("the GLSL and Kiln products differ")
	}
	for b.Loop() {
		run()
	}
	b.ReportMetric(2*n*n*n*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
