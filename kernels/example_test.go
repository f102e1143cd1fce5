package kernels_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/kernels"
)

// The examples run on the reference interpreter, so that they run
// anywhere; kiln.Open("lavapipe") or kiln.Open("") runs them on Vulkan.
func newLib() *kernels.Lib {
	dev, err := kiln.Open(kiln.Reference)
	if err != nil {
		panic(err)
	}
	return kernels.New(dev)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func ExampleLib_Map() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []float32{1, 2, 3}))
	y := must(kiln.Upload(lib.Device(), []float32{10, 20, 30}))
	out := must(kiln.Alloc[float32](lib.Device(), 3))
	if err := lib.Map("%r = math.fma %a0, %a0, %a1 : f32", out, x, y); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[float32](out)))
	// Output: [11 24 39]
}

func ExampleSum() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []int32{3, -1, 4, 1, -5, 9}))
	fmt.Println(must(kernels.Sum[int32](lib, x)), must(kernels.Min[int32](lib, x)), must(kernels.Max[int32](lib, x)))
	// Output: 11 -5 9
}

func ExampleScan() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []int32{1, 2, 3, 4}))
	out := must(kiln.Alloc[int32](lib.Device(), 4))
	if err := kernels.Scan[int32](lib, out, x, false); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[int32](out)))
	// Output: [0 1 3 6]
}

func ExampleLib_Transpose() {
	lib := newLib()
	m := must(kiln.Upload(lib.Device(), []int32{1, 2, 3, 4, 5, 6}, 2, 3))
	t := must(kiln.Alloc[int32](lib.Device(), 3, 2))
	if err := lib.Transpose(t, m, 2, 3); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[int32](t)))
	// Output: [1 4 2 5 3 6]
}

func ExampleLib_MatMul() {
	lib := newLib()
	a := must(kiln.Upload(lib.Device(), []float32{1, 2, 3, 4}, 2, 2))
	b := must(kiln.Upload(lib.Device(), []float32{5, 6, 7, 8}, 2, 2))
	c := must(kiln.Alloc[float32](lib.Device(), 2, 2))
	if err := lib.MatMul(c, a, b, 2, 2, 2); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[float32](c)))
	// Output: [19 22 43 50]
}

func ExampleLib_Softmax() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []float32{0, 0, 1, 1}, 2, 2))
	out := must(kiln.Alloc[float32](lib.Device(), 2, 2))
	if err := lib.Softmax(out, x, 2, 2); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[float32](out)))
	// Output: [0.5 0.5 0.5 0.5]
}

func ExampleLib_Histogram() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []int32{0, 2, 2, 3, 9, -1, 2}))
	counts := must(kiln.Alloc[int32](lib.Device(), 4))
	if err := lib.Histogram(counts, x); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[int32](counts)))
	// Output: [1 0 3 1]
}

func ExampleSumRows() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []float32{1, 2, 3, 4, 5, 6}, 2, 3))
	out := must(kiln.Alloc[float32](lib.Device(), 2))
	if err := kernels.SumRows[float32](lib, out, x, 2, 3); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[float32](out)))
	// Output: [6 15]
}

func ExampleArgMax() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []float32{3, 9, -1, 9, 2}))
	i, v, err := kernels.ArgMax(lib, x)
	if err != nil {
		panic(err)
	}
	fmt.Println(i, v)
	// Output: 1 9
}

func ExampleSort() {
	lib := newLib()
	x := must(kiln.Upload(lib.Device(), []int32{5, -2, 9, 0, 5, 1}))
	if err := kernels.Sort[int32](lib, x); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[int32](x)))
	// Output: [-2 0 1 5 5 9]
}

func ExampleLib_Conv2D() {
	lib := newLib()
	img := must(kiln.Upload(lib.Device(), []float32{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3))
	f := must(kiln.Upload(lib.Device(), []float32{1, 0, 0, -1}, 2, 2))
	out := must(kiln.Alloc[float32](lib.Device(), 2, 2))
	if err := lib.Conv2D(out, img, f, 3, 3, 2, 2); err != nil {
		panic(err)
	}
	fmt.Println(must(kiln.Read[float32](out)))
	// Output: [-4 -4 -4 -4]
}
