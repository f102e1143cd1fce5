package transforms

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/spirv"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), memref.Dialect(), gpu.Dialect(), spirv.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

// run parses src, applies fn to the top-level op, verifies and prints it.
func run(t *testing.T, src string, f func(*ir.Operation) error) string {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := f(m); err != nil {
		t.Fatalf("pass: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.PrintBytes(m, ir.PrintOptions{}))
	}
	return string(ir.PrintBytes(m, ir.PrintOptions{}))
}

// runErr parses src, applies fn and returns its error text.
func runErr(t *testing.T, src string, f func(*ir.Operation) error) string {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	err = f(m)
	if err == nil {
		t.Fatalf("no error; output:\n%s", ir.PrintBytes(m, ir.PrintOptions{}))
	}
	return err.Error()
}

func wantAll(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}
}

func spirvLookup(op *ir.Operation) *spirv.TargetEnvAttr { return spirv.LookupTargetEnv(op) }

func defaultEnv(ctx *ir.Context) *spirv.TargetEnvAttr { return spirv.DefaultTargetEnv(ctx) }
