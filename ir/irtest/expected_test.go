package irtest

import (
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestVerifyDiagnosticsUnknownLoc(t *testing.T) {
	ctx := ir.NewContext()
	src := "// expected-warning @unknown {{never produced}}\n// expected-error @unknown {{no position}}\n"
	diags := []*ir.Diagnostic{{Severity: ir.SeverityError, Loc: ctx.UnknownLoc(), Message: "it has no position"}}
	want := []string{`f.mlir:1:4: expected warning "never produced" was not produced`}
	if got := VerifyDiagnostics(src, "f.mlir", diags); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// An unexpected diagnostic is no problem with onlyExpected.
	extra := append(diags, &ir.Diagnostic{Severity: ir.SeverityRemark, Loc: ctx.UnknownLoc(), Message: "r"})
	if got := VerifyExpectedDiagnostics(src, "f.mlir", extra, true); !slices.Equal(got, want) {
		t.Errorf("only expected: got %q, want %q", got, want)
	}
}
