package kernels_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/kernels"
)

// The GLSL counterparts (testdata/glsl) of the benchmarked kernels, the
// same algorithms with the same workgroup sizes, compiled by
// glslangValidator and run through Device.Load with a hand-written
// manifest: buffers and scalars bound as storage blocks, as Kiln binds
// them.

// glsl compiles testdata/glsl/NAME.comp, with the preprocessor
// definitions defs ("ROWS=32"), and loads it on dev with one kernel taking
// buffers f32 buffers and then scalars u32 scalars.
func glsl(b *testing.B, dev *kiln.Device, name string, ws [3]uint32, buffers, scalars int, defs ...string) *kiln.Program {
	bin, err := exec.LookPath("glslangValidator")
	if err != nil {
		b.Skip("glslangValidator not found")
	}
	out := filepath.Join(b.TempDir(), name+".spv")
	args := []string{"-V", "--target-env", "vulkan1.1", "-o", out}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	if msg, err := exec.Command(bin, append(args, filepath.Join("testdata", "glsl", name+".comp"))...).CombinedOutput(); err != nil {
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
	n := scaledN(b, lib.Device())
	x, out := benchBuf(b, dev, n), benchBuf(b, dev, n)
	groups := min(n/256, int(dev.Limits.MaxWorkgroupCount[0]))
	loop(b, "GB/s", 8*float64(n), func() {
		if err := p.Launch("map", kiln.Grid{groups, 1, 1}, x, out, n); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkGLSLSum(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	p := glsl(b, dev, "sum", [3]uint32{256, 1, 1}, 2, 1)
	total := scaledN(b, lib.Device())
	x := benchBuf(b, dev, total)
	// The passes of kernels.Sum: at most as many partial sums each, until one.
	partials := kernels.ReducePartials(lib, 256)
	sum := func() float32 {
		in, n := x, total
		for {
			g := min(((n+3)/4+255)/256, partials)
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
				v, err := kiln.Read[float32](out)
				if err != nil {
					b.Fatal(err)
				}
				out.Free()
				return v[0]
			}
			in, n = out, g
		}
	}
	// The inputs are small integers: both sums are exact, and equal.
	want, err := kernels.Sum[float32](lib, x)
	if err != nil {
		b.Fatal(err)
	}
	if got := sum(); got != want {
		b.Fatalf("the GLSL and Kiln sums differ: %v, %v", got, want)
	}
	loop(b, "GB/s", 4*float64(total), func() { sum() })
}

// BenchmarkGLSLMatMul runs the GLSL twin of the kernel kernels.MatMul
// picks for the device: register-blocked on a CPU driver (with as many
// rows a thread), else tiled.
func BenchmarkGLSLMatMul(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	n := matmulN(b) // a multiple of 128: the grids below cover it
	name, ws, grid, defs := "matmul", [3]uint32{16, 16, 1}, kiln.Grid{n / 64, n / 64, 1}, []string(nil)
	if dev.Type == "cpu" {
		rows := int(kernels.MatMulRows(lib))
		name, ws, grid, defs = "matmul_regs", [3]uint32{32, 1, 1}, kiln.Grid{n / 128, n / rows, 1}, []string{fmt.Sprintf("ROWS=%d", rows)}
	}
	p := glsl(b, dev, name, ws, 3, 3, defs...)
	x, y, z, w := benchBuf(b, dev, n*n), benchBuf(b, dev, n*n), benchBuf(b, dev, n*n), benchBuf(b, dev, n*n)
	run := func() {
		if err := p.Launch(name, grid, x, y, z, n, n, n); err != nil {
			b.Fatal(err)
		}
	}
	// The inputs are small integers: both products are exact, and equal.
	run()
	if err := lib.MatMul(w, x, y, int64(n), int64(n), int64(n)); err != nil {
		b.Fatal(err)
	}
	got, _ := kiln.Read[float32](z)
	want, _ := kiln.Read[float32](w)
	if !slices.Equal(got, want) {
		b.Fatal("the GLSL and Kiln products differ")
	}
	loop(b, "GFLOP/s", matmulFlops(n), run)
}
