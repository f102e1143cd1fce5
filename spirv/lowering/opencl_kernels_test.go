package lowering_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// TestOpenCLKernelsValidate lowers the kernels of testdata/gpu_printf.mlir
// and testdata/named_barrier.mlir (OpenCL targets, whose spirv.module
// stays in its gpu.module) and runs spirv-val on them with SPIR-V's own
// rules: no Vulkan driver runs spirv.CL.printf or named barriers, so
// spirv-val and the files' FileCheck lines are the evidence for these
// lowerings.
func TestOpenCLKernelsValidate(t *testing.T) {
	for _, f := range []string{"gpu_printf.mlir", "named_barrier.mlir"} {
		t.Run(f, func(t *testing.T) { validateOpenCL(t, f) })
	}
}

func validateOpenCL(t *testing.T, file string) {
	src, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range strings.Split(string(src), "\n// -----\n") {
		m, err := ir.Parse(newContext(), chunk, file)
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
			// SPIR-V's own rules at the module's version.
			env, err := validate.ParseEnv(fmt.Sprintf("spv1.%d", (words[1]>>8)&0xff))
			if err != nil {
				t.Fatal(err)
			}
			if err := validate.Validate(context.Background(), words, env); err != nil {
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
