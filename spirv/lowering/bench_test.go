package lowering_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
)

// manyKernels returns a module with n kernels of about 50 ops in one
// gpu.module, the kernels of ../shared/bench/gen_bench.py (`many n`),
// which bench/lowering-vs-mlir.sh times.
func manyKernels(n int) string {
	var b strings.Builder
	b.WriteString(`module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
`)
	const mt = "memref<1024xf32>"
	for i := range n {
		fmt.Fprintf(&b, "    gpu.func @k%d(%%arg0 : %s, %%arg1 : %s, %%arg2 : %s) kernel\n", i, mt, mt, mt)
		b.WriteString("      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {\n")
		b.WriteString("      %tid = gpu.thread_id x\n      %bid = gpu.block_id x\n      %c64 = arith.constant 64 : index\n")
		b.WriteString("      %cst1 = arith.constant 1.0 : f32\n      %cst2 = arith.constant 2.0 : f32\n")
		b.WriteString("      %t = arith.muli %bid, %c64 : index\n      %i = arith.addi %t, %tid : index\n")
		fmt.Fprintf(&b, "      %%a = memref.load %%arg0[%%i] : %s\n      %%b = memref.load %%arg1[%%i] : %s\n", mt, mt)
		cur := "%a"
		for k := range 5 {
			v := func(j int) string { return fmt.Sprintf("%%v%d_%d", k, j) }
			fmt.Fprintf(&b, "      %s = arith.addf %s, %%b : f32\n", v(0), cur)
			fmt.Fprintf(&b, "      %s = arith.mulf %s, %%a : f32\n", v(1), v(0))
			fmt.Fprintf(&b, "      %s = arith.subf %s, %%b : f32\n", v(2), v(1))
			fmt.Fprintf(&b, "      %s = arith.divf %s, %%cst2 : f32\n", v(3), v(2))
			fmt.Fprintf(&b, "      %s = arith.cmpf ogt, %s, %%a : f32\n", v(4), v(3))
			fmt.Fprintf(&b, "      %s = arith.select %s, %s, %%b : f32\n", v(5), v(4), v(3))
			fmt.Fprintf(&b, "      %s = arith.addf %s, %%cst1 : f32\n", v(6), v(5))
			fmt.Fprintf(&b, "      %s = arith.negf %s : f32\n", v(7), v(6))
			cur = v(7)
		}
		fmt.Fprintf(&b, "      memref.store %s, %%arg2[%%i] : %s\n      gpu.return\n    }\n", cur, mt)
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
