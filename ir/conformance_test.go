package ir_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// conformanceDir holds MLIR 16's generic print of upstream test files; it
// lives beside the repository and is read in place, never copied.
const conformanceDir = "../../shared/conformance/mlir16-generic"

// TestConformanceRoundTrip parses each generic file with unregistered
// dialects allowed, prints it, and checks that printing reaches a fixed
// point after one round and that the reparsed IR is the same.
func TestConformanceRoundTrip(t *testing.T) {
	if _, err := os.Stat(conformanceDir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("conformance corpus missing: %v", err)
		}
		t.Skip("conformance corpus not present")
	}
	var files []string
	filepath.WalkDir(conformanceDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no conformance files")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			for _, opts := range []ir.PrintOptions{{}, {Generic: true}, {DebugInfo: true}} {
				ctx := ir.NewContext()
				ctx.SetAllowUnregisteredDialects(true)
				m, err := ir.Parse(ctx, chunk, f)
				if err != nil {
					t.Errorf("%s chunk %d: %v", f, i, err)
					break
				}
				if err := ir.Verify(m); err != nil {
					t.Errorf("%s chunk %d: verify: %v", f, i, err)
				}
				first := string(ir.PrintBytes(m, opts))
				m2, err := ir.Parse(ctx, first, "printed")
				if err != nil {
					t.Errorf("%s chunk %d: reparse: %v\n%s", f, i, err, first)
					break
				}
				if second := string(ir.PrintBytes(m2, opts)); second != first {
					t.Errorf("%s chunk %d: printing is not a fixed point (%+v):\n%s\n---\n%s", f, i, opts, first, second)
				}
			}
		}
	}
}
