package transforms

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// upstreamSPIRV holds MLIR's SPIR-V round-trip tests, read in place.
const upstreamSPIRV = "../../../shared/conformance/mlir-upstream/mlir/test/Target/SPIRV"

// Every pass runs over the spirv dialect's own test inputs and MLIR's
// SPIR-V tests, valid and not, under a default target: errors are fine, panics and invalid output
// are not.
func TestPassesOnDialectInputs(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*.mlir")
	for _, g := range []string{"../serialize/testdata/*.mlir", upstreamSPIRV + "/*.mlir"} {
		more, _ := filepath.Glob(g)
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Skip("no spirv test inputs")
	}
	passes := map[string]func(*ir.Operation) error{
		"lower-abi": LowerABI, "update-vce": DeduceVCE, "map-storage-class": vulkan, "canonicalize": runPass(Canonicalize()),
		"unify-aliased-resource": UnifyAliasedResources,
	}
	ran := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			for name, p := range passes {
				ctx := newContext()
				m, err := ir.Parse(ctx, chunk, f)
				if err != nil || ir.Verify(m) != nil {
					continue
				}
				withDefaultTarget(m)
				ran++
				if err := p(m); err != nil {
					continue
				}
				if err := ir.Verify(m); err != nil {
					t.Errorf("%s chunk %d: %s left invalid IR: %v", f, i, name, err)
				}
			}
		}
	}
	if ran == 0 {
		t.Error("no input parsed")
	}
	t.Logf("%d runs", ran)
}

// withDefaultTarget gives m MLIR's default target environment unless it has one.
func withDefaultTarget(m *ir.Operation) {
	if spirvLookup(m) == nil {
		m.SetAttr("spirv.target_env", defaultEnv(m.Context()))
	}
}
