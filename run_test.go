package kiln_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
)

// inPlace doubles x in place with a gpu.launch (outlined by Run) and
// returns scalars of several types computed on the host.
const inPlace = `module attributes {gpu.container_module} {
  func.func @main(%x: memref<?xi32>, %n: index, %h: f16) -> (i1, i32, f64, f16, i8) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %n, %g1 = %c1, %g2 = %c1)
        threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
      %v = memref.load %x[%b0] : memref<?xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %x[%b0] : memref<?xi32>
      gpu.terminator
    }
    %c0 = arith.constant 0 : index
    %first = memref.load %x[%c0] : memref<?xi32>
    %neg = arith.constant -7 : i32
    %t = arith.cmpi slt, %first, %neg : i32
    %f = arith.constant 0.25 : f64
    %h2 = arith.addf %h, %h : f16
    %b = arith.constant -3 : i8
    return %t, %first, %f, %h2, %b : i1, i32, f64, f16, i8
  }
}`

func TestRun(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		x, err := kiln.Upload(dev, []float32{1, 2, 3, 4})
		if err != nil {
			t.Fatal(err)
		}
		res, err := dev.Run(hostProgram, "main", x, float32(-2))
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 2 {
			t.Fatalf("%d results, want 2", len(res))
		}
		y, ok := res[0].(*kiln.Buffer)
		if !ok {
			t.Fatalf("result 0 is %T, want a *kiln.Buffer", res[0])
		}
		if got, err := kiln.Read[float32](y); err != nil || !reflect.DeepEqual(got, []float32{-2, -4, -6, -8}) {
			t.Errorf("result 0 = %v (%v), want [-2 -4 -6 -8]", got, err)
		}
		if res[1] != int64(4) {
			t.Errorf("result 1 = %#v, want int64(4)", res[1])
		}

		// The kernel writes the argument: its buffer holds what the
		// program left there.
		xs, _ := kiln.Upload(dev, []int32{-5, 1, 2})
		res, err = dev.Run(inPlace, "main", xs, 3, 1.5)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := kiln.Read[int32](xs); !reflect.DeepEqual(got, []int32{-10, 2, 4}) {
			t.Errorf("argument after the run = %v, want [-10 2 4]", got)
		}
		if want := []any{true, int32(-10), 0.25, kiln.F16(3), int8(-3)}; !reflect.DeepEqual(res, want) {
			t.Errorf("results %#v, want %#v", res, want)
		}
	})
}

// chain launches a kernel adding 1 to each element of %x four times, the
// host reading and writing %x between the second and third, and %y (a
// second buffer) from the first launch only; then a kernel writes a
// temporary the host frees before the last launch.
const chain = `module attributes {gpu.container_module} {
  func.func @main(%x: memref<4xi32>, %y: memref<4xi32>) -> (i32, i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : i32
    gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c4, %g1 = %c1, %g2 = %c1)
        threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
      %one = arith.constant 1 : i32
      %v = memref.load %x[%b0] : memref<4xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %x[%b0] : memref<4xi32>
      %u = memref.load %y[%b0] : memref<4xi32>
      %z = arith.addi %u, %w : i32
      memref.store %z, %y[%b0] : memref<4xi32>
      gpu.terminator
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %h = arith.cmpi eq, %i, %c1 : index
      scf.if %h {
        %v = memref.load %x[%c0] : memref<4xi32>
        %w = arith.muli %v, %c10 : i32
        memref.store %w, %x[%c0] : memref<4xi32>
      }
      gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c4, %g1 = %c1, %g2 = %c1)
          threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
        %one = arith.constant 1 : i32
        %v = memref.load %x[%b0] : memref<4xi32>
        %w = arith.addi %v, %one : i32
        memref.store %w, %x[%b0] : memref<4xi32>
        gpu.terminator
      }
    }
    // A temporary the kernel writes, freed before the next launch.
    %tmp = memref.alloc() : memref<4xi32>
    gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c4, %g1 = %c1, %g2 = %c1)
        threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
      %v = memref.load %x[%b0] : memref<4xi32>
      memref.store %v, %tmp[%b0] : memref<4xi32>
      gpu.terminator
    }
    memref.dealloc %tmp : memref<4xi32>
    gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c4, %g1 = %c1, %g2 = %c1)
        threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
      %v = memref.load %y[%b0] : memref<4xi32>
      memref.store %v, %y[%b0] : memref<4xi32>
      gpu.terminator
    }
    %c3 = arith.constant 3 : index
    %last = memref.load %x[%c3] : memref<4xi32>
    %ylast = memref.load %y[%c3] : memref<4xi32>
    return %last, %ylast : i32, i32
  }
}`

// TestRunChain checks that the device buffers Run keeps between launches
// see the host's writes and the host sees the kernels' (the buffers move
// only when the other side changed them).
func TestRunChain(t *testing.T) {
	devices(t, func(t *testing.T, dev *kiln.Device) {
		x, _ := kiln.Upload(dev, []int32{1, 2, 3, 4})
		y, _ := kiln.Upload(dev, []int32{10, 20, 30, 40})
		res, err := dev.Run(chain, "main", x, y)
		if err != nil {
			t.Fatal(err)
		}
		// [2 3 4 5], then one launch: [3 4 5 6], the host: [30 4 5 6],
		// three launches: [33 7 8 9]; y gets the first launch's x.
		if got, _ := kiln.Read[int32](x); !reflect.DeepEqual(got, []int32{33, 7, 8, 9}) {
			t.Errorf("x = %v, want [33 7 8 9]", got)
		}
		if got, _ := kiln.Read[int32](y); !reflect.DeepEqual(got, []int32{12, 23, 34, 45}) {
			t.Errorf("y = %v, want [12 23 34 45]", got)
		}
		if want := []any{int32(9), int32(45)}; !reflect.DeepEqual(res, want) {
			t.Errorf("results %#v, want %#v", res, want)
		}
	})
}

func TestRunErrors(t *testing.T) {
	dev, err := kiln.Open(kiln.Reference)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	other, _ := kiln.Open(kiln.Reference)
	defer other.Close()
	f32, _ := kiln.Upload(dev, []float32{1, 2, 3, 4})
	i32, _ := kiln.Upload(dev, []int32{1, 2, 3, 4})
	short, _ := kiln.Upload(dev, []float32{1, 2, 3})
	elsewhere, _ := kiln.Upload(other, []float32{1, 2, 3, 4})
	for _, c := range []struct {
		entry string
		args  []any
		want  string
	}{
		{"nope", nil, "input.mlir:1:1: error: 'builtin.module' op no function named 'nope' with a body to run"},
		{"main", []any{f32}, "error: 'func.func' op 'main' takes 2 arguments, got 1"},
		{"main", []any{f32, f32}, "argument 1 of function 'main' must be a number of type f32"},
		{"main", []any{2.5, 2.5}, "argument 0 of function 'main' must be a buffer for memref<4xf32>, got float64"},
		{"main", []any{i32, 2.5}, "argument 0 of function 'main' is a buffer of i32 with shape [4], want memref<4xf32>"},
		{"main", []any{short, 2.5}, "argument 0 of function 'main' has shape [3], want memref<4xf32>"},
		{"main", []any{elsewhere, 2.5}, "argument 0 of function 'main' is a buffer of another device"},
	} {
		_, err := dev.Run(hostProgram, c.entry, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s%v: error %v, want one containing %q", c.entry, c.args, err, c.want)
		}
	}
}
