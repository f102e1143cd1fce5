package transforms

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// kernels returns a builtin.module with n spirv.modules of one entry point
// each, every kernel adding up `ops` storage buffer values.
func kernels(n, ops int) string {
	var b strings.Builder
	b.WriteString("module attributes {" + env10 + "} {\n")
	for k := range n {
		fmt.Fprintf(&b, `spirv.module @m%d Logical GLSL450 {
  spirv.func @k(%%buf: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %%c0 = spirv.Constant 0 : i32
    %%p = spirv.AccessChain %%buf[%%c0, %%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %%v0 = spirv.Load "StorageBuffer" %%p : i32
`, k)
		for i := 1; i <= ops; i++ {
			fmt.Fprintf(&b, "    %%v%d = spirv.IAdd %%v%d, %%v0 : i32\n", i, i-1)
		}
		fmt.Fprintf(&b, "    spirv.Store \"StorageBuffer\" %%p, %%v%d : i32\n    spirv.Return\n  }\n}\n", ops)
	}
	b.WriteString("}\n")
	return b.String()
}

func benchmarkPasses(b *testing.B, n, ops int) {
	src := kernels(n, ops)
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

func BenchmarkABIAndVCE1000Kernels(b *testing.B)      { benchmarkPasses(b, 1000, 50) }
func BenchmarkABIAndVCE4000Kernels(b *testing.B)      { benchmarkPasses(b, 4000, 50) }
func BenchmarkABIAndVCEOneKernel100kOps(b *testing.B) { benchmarkPasses(b, 1, 100000) }
