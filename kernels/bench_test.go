package kernels_test

import (
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/kernels"
)

// The benchmarks run on the Vulkan device ($KILN_DEVICE, else the best;
// bench/kernels.sh runs them per driver). Each kernel reports its rate
// (GB/s of input and output, or GFLOP/s), beside the same algorithm as a
// plain Go loop and the device's measured peak: a copy kernel for
// bandwidth, chains of FMAs for FLOP/s.

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

func gbps(b *testing.B, bytes int64) {
	b.ReportMetric(float64(bytes)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
}

func BenchmarkMap(b *testing.B) {
	lib := benchLib(b)
	x, out := benchBuf(b, lib.Device(), benchN), benchBuf(b, lib.Device(), benchN)
	run := func() {
		if err := lib.Map("%r = arith.mulf %a0, %a0 : f32", out, x); err != nil {
			b.Fatal(err)
		}
	}
	run() // compiles and builds the pipeline before the timed loop
	for b.Loop() {
		run()
	}
	gbps(b, 8*benchN)
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
	x := benchBuf(b, lib.Device(), benchN)
	run := func() {
		if _, err := kernels.Sum[float32](lib, x); err != nil {
			b.Fatal(err)
		}
	}
	run()
	for b.Loop() {
		run()
	}
	gbps(b, 4*benchN)
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

func BenchmarkMatMul(b *testing.B) { benchMatMul(b, "") }

// BenchmarkMatMulTiled runs MatMul's GPU kernel (workgroup-memory tiles)
// whatever the device, to compare with the one a CPU driver gets.
func BenchmarkMatMulTiled(b *testing.B) { benchMatMul(b, "tiled") }

func benchMatMul(b *testing.B, kernel string) {
	lib := benchLib(b)
	kernels.SetMatMulKernel(lib, kernel)
	const n = 1024
	x, y, z := benchBuf(b, lib.Device(), n*n), benchBuf(b, lib.Device(), n*n), benchBuf(b, lib.Device(), n*n)
	// A small product compiles the kernel before the timed loop.
	one := benchBuf(b, lib.Device(), 1)
	if err := lib.MatMul(one, one, one, 1, 1, 1); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := lib.MatMul(z, x, y, n, n, n); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(2*n*n*n*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
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
// independent chains of 1024 FMAs per thread) for FLOP/s.
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
    %i = arith.constant 1.0 : f32
    %r:8 = scf.for %k = %c0 to %c1024 step %c1 iter_args(%s0 = %i, %s1 = %i, %s2 = %i, %s3 = %i, %s4 = %i, %s5 = %i, %s6 = %i, %s7 = %i) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
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
		x, y := benchBuf(b, dev, benchN), benchBuf(b, dev, benchN)
		groups := min(benchN/256, int(dev.Limits.MaxWorkgroupCount[0]))
		run := func() {
			if err := p.Launch("copy", kiln.Grid{groups, 1, 1}, x, y, benchN); err != nil {
				b.Fatal(err)
			}
		}
		run()
		for b.Loop() {
			run()
		}
		gbps(b, 8*benchN)
	})
	b.Run("fma", func(b *testing.B) {
		const groups = 256
		y := benchBuf(b, dev, groups*256)
		run := func() {
			if err := p.Launch("fma", kiln.Grid{groups, 1, 1}, y); err != nil {
				b.Fatal(err)
			}
		}
		run()
		for b.Loop() {
			run()
		}
		flops := float64(groups*256) * 1024 * 8 * 2
		b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	})
}
