package irtest

import (
	"os"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// CheckOpsFile checks a testdata file of valid IR in process, as its RUN
// line would through `kiln opt`: it parses, verifies and round-trips (see
// RoundTrip) in a context from newCtx.
func CheckOpsFile(t *testing.T, path string, newCtx func() *ir.Context) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := RoundTrip(t, newCtx(), string(src), path); err != nil {
		t.Fatal(err)
	}
}

// CheckInvalidFile checks each chunk's expected-* diagnostics, as
// `kiln opt --split-input-file --verify-diagnostics` does, each chunk in a
// fresh context from newCtx.
func CheckInvalidFile(t *testing.T, path string, newCtx func() *ir.Context) {
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
		for _, p := range VerifyDiagnostics(chunk, path, diags) {
			t.Error(p)
		}
	}
}
