package fn_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// testDialect has a constant op, as arith.constant would be, and accepts
// any other test.* op in generic form.
var testDialect = &ir.Dialect{
	Name:            "test",
	AllowUnknownOps: true,
	Ops: []*ir.OpDef{{
		Name:     "test.constant",
		Traits:   ir.Pure | ir.ConstantLike,
		Results:  ir.Exactly(1),
		Inherent: []string{"value"},
	}},
}

func newContext() *ir.Context { return ir.NewContext(fn.Dialect(), testDialect) }

// parseAndVerify parses src as file "in.mlir" and verifies it.
func parseAndVerify(ctx *ir.Context, src string) (*ir.Operation, error) {
	m, err := ir.Parse(ctx, src, "in.mlir")
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

// printBody prints the ops of a module's body, one after the other, as
// they appeared at the top of the input.
func printBody(m *ir.Operation, opts ir.PrintOptions) string {
	var parts []string
	for op := range ir.ModuleBody(m).Ops() {
		parts = append(parts, ir.OpString(op, opts))
	}
	return strings.Join(parts, "\n")
}

// roundTrip parses and verifies src and returns its printed body.
func roundTrip(t *testing.T, src string, opts ir.PrintOptions) string {
	t.Helper()
	ctx := newContext()
	m, err := parseAndVerify(ctx, src)
	if err != nil {
		t.Fatalf("%s\ninput:\n%s", err.(*ir.Diagnostic).Format(ctx), src)
	}
	return printBody(m, opts)
}

// checkFixedPoint checks that printing the parsed src and parsing that
// again prints the same text.
func checkFixedPoint(t *testing.T, src string, opts ir.PrintOptions) {
	t.Helper()
	ctx := newContext()
	var prev string
	for round := 0; round < 2; round++ {
		m, err := parseAndVerify(ctx, src)
		if err != nil {
			t.Fatalf("round %d: %s\ninput:\n%s", round, err.(*ir.Diagnostic).Format(ctx), src)
		}
		prev, src = src, string(ir.PrintBytes(m, opts))
	}
	if src != prev {
		t.Errorf("not a fixed point: second print\n%s\nfirst\n%s", src, prev)
	}
}

// canonicalize runs the canonicalizer's greedy driver with the patterns
// of every loaded dialect, as `kiln opt --canonicalize` does.
func canonicalize(t *testing.T, m *ir.Operation) {
	t.Helper()
	patterns := rewrite.NewPatternSet(rewrite.CanonicalizationPatterns(m.Context())...)
	if _, err := rewrite.ApplyPatternsGreedily(m, patterns, rewrite.GreedyConfig{}); err != nil {
		t.Fatal(err)
	}
}

// canonicalized parses src, canonicalizes, verifies and prints the body.
func canonicalized(t *testing.T, src string) string {
	t.Helper()
	ctx := newContext()
	m, err := parseAndVerify(ctx, src)
	if err != nil {
		t.Fatalf("%s", err.(*ir.Diagnostic).Format(ctx))
	}
	canonicalize(t, m)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("after canonicalization: %s", err.(*ir.Diagnostic).Format(ctx))
	}
	return printBody(m, ir.PrintOptions{})
}
