package memref

import (
	"os"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// These run the testdata files in process, so the package's tests cover
// them even where `kiln opt` lacks the dialect; the RUN lines check the CLI.

func TestOpsFileRoundTrip(t *testing.T) { checkOpsFile(t, "testdata/ops.mlir", newContext) }

func TestInvalidFileDiagnostics(t *testing.T) {
	checkInvalidFile(t, "testdata/invalid.mlir", newContext)
}

// checkOpsFile parses a file, verifies it and checks that the custom form
// prints to a fixed point and agrees with the generic form.
func checkOpsFile(t *testing.T, path string, newCtx func() *ir.Context) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newCtx()
	m, err := ir.Parse(ctx, string(src), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	first := string(ir.PrintBytes(m, ir.PrintOptions{}))
	m2, err := ir.Parse(ctx, first, "printed")
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, first)
	}
	if second := string(ir.PrintBytes(m2, ir.PrintOptions{})); second != first {
		t.Errorf("not a fixed point:\n%s\n---\n%s", first, second)
	}
	m3, err := ir.Parse(ctx, string(ir.PrintBytes(m, ir.PrintOptions{Generic: true})), "generic")
	if err != nil {
		t.Fatalf("reparse generic: %v", err)
	}
	if err := ir.Verify(m3); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if custom := string(ir.PrintBytes(m3, ir.PrintOptions{})); custom != first {
		t.Errorf("generic and custom forms disagree:\n%s\n---\n%s", first, custom)
	}
}

// checkInvalidFile checks each chunk's expected-* diagnostics, as
// `kiln opt --split-input-file --verify-diagnostics` does.
func checkInvalidFile(t *testing.T, path string, newCtx func() *ir.Context) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range ir.SplitInput(string(src)) {
		ctx := newCtx()
		var diags []*ir.Diagnostic
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
		m, err := ir.Parse(ctx, chunk, path)
		if err == nil {
			err = ir.Verify(m)
		}
		if d, ok := err.(*ir.Diagnostic); ok {
			diags = append(diags, d)
		} else if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, p := range irtest.VerifyDiagnostics(chunk, path, diags) {
			t.Error(p)
		}
	}
}
