package kernels_test

import (
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/kernels"
)

// The benchmarks run on the Vulkan device ($KILN_DEVICE, else the best;
// bench/kernels.sh runs them per driver). Each kernel reports its rate
// (GB/s of input and output, or GFLOP/s), beside the same algorithm as a
// plain Go loop and the device's measured peak: a copy kernel for
// bandwidth, chains of FMAs for FLOP/s. Every device benchmark runs its
// operation once before the timed loop (compiling the kernel and making
// its pipeline) and also reports the process's CPU time per operation
// (cpu-ms/op): on a CPU driver, whose worker threads are the process's,
// that is the work the driver did, which the machine's load changes far
// less than the wall-clock rate.
//
// $KILN_BENCH_SCALE (an integer s from 1 to 32, default 1) sizes the
// device benchmarks up for a GPU, where the default sizes take
// microseconds: Map, Sum and the copy run over 2^24 * s elements (at 32,
// 2 GiB buffers, the most that 32-bit indices and a 4 GiB storage buffer
// range allow; fewer where the device's range is smaller), the FMA peak
// over 256 * s^2 workgroups and MatMul at n = 1024 * floor(sqrt(s)). The
// Go loops keep the default sizes.

func benchLib(b *testing.B) *kernels.Lib {
	dev, err := kiln.Open("")
	if err != nil {
		b.Skipf("no Vulkan device: %v", err)
	}
	b.Cleanup(func() { dev.Close() })
	return kernels.New(dev)
}

func benchBuf(b *testing.B, dev *kiln.Device, n int) *kiln.Buffer {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i%17) - 8
	}
	buf, err := kiln.Upload(dev, x)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(buf.Free)
	return buf
}

const benchN = 1 << 24 // 64 MiB of f32

// benchScale is $KILN_BENCH_SCALE.
func benchScale(b *testing.B) int {
	v := os.Getenv("KILN_BENCH_SCALE")
	if v == "" {
		return 1
	}
	s, err := strconv.Atoi(v)
	if err != nil || s < 1 || s > 32 {
		b.Fatalf("KILN_BENCH_SCALE=%q: want an integer from 1 to 32", v)
	}
	return s
}

// scaledN is the element count of the device's bandwidth benchmarks: at
// most what one buffer argument may span on dev.
func scaledN(b *testing.B, dev *kiln.Device) int {
	n := benchN * benchScale(b)
	if most := dev.Limits.MaxStorageBufferRange / 4; uint64(n) > most {
		b.Logf("%d elements, the most the device's maxStorageBufferRange (%d bytes) allows, not %d", most, dev.Limits.MaxStorageBufferRange, n)
		n = int(most)
	}
	return n
}

// matmulN is the side of the device's MatMul benchmarks.
func matmulN(b *testing.B) int { return 1024 * int(math.Sqrt(float64(benchScale(b)))) }

// loop runs run once, untimed, then as the benchmark's loop, and reports
// the rate, per units ("GB/s" or "GFLOP/s") for amount of them (bytes or
// FLOPs) an operation, and the CPU time an operation.
func loop(b *testing.B, units string, amount float64, run func()) {
	run()
	c0 := cpuTime()
	for b.Loop() {
		run()
	}
	b.ReportMetric(amount*float64(b.N)/b.Elapsed().Seconds()/1e9, units)
	if c := cpuTime() - c0; c > 0 {
		b.ReportMetric(c.Seconds()*1e3/float64(b.N), "cpu-ms/op")
	}
}

// matmulFlops is the FLOPs of an n x n x n product.
func matmulFlops(n int) float64 { return 2 * float64(n) * float64(n) * float64(n) }

func gbps(b *testing.B, bytes int64) {
	b.ReportMetric(float64(bytes)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
}

func BenchmarkMap(b *testing.B) {
	lib := benchLib(b)
	n := scaledN(b, lib.Device())
	x, out := benchBuf(b, lib.Device(), n), benchBuf(b, lib.Device(), n)
	loop(b, "GB/s", 8*float64(n), func() {
		if err := lib.Map("%r = arith.mulf %a0, %a0 : f32", out, x); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkGoMap(b *testing.B) {
	x, out := make([]float32, benchN), make([]float32, benchN)
	for b.Loop() {
		for i, v := range x {
			out[i] = v * v
		}
	}
	gbps(b, 8*benchN)
}

func BenchmarkSum(b *testing.B) {
	lib := benchLib(b)
	n := scaledN(b, lib.Device())
	x := benchBuf(b, lib.Device(), n)
	loop(b, "GB/s", 4*float64(n), func() {
		if _, err := kernels.Sum[float32](lib, x); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkGoSum(b *testing.B) {
	x := make([]float32, benchN)
	var s float32
	for b.Loop() {
		s = 0
		for _, v := range x {
			s += v
		}
	}
	gbps(b, 4*benchN)
	_ = s
}

func BenchmarkMatMul(b *testing.B) { benchMatMul(b, benchLib(b), "") }

// BenchmarkMatMulTiled runs MatMul's GPU kernel (workgroup-memory tiles)
// whatever the device, to compare with the one a CPU driver gets.
func BenchmarkMatMulTiled(b *testing.B) { benchMatMul(b, benchLib(b), "tiled") }

// BenchmarkMatMulTiled8 runs the tiled kernel with 8 x 8 outputs a thread
// (128 x 128 tiles) rather than 4 x 4, on a GPU only: per step of k a warp
// then issues 16 workgroup-memory loads for 64 FMAs rather than 8 for 16,
// which the FMA rate may need (kernels/README.md). A CPU driver, which
// spills the 64 accumulators, skips it.
func BenchmarkMatMulTiled8(b *testing.B) {
	lib := benchLib(b)
	if lib.Device().Type == "cpu" {
		b.Skip("a GPU experiment")
	}
	benchMatMul(b, lib, "tiled8")
}

func benchMatMul(b *testing.B, lib *kernels.Lib, kernel string) {
	kernels.SetMatMulKernel(lib, kernel)
	n := matmulN(b)
	x, y, z := benchBuf(b, lib.Device(), n*n), benchBuf(b, lib.Device(), n*n), benchBuf(b, lib.Device(), n*n)
	// The untimed first product compiles the kernel of this shape (a
	// smaller one could pick another kernel: 1 x 1 gets matmul_regs, not
	// matmul_vec).
	loop(b, "GFLOP/s", matmulFlops(n), func() {
		if err := lib.MatMul(z, x, y, int64(n), int64(n), int64(n)); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkGoMatMul(b *testing.B) {
	const n = 1024
	x, y, z := make([]float32, n*n), make([]float32, n*n), make([]float32, n*n)
	for b.Loop() {
		clear(z)
		for i := range n {
			for k := range n {
				a := x[i*n+k]
				row := y[k*n : (k+1)*n]
				out := z[i*n : (i+1)*n]
				for j, v := range row {
					out[j] += a * v
				}
			}
		}
	}
	b.ReportMetric(2*n*n*n*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// peak holds the references: copy (one load and one store per element,
// grid-stride, as the map kernels do) for bandwidth, and fma (8
// independent chains of 1024 FMAs per thread, 256 threads a workgroup)
// for FLOP/s.
const peak = `gpu.module @peak {
  gpu.func @copy(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
    %gid = gpu.global_id x
    %bdim = gpu.block_dim x
    %gdim = gpu.grid_dim x
    %stride = arith.muli %bdim, %gdim : index
    scf.for %i = %gid to %n step %stride {
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
    }
    gpu.return
  }
  gpu.func @fma(%y: memref<?xf32>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
    %gid = gpu.global_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %a = arith.constant 0.999 : f32
    %b = arith.constant 0.001 : f32
    %one = arith.constant 1.0 : f32
    // The chains start from the thread's id, a value known only when the
    // kernel runs: from constants, NVIDIA's compiler computed the whole loop
    // ahead (a "peak" of 1.2 PFLOP/s on an H200).
    %gid32 = arith.index_cast %gid : index to i32
    %i0 = arith.sitofp %gid32 : i32 to f32
    %i1 = arith.addf %i0, %one : f32
    %i2 = arith.addf %i1, %one : f32
    %i3 = arith.addf %i2, %one : f32
    %i4 = arith.addf %i3, %one : f32
    %i5 = arith.addf %i4, %one : f32
    %i6 = arith.addf %i5, %one : f32
    %i7 = arith.addf %i6, %one : f32
    %r:8 = scf.for %k = %c0 to %c1024 step %c1 iter_args(%s0 = %i0, %s1 = %i1, %s2 = %i2, %s3 = %i3, %s4 = %i4, %s5 = %i5, %s6 = %i6, %s7 = %i7) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
      %t0 = math.fma %s0, %a, %b : f32
      %t1 = math.fma %s1, %a, %b : f32
      %t2 = math.fma %s2, %a, %b : f32
      %t3 = math.fma %s3, %a, %b : f32
      %t4 = math.fma %s4, %a, %b : f32
      %t5 = math.fma %s5, %a, %b : f32
      %t6 = math.fma %s6, %a, %b : f32
      %t7 = math.fma %s7, %a, %b : f32
      scf.yield %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7 : f32, f32, f32, f32, f32, f32, f32, f32
    }
    %u0 = arith.addf %r#0, %r#1 : f32
    %u1 = arith.addf %r#2, %r#3 : f32
    %u2 = arith.addf %r#4, %r#5 : f32
    %u3 = arith.addf %r#6, %r#7 : f32
    %v0 = arith.addf %u0, %u1 : f32
    %v1 = arith.addf %u2, %u3 : f32
    %w = arith.addf %v0, %v1 : f32
    memref.store %w, %y[%gid] : memref<?xf32>
    gpu.return
  }
}`

func BenchmarkPeak(b *testing.B) {
	lib := benchLib(b)
	dev := lib.Device()
	p, err := dev.Compile(peak)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("copy", func(b *testing.B) {
		n := scaledN(b, dev)
		x, y := benchBuf(b, dev, n), benchBuf(b, dev, n)
		groups := min(n/256, int(dev.Limits.MaxWorkgroupCount[0]))
		loop(b, "GB/s", 8*float64(n), func() {
			if err := p.Launch("copy", kiln.Grid{groups, 1, 1}, x, y, n); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("fma", func(b *testing.B) {
		s := benchScale(b)
		groups := 256 * s * s
		if groups > int(dev.Limits.MaxWorkgroupCount[0]) {
			b.Fatalf("KILN_BENCH_SCALE=%d: the FMA peak's %d workgroups are more than the device's %d", s, groups, dev.Limits.MaxWorkgroupCount[0])
		}
		y := benchBuf(b, dev, groups*256)
		loop(b, "GFLOP/s", float64(groups*256)*1024*8*2, func() {
			if err := p.Launch("fma", kiln.Grid{groups, 1, 1}, y); err != nil {
				b.Fatal(err)
			}
		})
	})
}
