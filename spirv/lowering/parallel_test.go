package lowering_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
)

// sharingKernels is a gpu.module of n kernels that share built-in variables,
// each with workgroup memory and two all_reduce buffers of its own, so
// that globals come from several kernels; kernel bad (if any) uses f64,
// which the target lacks, and the kernels in noABI have no entry point ABI.
func sharingKernels(n, bad int, noABI ...int) string {
	var b strings.Builder
	b.WriteString(`module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
`)
	for i := range n {
		elem := "f32"
		if i == bad {
			elem = "f64"
		}
		builtin := []string{"gpu.thread_id x", "gpu.block_id y", "gpu.block_dim x"}[i%3]
		abi := ` attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>}`
		if slices.Contains(noABI, i) {
			abi = ""
		}
		fmt.Fprintf(&b, `    gpu.func @k%d(%%a: memref<64x%s>) workgroup(%%w: memref<16xf32, #gpu.address_space<workgroup>>) kernel%s {
      %%x = gpu.thread_id x
      %%o = %s
      %%v = memref.load %%a[%%x] : memref<64x%s>
      %%s = gpu.all_reduce add %%v uniform {} : (%s) -> %s
      %%p = gpu.all_reduce mul %%s uniform {} : (%s) -> %s
      %%c = arith.constant %d.0 : %s
      %%r = arith.addf %%p, %%c : %s
      memref.store %%r, %%a[%%o] : memref<64x%s>
      gpu.return
    }
`, i, elem, abi, builtin, elem, elem, elem, elem, elem, i, elem, elem, elem)
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

// TestParallelConversionMatchesSequential checks that converting a module
// of many kernels in chunks on several goroutines prints the same text,
// and fails with the same first error, as converting it whole.
func TestParallelConversionMatchesSequential(t *testing.T) {
	run := func(src string, threads bool) (string, error) {
		ctx := newContext()
		ctx.SetMultithreading(threads)
		m, err := ir.Parse(ctx, src, "many.mlir")
		if err != nil {
			t.Fatal(err)
		}
		if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
			return "", err
		}
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
		return ir.OpString(m, ir.PrintOptions{}), nil
	}
	src := sharingKernels(50, -1)
	seq, err := run(src, false)
	if err != nil {
		t.Fatal(err)
	}
	par, err := run(src, true)
	if err != nil {
		t.Fatal(err)
	}
	if seq != par {
		t.Fatalf("parallel conversion differs from sequential:\n%s", firstDifference(seq, par))
	}
	for _, want := range []string{"@__builtin__LocalInvocationId__", "@__builtin__WorkgroupId__", "@__all_reduce_mem__k49_2"} {
		if !strings.Contains(par, want) {
			t.Errorf("missing %s", want)
		}
	}
	for _, bad := range []int{3, 47} {
		_, seqErr := run(sharingKernels(50, bad), false)
		_, parErr := run(sharingKernels(50, bad), true)
		if seqErr == nil || parErr == nil || seqErr.Error() != parErr.Error() {
			t.Errorf("bad kernel %d: sequential %v, parallel %v", bad, seqErr, parErr)
		}
	}
	// Kernels without an entry point ABI: the conversion reports a remark
	// for the first, as in order, not one per chunk that met one.
	diagnose := func(threads bool) string {
		ctx := newContext()
		ctx.SetMultithreading(threads)
		var out strings.Builder
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { out.WriteString(d.Error() + "\n") })
		m, err := ir.Parse(ctx, sharingKernels(50, -1, 5, 10), "noabi.mlir")
		if err != nil {
			t.Fatal(err)
		}
		err = lowering.Convert(m, lowering.Options{GPUModules: true})
		return out.String() + fmt.Sprint(err)
	}
	seq, par = diagnose(false), diagnose(true)
	if seq != par || strings.Count(seq, "match failure") != 1 {
		t.Errorf("diagnostics differ or repeat:\nsequential:\n%s\nparallel:\n%s", seq, par)
	}
}

func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i+1, al[i], bl[i])
		}
	}
	return "different lengths"
}
