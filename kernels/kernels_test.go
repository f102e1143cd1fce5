package kernels_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/kernels"
)

// forDevices runs f on the Vulkan device ($KILN_DEVICE, else the best;
// ci/test-vulkan.sh selects lavapipe and SwiftShader in turn) and on the
// reference interpreter, with the sizes each is tested at (the simulation
// is slow).
func forDevices(t *testing.T, f func(t *testing.T, lib *kernels.Lib, big bool)) {
	for _, name := range []string{"", kiln.Reference} {
		label := name
		if label == "" {
			label = "vulkan"
		}
		t.Run(label, func(t *testing.T) {
			dev, err := kiln.Open(name)
			if err != nil {
				t.Skipf("no device: %v", err)
			}
			defer dev.Close()
			t.Logf("device %s", dev.Name)
			f(t, kernels.New(dev), name != kiln.Reference)
		})
	}
}

// sizes are the lengths tested: empty, one element, below, at and past a
// workgroup, and (big) past many workgroups with a tail.
func sizes(lib *kernels.Lib, big bool) []int {
	wg := int(min(256, lib.Device().Limits.MaxWorkgroupInvocations))
	out := []int{0, 1, 7, wg, wg + 1, 3*wg + 5}
	if big {
		out = append(out, 1<<16+3, 1<<20+17)
	}
	return out
}

func upload[T kiln.Number](t *testing.T, dev *kiln.Device, data []T, shape ...int64) *kiln.Buffer {
	t.Helper()
	b, err := kiln.Upload(dev, data, shape...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Free)
	return b
}

func alloc[T kiln.Number](t *testing.T, dev *kiln.Device, shape ...int64) *kiln.Buffer {
	t.Helper()
	b, err := kiln.Alloc[T](dev, shape...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Free)
	return b
}

func read[T kiln.Number](t *testing.T, b *kiln.Buffer) []T {
	t.Helper()
	out, err := kiln.Read[T](b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func randFloats(n int, r *rand.Rand) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = r.Float32()*2 - 1
	}
	return out
}

func TestMap(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, n := range sizes(lib, big) {
			a, b := randFloats(n, r), randFloats(n, r)
			out := alloc[float32](t, lib.Device(), int64(n))
			err := lib.Map("%m = arith.mulf %a0, %a1 : f32\n%r = math.fma %m, %a0, %a1 : f32", out,
				upload(t, lib.Device(), a), upload(t, lib.Device(), b))
			if err != nil {
				t.Fatal(err)
			}
			got := read[float32](t, out)
			for i := range n {
				// fma rounds once; the reference rounds the product too.
				if want := a[i]*b[i]*a[i] + b[i]; math.Abs(float64(got[i]-want)) > 1e-6 {
					t.Fatalf("n=%d: out[%d] = %v, want %v", n, i, got[i], want)
				}
			}
		}
		// Mixed types: i32 inputs, an f32 output.
		ints := []int32{-3, 0, 5, 1 << 20}
		out := alloc[float32](t, lib.Device(), 2, 2)
		if err := lib.Map("%r = arith.sitofp %a0 : i32 to f32", out, upload(t, lib.Device(), ints)); err != nil {
			t.Fatal(err)
		}
		if got := read[float32](t, out); got[0] != -3 || got[3] != 1<<20 {
			t.Errorf("sitofp: %v", got)
		}
		// A bad body is a located error quoting the generated kernel.
		err := lib.Map("%r = arith.addf %a0, %nope : f32", out, upload(t, lib.Device(), []float32{1, 2, 3, 4}))
		if err == nil || !strings.Contains(err.Error(), "%nope") || !strings.Contains(err.Error(), ".mlir:") {
			t.Errorf("bad body: %v", err)
		}
	})
}

// reducePartials are the limits on partial results a pass that the
// whole-buffer reductions are tested with: the device's own and, with big
// sizes, a GPU's (three passes) on any device.
func reducePartials(lib *kernels.Lib, big bool) []int {
	wg := int64(min(256, lib.Device().Limits.MaxWorkgroupInvocations))
	out := []int{0}
	if gpu := int(wg * wg); big && kernels.ReducePartials(lib, wg) != gpu {
		out = append(out, gpu)
	}
	return out
}

func TestReductions(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, partials := range reducePartials(lib, big) {
			kernels.SetReducePartials(lib, partials)
			for _, n := range sizes(lib, big) {
				x := randFloats(n, r)
				buf := upload(t, lib.Device(), x)
				sum, err := kernels.Sum[float32](lib, buf)
				if err != nil {
					t.Fatal(err)
				}
				var want float64
				lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
				for _, v := range x {
					want += float64(v)
					lo, hi = min(lo, v), max(hi, v)
				}
				// Tree summation of n values in [-1, 1]: error within n ulps of 1.
				if tol := 1e-7 * float64(n+1); math.Abs(float64(sum)-want) > tol {
					t.Errorf("partials %d, n=%d: Sum = %v, want %v (tolerance %g)", partials, n, sum, want, tol)
				}
				gotLo, err := kernels.Min[float32](lib, buf)
				if err != nil {
					t.Fatal(err)
				}
				gotHi, err := kernels.Max[float32](lib, buf)
				if err != nil {
					t.Fatal(err)
				}
				if gotLo != lo || gotHi != hi {
					t.Errorf("partials %d, n=%d: Min, Max = %v, %v, want %v, %v", partials, n, gotLo, gotHi, lo, hi)
				}
				ints := make([]int32, n)
				var isum int32
				ilo, ihi := int32(math.MaxInt32), int32(math.MinInt32)
				for i := range ints {
					ints[i] = r.Int32N(2001) - 1000
					isum += ints[i]
					ilo, ihi = min(ilo, ints[i]), max(ihi, ints[i])
				}
				ib := upload(t, lib.Device(), ints)
				s, err1 := kernels.Sum[int32](lib, ib)
				a, err2 := kernels.Min[int32](lib, ib)
				b, err3 := kernels.Max[int32](lib, ib)
				if err1 != nil || err2 != nil || err3 != nil {
					t.Fatal(err1, err2, err3)
				}
				if s != isum || a != ilo || b != ihi {
					t.Errorf("partials %d, n=%d: int32 Sum, Min, Max = %d, %d, %d, want %d, %d, %d", partials, n, s, a, b, isum, ilo, ihi)
				}
			}
		}
		kernels.SetReducePartials(lib, 0)
		if _, err := kernels.Sum[int32](lib, upload(t, lib.Device(), []float32{1})); err == nil {
			t.Error("Sum[int32] of an f32 buffer: no error")
		}
	})
}

func TestTranspose(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		shapes := [][2]int64{{0, 0}, {1, 1}, {1, 5}, {5, 1}, {16, 16}, {17, 33}}
		if big {
			shapes = append(shapes, [2]int64{300, 515})
		}
		for _, s := range shapes {
			rows, cols := s[0], s[1]
			in := make([]int32, rows*cols)
			for i := range in {
				in[i] = int32(i)
			}
			out := alloc[int32](t, lib.Device(), cols, rows)
			if err := lib.Transpose(out, upload(t, lib.Device(), in, rows, cols), rows, cols); err != nil {
				t.Fatal(err)
			}
			got := read[int32](t, out)
			for i := range rows {
				for j := range cols {
					if got[j*rows+i] != in[i*cols+j] {
						t.Fatalf("%dx%d: out[%d][%d] = %d, want %d", rows, cols, j, i, got[j*rows+i], in[i*cols+j])
					}
				}
			}
		}
	})
}

// TestMatMul runs each of MatMul's kernels (the GPU's tiled one and the CPU
// drivers' register-blocked ones, with vector loads of B when n is a
// multiple of 4 and without) on each device, and checks that they give the
// same bits.
func TestMatMul(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		// Both CPU drivers and the interpreter have subgroup shuffles:
		// the register-blocked kernel must use them, not fall back.
		if s := lib.Device().Limits.SubgroupSize; s > 1 {
			if err := kernels.CompileMatMulRegs(lib, int64(s)); err != nil {
				t.Fatal(err)
			}
		}
		r := rand.New(rand.NewPCG(5, 6))
		shapes := [][3]int64{{0, 0, 0}, {1, 1, 1}, {3, 0, 2}, {1, 7, 5}, {9, 17, 33}, {2, 300, 3}, {20, 1, 9}, {17, 40, 70}, {5, 4, 9}, {3, 132, 17}}
		if big {
			shapes = append(shapes, [3]int64{64, 64, 64}, [3]int64{100, 131, 77}, [3]int64{37, 515, 64})
		}
		for _, s := range shapes {
			m, n, k := s[0], s[1], s[2]
			a, b := randFloats(int(m*k), r), randFloats(int(k*n), r)
			var got []float32
			for _, kernel := range []string{"tiled", "tiled8", "regs", "regs-scalar"} {
				kernels.SetMatMulKernel(lib, kernel)
				c := alloc[float32](t, lib.Device(), m, n)
				if err := lib.MatMul(c, upload(t, lib.Device(), a, m, k), upload(t, lib.Device(), b, k, n), m, n, k); err != nil {
					t.Fatal(err)
				}
				out := read[float32](t, c)
				if got != nil && !slices.Equal(got, out) {
					t.Fatalf("%dx%dx%d: kernel %s differs from the tiled one", m, n, k, kernel)
				}
				got = out
			}
			kernels.SetMatMulKernel(lib, "")
			for i := range m {
				for j := range n {
					var want float64
					for l := range k {
						want += float64(a[i*k+l]) * float64(b[l*n+j])
					}
					// k products of values in [-1, 1], each add rounded.
					if tol := 1e-6 * float64(k+1); math.Abs(float64(got[i*n+j])-want) > tol {
						t.Fatalf("%dx%dx%d: c[%d][%d] = %v, want %v", m, n, k, i, j, got[i*n+j], want)
					}
				}
			}
		}
	})
}

func TestScan(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(7, 8))
		wg := int(min(256, lib.Device().Limits.MaxWorkgroupInvocations))
		// Three levels of block sums; 2^20 elements take SwiftShader's
		// barriers half a minute, so the sizes stop below.
		ns := append(sizes(lib, big), wg*wg+wg+3)
		for _, n := range ns {
			if n > 1<<17 {
				continue
			}
			for _, inclusive := range []bool{true, false} {
				ints := make([]int32, n)
				for i := range ints {
					ints[i] = r.Int32N(201) - 100
				}
				out := alloc[int32](t, lib.Device(), int64(n))
				if err := kernels.Scan[int32](lib, out, upload(t, lib.Device(), ints), inclusive); err != nil {
					t.Fatal(err)
				}
				got := read[int32](t, out)
				var acc int32
				for i, v := range ints {
					if inclusive {
						acc += v
					}
					if got[i] != acc {
						t.Fatalf("n=%d inclusive=%v: out[%d] = %d, want %d", n, inclusive, i, got[i], acc)
					}
					if !inclusive {
						acc += v
					}
				}
			}
			x := randFloats(n, r)
			out := alloc[float32](t, lib.Device(), int64(n))
			if err := kernels.Scan[float32](lib, out, upload(t, lib.Device(), x), true); err != nil {
				t.Fatal(err)
			}
			got := read[float32](t, out)
			var acc float64
			for i, v := range x {
				acc += float64(v)
				// Values in [-1, 1]: each prefix within i ulps of 1.
				if math.Abs(float64(got[i])-acc) > 1e-7*float64(i+2) {
					t.Fatalf("n=%d: float out[%d] = %v, want %v", n, i, got[i], acc)
				}
			}
		}
	})
}

func TestSoftmax(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(9, 10))
		shapes := [][2]int64{{0, 0}, {1, 1}, {3, 1}, {1, 7}, {4, 300}}
		if big {
			shapes = append(shapes, [2]int64{70, 1025})
		}
		for _, s := range shapes {
			rows, cols := s[0], s[1]
			x := randFloats(int(rows*cols), r)
			for i := range x {
				x[i] *= 20 // exp would overflow without the max shift
			}
			out := alloc[float32](t, lib.Device(), rows, cols)
			if err := lib.Softmax(out, upload(t, lib.Device(), x, rows, cols), rows, cols); err != nil {
				t.Fatal(err)
			}
			got := read[float32](t, out)
			for i := range rows {
				row := x[i*cols : (i+1)*cols]
				m := math.Inf(-1)
				for _, v := range row {
					m = math.Max(m, float64(v))
				}
				var sum float64
				for _, v := range row {
					sum += math.Exp(float64(v) - m)
				}
				for j, v := range row {
					want := math.Exp(float64(v)-m) / sum
					// exp and the division within a few ulps; the sum's
					// rounding grows with the row.
					if d := math.Abs(float64(got[i*cols+int64(j)]) - want); d > 1e-6+1e-5*want {
						t.Fatalf("%dx%d: out[%d][%d] = %v, want %v", rows, cols, i, j, got[i*cols+int64(j)], want)
					}
				}
			}
		}
	})
}

func TestHistogram(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(11, 12))
		for _, n := range sizes(lib, big) {
			for _, bins := range []int{1, 10, 1000} {
				x := make([]int32, n)
				want := make([]int32, bins)
				for i := range x {
					x[i] = r.Int32N(int32(bins)+4) - 2 // some outside [0, bins)
					if x[i] >= 0 && x[i] < int32(bins) {
						want[x[i]]++
					}
				}
				counts := upload(t, lib.Device(), make([]int32, bins)) // overwritten
				if err := kiln.Write(counts, slices.Repeat([]int32{7}, bins)); err != nil {
					t.Fatal(err)
				}
				if err := lib.Histogram(counts, upload(t, lib.Device(), x)); err != nil {
					t.Fatal(err)
				}
				if got := read[int32](t, counts); !slices.Equal(got, want) {
					t.Fatalf("n=%d bins=%d: got %v, want %v", n, bins, got[:min(bins, 20)], want[:min(bins, 20)])
				}
			}
		}
		counts := alloc[int32](t, lib.Device(), int64(lib.Device().Limits.MaxSharedMemory)/4+1)
		if err := lib.Histogram(counts, upload(t, lib.Device(), []int32{1})); err == nil || !strings.Contains(err.Error(), "workgroup memory holds") {
			t.Errorf("too many bins: %v", err)
		}
	})
}

func TestRowReductions(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(13, 14))
		shapes := [][2]int64{{0, 0}, {1, 1}, {3, 0}, {1, 300}, {5, 7}, {9, 129}}
		if big {
			shapes = append(shapes, [2]int64{2000, 3}, [2]int64{3, 100001})
		}
		for _, s := range shapes {
			rows, cols := s[0], s[1]
			x := make([]int32, rows*cols)
			for i := range x {
				x[i] = r.Int32N(2001) - 1000
			}
			in := upload(t, lib.Device(), x, rows, cols)
			sum, lo, hi := alloc[int32](t, lib.Device(), rows), alloc[int32](t, lib.Device(), rows), alloc[int32](t, lib.Device(), rows)
			if err := kernels.SumRows[int32](lib, sum, in, rows, cols); err != nil {
				t.Fatal(err)
			}
			if err := kernels.MinRows[int32](lib, lo, in, rows, cols); err != nil {
				t.Fatal(err)
			}
			if err := kernels.MaxRows[int32](lib, hi, in, rows, cols); err != nil {
				t.Fatal(err)
			}
			gs, gl, gh := read[int32](t, sum), read[int32](t, lo), read[int32](t, hi)
			for i := range rows {
				row := x[i*cols : (i+1)*cols]
				var ws int32
				wl, wh := int32(math.MaxInt32), int32(math.MinInt32)
				for _, v := range row {
					ws, wl, wh = ws+v, min(wl, v), max(wh, v)
				}
				if gs[i] != ws || gl[i] != wl || gh[i] != wh {
					t.Fatalf("%dx%d row %d: sum, min, max = %d, %d, %d, want %d, %d, %d", rows, cols, i, gs[i], gl[i], gh[i], ws, wl, wh)
				}
			}
			f := randFloats(int(rows*cols), r)
			fs := alloc[float32](t, lib.Device(), rows)
			if err := kernels.SumRows[float32](lib, fs, upload(t, lib.Device(), f, rows, cols), rows, cols); err != nil {
				t.Fatal(err)
			}
			got := read[float32](t, fs)
			for i := range rows {
				var want float64
				for _, v := range f[i*cols : (i+1)*cols] {
					want += float64(v)
				}
				if tol := 1e-7 * float64(cols+1); math.Abs(float64(got[i])-want) > tol {
					t.Fatalf("%dx%d row %d: float sum %v, want %v", rows, cols, i, got[i], want)
				}
			}
		}
	})
}

func TestArgMax(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(15, 16))
		check := func(name string, x []float32) {
			t.Helper()
			want, wantV := int64(-1), float32(0)
			for i, v := range x {
				if v == v && (want < 0 || v > wantV) {
					want, wantV = int64(i), v
				}
			}
			i, v, err := kernels.ArgMax(lib, upload(t, lib.Device(), x))
			if err != nil {
				t.Fatal(err)
			}
			if i != want || (want >= 0 && v != wantV) {
				t.Errorf("%s (n=%d): ArgMax = %d (%v), want %d (%v)", name, len(x), i, v, want, wantV)
			}
		}
		for _, partials := range reducePartials(lib, big) {
			kernels.SetReducePartials(lib, partials)
			for _, n := range sizes(lib, big) {
				x := randFloats(n, r)
				check(fmt.Sprintf("random, partials %d", partials), x)
				for i := range x {
					x[i] = float32(r.IntN(5)) // many ties: the first wins
				}
				check(fmt.Sprintf("ties, partials %d", partials), x)
			}
		}
		kernels.SetReducePartials(lib, 0)
		nan := float32(math.NaN())
		check("nan", []float32{nan, 1, nan, 3, 2})
		check("all nan", []float32{nan, nan})
		check("-inf", []float32{float32(math.Inf(-1)), float32(math.Inf(-1))})
	})
}

func TestSort(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(17, 18))
		ns := []int{0, 1, 2, 3, 7, 8, 100, 257, 1000}
		if big {
			ns = append(ns, 1<<16+3)
		}
		for _, n := range ns {
			ints := make([]int32, n)
			for i := range ints {
				ints[i] = r.Int32N(2000) - 1000 // with duplicates
			}
			b := upload(t, lib.Device(), ints)
			if err := kernels.Sort[int32](lib, b); err != nil {
				t.Fatal(err)
			}
			want := slices.Clone(ints)
			slices.Sort(want)
			if got := read[int32](t, b); !slices.Equal(got, want) {
				t.Fatalf("n=%d: int32 sort wrong", n)
			}
			f := randFloats(n, r)
			fb := upload(t, lib.Device(), f)
			if err := kernels.Sort[float32](lib, fb); err != nil {
				t.Fatal(err)
			}
			slices.Sort(f)
			if got := read[float32](t, fb); !slices.Equal(got, f) {
				t.Fatalf("n=%d: float sort wrong", n)
			}
		}
	})
}

func TestConv2D(t *testing.T) {
	forDevices(t, func(t *testing.T, lib *kernels.Lib, big bool) {
		r := rand.New(rand.NewPCG(19, 20))
		shapes := [][4]int64{{1, 1, 1, 1}, {0, 0, 1, 1}, {2, 2, 3, 3}, {5, 7, 3, 3}, {17, 33, 5, 2}}
		if big {
			shapes = append(shapes, [4]int64{300, 257, 7, 7})
		}
		for _, s := range shapes {
			h, w, kh, kw := s[0], s[1], s[2], s[3]
			oh, ow := max(h-kh+1, 0), max(w-kw+1, 0)
			in, f := randFloats(int(h*w), r), randFloats(int(kh*kw), r)
			out := alloc[float32](t, lib.Device(), oh, ow)
			if err := lib.Conv2D(out, upload(t, lib.Device(), in, h, w), upload(t, lib.Device(), f, kh, kw), h, w, kh, kw); err != nil {
				t.Fatal(err)
			}
			got := read[float32](t, out)
			for y := range oh {
				for x := range ow {
					var want float64
					for i := range kh {
						for j := range kw {
							want += float64(in[(y+i)*w+x+j]) * float64(f[i*kw+j])
						}
					}
					// kh*kw products of values in [-1, 1], each add rounded.
					if tol := 1e-6 * float64(kh*kw+1); math.Abs(float64(got[y*ow+x])-want) > tol {
						t.Fatalf("%dx%d by %dx%d: out[%d][%d] = %v, want %v", h, w, kh, kw, y, x, got[y*ow+x], want)
					}
				}
			}
		}
	})
}
