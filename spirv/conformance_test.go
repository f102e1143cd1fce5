package spirv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// The upstream MLIR tests of the SPIR-V target and MLIR 16's generic print
// of them live beside the repository and are read in place, never copied.
const (
	upstreamDir = "../../shared/conformance/mlir-upstream/mlir/test/Target/SPIRV"
	generic16   = "../../shared/conformance/mlir16-generic/mlir/test/Target/SPIRV"
)

func corpusFiles(t *testing.T, dir string) []string {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("conformance corpus missing: %v", err)
		}
		t.Skip("conformance corpus not present")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .mlir files in %s: %v", dir, err)
	}
	return files
}

// roundTrip parses src, verifies it, and checks that the custom and the
// generic prints both reparse to the same custom print.
func roundTrip(t *testing.T, ctx *ir.Context, src, name string) {
	t.Helper()
	m, err := ir.Parse(ctx, src, name)
	if err != nil {
		t.Errorf("parse: %v", err)
		return
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("verify: %v", err)
		return
	}
	custom := string(ir.PrintBytes(m, ir.PrintOptions{}))
	for _, form := range []string{custom, string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))} {
		m2, err := ir.Parse(ctx, form, name+".printed")
		if err != nil {
			t.Errorf("reparse printed form: %v\n%s", err, form)
			return
		}
		if err := ir.Verify(m2); err != nil {
			t.Errorf("verify printed form: %v\n%s", err, form)
			return
		}
		if again := string(ir.PrintBytes(m2, ir.PrintOptions{})); again != custom {
			t.Errorf("print is not a fixed point:\n%s\nthen\n%s", custom, again)
			return
		}
	}
}

func TestUpstreamTargetSPIRV(t *testing.T) {
	for _, f := range corpusFiles(t, upstreamDir) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			// Every chunk parses, cooperative matrix KHR included: its
			// capability is in newerCapabilities (no grammar gap remains
			// at the dialect level).
			t.Run(filepath.Base(f)+"#"+itoa(int64(i)), func(t *testing.T) {
				roundTrip(t, newContext(), chunk, f)
			})
		}
	}
}

// TestMLIR16Generic parses MLIR 16's generic print of the same files: the
// attribute names and kinds that MLIR uses must verify here.
func TestMLIR16Generic(t *testing.T) {
	for _, f := range corpusFiles(t, generic16) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			if strings.TrimSpace(chunk) == "" {
				continue
			}
			t.Run(filepath.Base(f)+"#"+itoa(int64(i)), func(t *testing.T) {
				roundTrip(t, newContext(), chunk, f)
			})
		}
	}
}
