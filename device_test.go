package kiln_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
)

// devices runs f on the Vulkan device ($KILN_DEVICE, else the best) and on
// the reference interpreter. Without a Vulkan device it skips that run,
// except under CI=true.
func devices(t *testing.T, f func(t *testing.T, dev *kiln.Device)) {
	for _, name := range []string{"", kiln.Reference} {
		label := name
		if label == "" {
			label = "vulkan"
		}
		t.Run(label, func(t *testing.T) {
			dev, err := kiln.Open(name)
			if err != nil {
				if os.Getenv("CI") == "true" {
					t.Fatalf("no device (CI=true: device tests must run): %v", err)
				}
				t.Skipf("no device: %v", err)
			}
			defer dev.Close()
			t.Logf("device %s", dev.Name)
			f(t, dev)
		})
	}
}

// copyKernel copies n elements of type T and adds one (an integer add, or
// a float one), to check each element type's bytes both ways.
func copyKernel(typ string) string {
	add := "arith.addi"
	if typ[0] == 'f' {
		add = "arith.addf"
	}
	one := "1"
	if typ[0] == 'f' {
		one = "1.0"
	}
	return `gpu.module @k {
  gpu.func @inc(%x: memref<?x` + typ + `>, %y: memref<?x` + typ + `>, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %one = arith.constant ` + one + ` : ` + typ + `
      %v = memref.load %x[%i] : memref<?x` + typ + `>
      %w = ` + add + ` %v, %one : ` + typ + `
      memref.store %w, %y[%i] : memref<?x` + typ + `>
    }
    gpu.return
  }
}`
}

// notKernel negates i1 elements, which the device stores as bytes (or
// packed into words without 8-bit storage).
const notKernel = `gpu.module @k {
  gpu.func @not(%x: memref<?xi1>, %y: memref<?xi1>, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
    %i = gpu.global_id x
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %t = arith.constant true
      %v = memref.load %x[%i] : memref<?xi1>
      %w = arith.xori %v, %t : i1
      memref.store %w, %y[%i] : memref<?xi1>
    }
    gpu.return
  }
}`

// incAll uploads data, runs copyKernel over it and returns what came back.
func incAll[T kiln.Number](t *testing.T, dev *kiln.Device, typ string, data []T) []T {
	t.Helper()
	prog, err := dev.Compile(copyKernel(typ))
	if err != nil {
		t.Fatal(err)
	}
	x, err := kiln.Upload(dev, data)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Free()
	y, err := kiln.Alloc[T](dev, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	defer y.Free()
	if err := prog.Launch("k::inc", kiln.Grid{(len(data) + 15) / 16, 1, 1}, x, y, len(data)); err != nil {
		t.Fatal(err)
	}
	out, err := kiln.Read[T](y)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScalarArguments launches a kernel with many scalar values, each
// twice and interleaved, past the number of values whose buffers the
// device keeps for later launches (256): each launch must see its own.
func TestScalarArguments(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		prog, err := dev.Compile(`gpu.module @k {
  gpu.func @put(%y: memref<?xi32>, %v: i32, %w: f32) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %wi = arith.fptosi %w : f32 to i32
    %s = arith.addi %v, %wi : i32
    memref.store %s, %y[%c0] : memref<?xi32>
    gpu.return
  }
}`)
		if err != nil {
			t.Fatal(err)
		}
		y, err := kiln.Alloc[int32](dev, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer y.Free()
		for round := range 2 {
			for v := range 300 {
				if err := prog.Launch("put", kiln.Grid{1, 1, 1}, y, v, -2*v+round); err != nil {
					t.Fatal(err)
				}
				got, err := kiln.Read[int32](y)
				if err != nil {
					t.Fatal(err)
				}
				if want := int32(-v + round); got[0] != want {
					t.Fatalf("round %d, v = %d: got %d, want %d", round, v, got[0], want)
				}
			}
		}
	})
}

// TestElementTypes runs every buffer element type through a kernel, with
// lengths that are not multiples of the workgroup size or of 4 bytes (8-
// and 16-bit elements are packed into 32-bit words where the device lacks
// 8- and 16-bit storage).
func TestElementTypes(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		check := func(typ string, got, want any) {
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: got %v, want %v", typ, got, want)
			}
		}
		check("i8", incAll(t, dev, "i8", []int8{-128, -1, 0, 126, 5}), []int8{-127, 0, 1, 127, 6})
		check("ui8", incAll(t, dev, "i8", []uint8{255, 0, 7}), []uint8{0, 1, 8})
		check("i16", incAll(t, dev, "i16", []int16{-32768, -1, 300}), []int16{-32767, 0, 301})
		check("i32", incAll(t, dev, "i32", []int32{-1, 1 << 30, 0, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}),
			[]int32{0, 1<<30 + 1, 1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23})
		check("f32", incAll(t, dev, "f32", []float32{-1.5, 0.25}), []float32{-0.5, 1.25})
		prog, err := dev.Compile(notKernel)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := kiln.Upload(dev, []kiln.Bool{1, 0, 0, 1, 1})
		y, _ := kiln.Alloc[kiln.Bool](dev, 5)
		if err := prog.Launch("not", kiln.Grid{1, 1, 1}, x, y, 5); err != nil {
			t.Fatal(err)
		}
		got, _ := kiln.Read[kiln.Bool](y)
		check("i1", got, []kiln.Bool{0, 1, 1, 0, 0})
		check("single", incAll(t, dev, "i32", []uint32{41}), []uint32{42})
		check("empty", incAll(t, dev, "f32", []float32{}), []float32{})
		if dev.Name == kiln.Reference || strings.Contains(dev.Name, "llvmpipe") {
			// f16 needs Float16 and 16-bit storage, 64-bit types
			// Int64/Float64: SwiftShader has none of them.
			half := []kiln.Float16{kiln.F16(-2.5), kiln.F16(0.25), kiln.F16(1000)}
			check("f16", incAll(t, dev, "f16", half), []kiln.Float16{kiln.F16(-1.5), kiln.F16(1.25), kiln.F16(1001)})
			check("i64", incAll(t, dev, "i64", []int64{-1, 1 << 40}), []int64{0, 1<<40 + 1})
			check("f64", incAll(t, dev, "f64", []float64{0.5}), []float64{1.5})
		} else if _, err := dev.Compile(copyKernel("f16")); err != nil && !strings.Contains(err.Error(), "needs capability Float16") {
			t.Errorf("f16 without Float16: %v", err)
		}
	})
}

// TestLaunchErrors checks that wrong launches are located errors that
// name the problem, and that nothing panics.
func TestLaunchErrors(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		prog, err := dev.Compile(copyKernel("f32"))
		if err != nil {
			t.Fatal(err)
		}
		f4, _ := kiln.Upload(dev, []float32{1, 2, 3, 4})
		i4, _ := kiln.Upload(dev, []int32{1, 2, 3, 4})
		m22, _ := kiln.Upload(dev, []float32{1, 2, 3, 4}, 2, 2)
		var nilBuf *kiln.Buffer
		for _, c := range []struct {
			name string
			args []any
			grid kiln.Grid
			want string
		}{
			{"nokernel", []any{f4, f4, 4}, kiln.Grid{1, 1, 1}, "no kernel named 'nokernel' (kernels: k::inc)"},
			{"inc", []any{f4, f4}, kiln.Grid{1, 1, 1}, "takes 3 arguments, got 2"},
			{"inc", []any{f4, i4, 4}, kiln.Grid{1, 1, 1}, "argument 1 of kernel 'inc' is a buffer of i32 with shape [4], want memref<?xf32>"},
			{"inc", []any{m22, f4, 4}, kiln.Grid{1, 1, 1}, "argument 0 of kernel 'inc' is a buffer of f32 with shape [2 2]"},
			{"inc", []any{f4, f4, f4}, kiln.Grid{1, 1, 1}, "must be a scalar of type index, got a buffer"},
			{"inc", []any{4, f4, 4}, kiln.Grid{1, 1, 1}, "must be a buffer for memref<?xf32>, got int"},
			{"inc", []any{f4, f4, 1.5}, kiln.Grid{1, 1, 1}, "is of type index, got the float 1.5"},
			{"inc", []any{f4, f4, "4"}, kiln.Grid{1, 1, 1}, "must be a number of type index, got string"},
			{"inc", []any{nilBuf, f4, 4}, kiln.Grid{1, 1, 1}, "argument 0 of kernel 'inc' is a nil buffer"},
			{"inc", []any{f4, f4, 4}, kiln.Grid{-1, 1, 1}, "grid size -1 in dimension 0"},
		} {
			err := prog.Launch(c.name, c.grid, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "input.mlir:") {
				t.Errorf("Launch(%s, %v): got %v, want a located error containing %q", c.name, c.args, err, c.want)
			}
		}
		// Free releases the pipelines; the next launch makes them again.
		prog.Free()
		if err := prog.Launch("inc", kiln.Grid{1, 1, 1}, f4, f4, 4); err != nil {
			t.Errorf("launch after Free: %v", err)
		}
		// An empty grid runs nothing.
		if err := prog.Launch("inc", kiln.Grid{0, 1, 1}, f4, f4, 4); err != nil {
			t.Errorf("empty grid: %v", err)
		}
		if _, err := kiln.Read[int32](f4); err == nil || !strings.Contains(err.Error(), "holds f32, not i32") {
			t.Errorf("Read[int32] of f32: %v", err)
		}
		if _, err := kiln.Upload(dev, []float32{1, 2, 3}, 2, 2); err == nil {
			t.Error("Upload of 3 elements as 2x2: no error")
		}
		if _, err := m22.Reshape(3); err == nil {
			t.Error("Reshape of 4 elements to 3: no error")
		}
	})
}

// TestStorageBufferRange asks for buffers larger than the device's
// maxStorageBufferRange: a clear error, and nothing allocated.
func TestStorageBufferRange(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		n := int64(dev.Limits.MaxStorageBufferRange)
		_, err := kiln.Alloc[int8](dev, n+1)
		if err == nil || !strings.Contains(err.Error(), "more than the device's maxStorageBufferRange") {
			t.Errorf("Alloc of %d bytes: %v", n+1, err)
		}
		_, err = kiln.Alloc[float32](dev, 2, n/8+1)
		if err == nil || !strings.Contains(err.Error(), "more than the device's maxStorageBufferRange") {
			t.Errorf("Alloc of 2x%d floats: %v", n/8+1, err)
		}
	})
}

// TestConcurrentCompiles compiles on many goroutines at once (run it with
// -race).
func TestConcurrentCompiles(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		typ := []string{"f32", "i32"}[i%2]
		wg.Go(func() {
			p, err := kiln.Compile(copyKernel(typ), kiln.Options{})
			if err == nil && len(p.Modules[0].Words) == 0 {
				t.Error("no words")
			}
			errs <- err
		})
	}
	// One Compiler shared, one module compiled by all: one compile.
	mod, err := ir.Parse(kiln.NewContext(), copyKernel("f32"), "k.mlir")
	if err != nil {
		t.Fatal(err)
	}
	gm := ir.ModuleBody(mod).First()
	c := &kiln.Compiler{Passes: kiln.Passes()}
	mods := make([]*kiln.Module, 8)
	for i := range mods {
		wg.Go(func() {
			m, err := c.Compile(gm, nil)
			mods[i] = m
			errs <- err
		})
	}
	wg.Wait()
	for _, m := range mods {
		if m != mods[0] {
			t.Error("a shared Compiler compiled one module twice")
		}
	}
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestManifestRoundTrip writes a compiled program and reads it back.
func TestManifestRoundTrip(t *testing.T) {
	p, err := kiln.Compile(copyKernel("f32"), kiln.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	back, err := kiln.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, b := p.Modules[0], back.Modules[0]
	if b.File != "k.spv" || b.Env != m.Env || !reflect.DeepEqual(b.Words, m.Words) || !reflect.DeepEqual(b.Kernels, m.Kernels) {
		t.Errorf("read back %+v, wrote %+v", b, m)
	}
	k := b.Kernel("inc")
	if k == nil || k.WorkgroupSize != [3]uint32{16, 1, 1} || len(k.Args) != 3 ||
		k.Args[0].Elem != "f32" || !reflect.DeepEqual(k.Args[0].Shape, []int64{-1}) || k.Args[2].Elem != "index" || k.Args[2].Shape != nil {
		t.Errorf("kernel %+v", k)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"modules": [{"module": "k"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := kiln.ReadDir(dir); err == nil || !strings.Contains(err.Error(), "without its .spv file") {
		t.Errorf("manifest without file: %v", err)
	}
}

// TestCompileErrors: bad input is a located diagnostic.
func TestCompileErrors(t *testing.T) {
	for src, want := range map[string]string{
		"gpu.module @k {":           "input.mlir:1:",
		"func.func @f() { return }": "no gpu.module to compile",
	} {
		if _, err := kiln.Compile(src, kiln.Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Compile(%q): %v, want %q", src, err, want)
		}
	}
	if _, err := kiln.Compile(copyKernel("f32"), kiln.Options{SkipValidation: true}); err != nil {
		t.Errorf("compile without spirv-val: %v", err)
	}
}

// TestAllocZeroed: Alloc's buffers read as zeros, even where the device
// memory held data before (Vulkan memory starts undefined).
func TestAllocZeroed(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		for range 3 {
			ones := make([]int32, 4096)
			for i := range ones {
				ones[i] = -1
			}
			b, err := kiln.Upload(dev, ones)
			if err != nil {
				t.Fatal(err)
			}
			b.Free()
			z, err := kiln.Alloc[int32](dev, 4096)
			if err != nil {
				t.Fatal(err)
			}
			got, err := kiln.Read[int32](z)
			z.Free()
			if err != nil {
				t.Fatal(err)
			}
			if slices.ContainsFunc(got, func(v int32) bool { return v != 0 }) {
				t.Fatal("Alloc returned a buffer that is not zeroed")
			}
		}
	})
}

// TestLoad runs a program written by WriteDir and read back by ReadDir,
// which has only SPIR-V and its manifest.
func TestLoad(t *testing.T) {
	p, err := kiln.Compile(copyKernel("f32"), kiln.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := p.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	back, err := kiln.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	devices(t, func(t *testing.T, dev *kiln.Device) {
		prog, err := dev.Load(back)
		if dev.Name == kiln.Reference {
			if err == nil || !strings.Contains(err.Error(), "has only SPIR-V") {
				t.Errorf("reference Load: %v", err)
			}
			// A program with its MLIR loads on any device.
			if prog, err = dev.Load(p); err != nil {
				t.Fatal(err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
		x, _ := kiln.Upload(dev, []float32{1, 2, 3})
		y, _ := kiln.Alloc[float32](dev, 3)
		if err := prog.Launch("inc", kiln.Grid{1, 1, 1}, x, y, 3); err != nil {
			t.Fatal(err)
		}
		if got, _ := kiln.Read[float32](y); !slices.Equal(got, []float32{2, 3, 4}) {
			t.Errorf("got %v", got)
		}
		if dev.Name != kiln.Reference {
			err := prog.Launch("inc", kiln.Grid{1, 1, 1}, x, y)
			if err == nil || err.Error() != "kiln: kernel 'inc' takes 3 arguments, got 2" {
				t.Errorf("loaded program's error: %v", err)
			}
			bad := *back.Modules[0]
			bad.Words = bad.Words[:len(bad.Words)-1]
			if _, err := dev.Load(&kiln.Program{Modules: []*kiln.Module{&bad}}); err == nil || !strings.Contains(err.Error(), "module 'k'") {
				t.Errorf("Load of truncated words: %v", err)
			}
		}
	})
	if err := p.Launch("inc", kiln.Grid{1, 1, 1}); err == nil {
		t.Error("Launch of a program bound to no device: no error")
	}
}
