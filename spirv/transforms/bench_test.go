package transforms

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// kernels returns a builtin.module with n spirv.modules of one entry point
// each, or with one spirv.module of n entry points, every kernel adding up
// `ops` storage buffer values.
func kernels(n, ops int, oneModule bool) string {
	var b strings.Builder
	b.WriteString("module attributes {" + env10 + "} {\n")
	if oneModule {
		b.WriteString("spirv.module @m Logical GLSL450 {\n")
	}
	for k := range n {
		if !oneModule {
			fmt.Fprintf(&b, "spirv.module @m%d Logical GLSL450 {\n", k)
		}
		fmt.Fprintf(&b, `  spirv.func @k%d(%%buf: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %%c0 = spirv.Constant 0 : i32
    %%p = spirv.AccessChain %%buf[%%c0, %%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %%v0 = spirv.Load "StorageBuffer" %%p : i32
`, k)
		for i := 1; i <= ops; i++ {
			fmt.Fprintf(&b, "    %%v%d = spirv.IAdd %%v%d, %%v0 : i32\n", i, i-1)
		}
		fmt.Fprintf(&b, "    spirv.Store \"StorageBuffer\" %%p, %%v%d : i32\n    spirv.Return\n  }\n", ops)
		if !oneModule {
			b.WriteString("}\n")
		}
	}
	if oneModule {
		b.WriteString("}\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func benchmarkPasses(b *testing.B, n, ops int, oneModule bool) {
	src := kernels(n, ops, oneModule)
	for b.Loop() {
		b.StopTimer()
		m, err := ir.Parse(newContext(), src, "bench.mlir")
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := LowerABI(m); err != nil {
			b.Fatal(err)
		}
		if err := DeduceVCE(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkABIAndVCE1000Kernels(b *testing.B)      { benchmarkPasses(b, 1000, 50, false) }
func BenchmarkABIAndVCE4000Kernels(b *testing.B)      { benchmarkPasses(b, 4000, 50, false) }
func BenchmarkABIAndVCEOneKernel100kOps(b *testing.B) { benchmarkPasses(b, 1, 100000, false) }

// One module of many functions: the passes work on its functions in
// parallel (compare -cpu 1,2).
func BenchmarkABIAndVCE1000KernelsOneModule(b *testing.B) { benchmarkPasses(b, 1000, 50, true) }
