package outline

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/spirv"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), gpu.Dialect(), memref.Dialect(), spirv.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

// parse parses and verifies src.
func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify input: %v", err)
	}
	return m
}

// outlined parses src, outlines it, verifies the result and prints it.
func outlined(t testing.TB, src string) string {
	t.Helper()
	m := parse(t, src)
	if err := Outline(m); err != nil {
		t.Fatalf("outline: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify output: %v\n%s", err, m)
	}
	return m.String()
}
