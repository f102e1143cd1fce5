package interp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// newContext knows the dialects that are always built; ops of the others
// are written in generic form.
func newContext() *ir.Context {
	ctx := ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

func parse(t testing.TB, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	mod, err := ir.Parse(ctx, src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return mod
}

// run interprets @main of src and returns its results and printed output.
func run(t *testing.T, src string, args ...Value) ([]Value, string, error) {
	t.Helper()
	m := New(parse(t, newContext(), src))
	var out bytes.Buffer
	m.Out = &out
	res, err := m.Call("main", args...)
	return res, out.String(), err
}

func mustRun(t *testing.T, src string, args ...Value) []Value {
	t.Helper()
	res, _, err := run(t, src, args...)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res
}

// wantError checks that running src fails with a located diagnostic
// containing msg.
func wantError(t *testing.T, src, msg string) {
	t.Helper()
	_, _, err := run(t, src)
	if err == nil {
		t.Fatalf("expected an error containing %q", msg)
	}
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		t.Fatalf("error %v is a %T, not a *ir.Diagnostic", err, err)
	}
	if !strings.Contains(d.Error(), msg) {
		t.Fatalf("error %q does not contain %q", d.Error(), msg)
	}
	if !strings.Contains(d.Error(), "test.mlir:") {
		t.Fatalf("error %q is not located", d.Error())
	}
}

func parseType(t *testing.T, ctx *ir.Context, s string) ir.Type {
	t.Helper()
	typ, err := ir.ParseTypeString(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	return typ
}
