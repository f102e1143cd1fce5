package runner

import (
	"bytes"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// TestVulkanParallelLoops runs testdata/parallel_loops.mlir's scf.parallel
// nest through gpu-map-parallel-loops and convert-parallel-loops-to-gpu on
// Vulkan (each launch compared with the reference interpreter) and checks
// that it prints what the reference prints for the original loops.
func TestVulkanParallelLoops(t *testing.T) {
	inst := testInstance(t)
	const file = "testdata/parallel_loops.mlir"
	var ref bytes.Buffer
	if _, err := Run(parseFile(t, file), Options{Reference: true, Out: &ref}); err != nil {
		t.Fatal(err)
	}
	mod := parseFile(t, file)
	reg := kiln.Passes()
	p, err := pass.Parse("builtin.module(func.func(gpu-map-parallel-loops), convert-parallel-loops-to-gpu, lower-affine, gpu-kernel-outlining)", reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := pass.New(p, pass.Config{}).Run(mod); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rep, err := Run(mod, Options{Instance: inst, Validate: true, Compare: true, Out: &out, Passes: reg})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Launches) != 1 {
		t.Errorf("%d launches, want the one the loop nest became", len(rep.Launches))
	}
	if out.String() != ref.String() {
		t.Errorf("Vulkan (%s) and the reference on the loops disagree:\n%s\nvs\n%s", rep.Device, out.String(), ref.String())
	}
	t.Logf("ran on %s", rep.Device)
	fileCheck(t, file, out.String())
}
