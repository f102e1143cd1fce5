package lowering_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
)

// manyKernels returns a module with n kernels of about 50 ops in one
// gpu.module, the shape of the scaling benchmark.
func manyKernels(n int) string {
	var b strings.Builder
	b.WriteString("module attributes {gpu.container_module} {\n  gpu.module @kernels {\n")
	for i := range n {
		fmt.Fprintf(&b, "    gpu.func @k%d(%%a: memref<256xf32>, %%b: memref<256xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {\n", i)
		b.WriteString("      %x = gpu.thread_id x\n      %y = gpu.block_id x\n      %c64 = arith.constant 64 : index\n")
		b.WriteString("      %o = arith.muli %y, %c64 : index\n      %i = arith.addi %o, %x : index\n      %v0 = memref.load %a[%i] : memref<256xf32>\n")
		for j := 1; j <= 20; j++ {
			fmt.Fprintf(&b, "      %%v%d = arith.mulf %%v%d, %%v%d : f32\n", j, j-1, j-1)
			fmt.Fprintf(&b, "      %%w%d = arith.addf %%v%d, %%v0 : f32\n", j, j)
		}
		b.WriteString("      memref.store %w20, %b[%i] : memref<256xf32>\n      gpu.return\n    }\n")
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func benchmarkKernels(b *testing.B, n int) {
	src := manyKernels(n)
	for b.Loop() {
		b.StopTimer()
		m, err := ir.Parse(newContext(), src, "bench.mlir")
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// Compare the two: the time per kernel must stay flat (linear growth).
func BenchmarkConvert1000Kernels(b *testing.B) { benchmarkKernels(b, 1000) }
func BenchmarkConvert4000Kernels(b *testing.B) { benchmarkKernels(b, 4000) }
