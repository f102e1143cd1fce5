package lowering_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// vulkanTests are MLIR's Vulkan integration tests, read in place.
const vulkanTests = "../../../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan"

// TestVulkanKernelsValidate lowers every kernel of the upstream Vulkan
// integration tests, lowers the ABI, deduces the VCE triple, serializes
// and runs spirv-val for each Vulkan version the module's SPIR-V version
// fits.
func TestVulkanKernelsValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(vulkanTests, "*.mlir"))
	if len(files) == 0 {
		t.Skip("conformance corpus not present")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			words := lowerAndSerialize(t, string(src), filepath.Base(f))
			for _, w := range words {
				validateAll(t, w)
			}
		})
	}
}

// TestKernelsValidate lowers the kernels of testdata/kernels*.mlir (all
// reductions, subgroup ops, loops, attributions, allocas, emulated i8, and
// the differential kernels of every converted op) and validates them.
func TestKernelsValidate(t *testing.T) {
	for _, c := range kernelChunks(t) {
		t.Run(c.name, func(t *testing.T) {
			for _, w := range lowerAndSerialize(t, c.src, c.name) {
				validateAll(t, w)
			}
		})
	}
}

// lowerAndSerialize compiles each gpu.module of a module with kiln
// compile's pipeline (kiln.Pipeline: the conversion, the ABI and VCE
// passes and the SPIR-V clean-up, so that the differential test and
// spirv-val cover all of it) and returns one binary per gpu.module;
// validateAll runs spirv-val on them.
func lowerAndSerialize(t *testing.T, src, name string) [][]uint32 {
	t.Helper()
	m, err := ir.Parse(newContext(), src, name)
	if err != nil {
		t.Fatal(err)
	}
	c := &kiln.Compiler{Passes: kiln.Passes(), SkipValidation: true}
	var out [][]uint32
	for op := range ir.ModuleBody(m).Ops() {
		if op.Name() != "gpu.module" {
			continue
		}
		mod, err := c.Compile(op, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(mod.SPIRV); err != nil {
			t.Fatal(err)
		}
		out = append(out, mod.Words)
	}
	if len(out) == 0 {
		t.Fatal("no gpu.module")
	}
	return out
}

// validateAll runs spirv-val for Vulkan 1.0 to 1.3, skipping versions
// older than the module's SPIR-V version.
func validateAll(t *testing.T, words []uint32) {
	t.Helper()
	minor := (words[1] >> 8) & 0xff // SPIR-V 1.x
	for _, env := range []validate.Env{validate.Vulkan1_0, validate.Vulkan1_1, validate.Vulkan1_2, validate.Vulkan1_3} {
		if max := map[validate.Env]uint32{validate.Vulkan1_0: 0, validate.Vulkan1_1: 3, validate.Vulkan1_2: 5, validate.Vulkan1_3: 6}[env]; minor > max {
			continue
		}
		if err := validate.Validate(context.Background(), words, env); err != nil {
			if strings.Contains(err.Error(), "executable file not found") {
				t.Skip("spirv-val not installed")
			}
			t.Errorf("%s: %v", env, err)
		}
	}
}
