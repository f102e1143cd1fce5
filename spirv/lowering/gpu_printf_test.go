package lowering_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// TestPrintfValidates lowers the gpu.printf kernels of
// testdata/gpu_printf.mlir (OpenCL targets, whose spirv.module stays in
// its gpu.module) and runs spirv-val on them with SPIR-V's own rules: no
// Vulkan driver runs spirv.CL.printf, so spirv-val and the file's
// FileCheck lines are the evidence for this lowering.
func TestPrintfValidates(t *testing.T) {
	src, err := os.ReadFile("testdata/gpu_printf.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range strings.Split(string(src), "\n// -----\n") {
		m, err := ir.Parse(newContext(), chunk, "gpu_printf.mlir")
		if err != nil {
			t.Fatal(err)
		}
		if err := lowering.Convert(m, lowering.Options{GPUModules: true}); err != nil {
			t.Fatal(err)
		}
		if err := transforms.LowerABI(m); err != nil {
			t.Fatal(err)
		}
		if err := transforms.DeduceVCE(m); err != nil {
			t.Fatal(err)
		}
		n := 0
		m.Walk(func(op *ir.Operation) bool {
			if op.Name() != "spirv.module" {
				return true
			}
			n++
			words, err := serialize.Serialize(op)
			if err != nil {
				t.Fatalf("%v\n%s", err, ir.OpString(op, ir.PrintOptions{}))
			}
			if err := validate.Validate(context.Background(), words, validate.Spv1_0); err != nil {
				if strings.Contains(err.Error(), "executable file not found") {
					t.Skip("spirv-val not installed")
				}
				t.Errorf("%v\n%s", err, ir.OpString(op, ir.PrintOptions{}))
			}
			return false
		})
		if n == 0 {
			t.Fatal("no spirv.module")
		}
	}
}
