package lowering_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/transforms"
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

// lowerAndSerialize runs the kernel pipeline on a module and returns one
// binary per spirv.module.
func lowerAndSerialize(t *testing.T, src, name string) [][]uint32 {
	t.Helper()
	ctx := newContext()
	m, err := ir.Parse(ctx, src, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := lowering.Convert(m, lowering.Options{GPUModules: true, IndexByDimension: true}); err != nil {
		t.Fatal(err)
	}
	if err := transforms.LowerABI(m); err != nil {
		t.Fatal(err)
	}
	if err := transforms.DeduceVCE(m); err != nil {
		t.Fatal(err)
	}
	// The clean-up of kiln compile's pipeline (runner.Pipeline's last
	// passes), so that the differential test and spirv-val cover it too.
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	transforms.Register(reg)
	pl, err := pass.Parse("builtin.module(canonicalize, spirv-canonicalize, spirv-fuse-nan-min-max, spirv-reuse-input-loads, spirv-vectorize-buffer-access, spirv-ssa-loop-results, spirv-ssa-selection-results, "+
		"spirv-licm, spirv-unsigned-loop-compares, cse, spirv-decorate-buffer-access)", reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := pass.New(pl, pass.Config{DisableThreading: true}).Run(m); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var out [][]uint32
	for op := range m.Region(0).Entry().Ops() {
		if op.Name() != "spirv.module" {
			continue
		}
		w, err := serialize.Serialize(op)
		if err != nil {
			t.Fatalf("%v\n%s", err, ir.OpString(op, ir.PrintOptions{}))
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		t.Fatal("no spirv.module")
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
