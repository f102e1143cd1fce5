package irtest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// testDialect has a constant op, as arith.constant would be, two ops with
// the MemRefsNormalizable trait, and accepts any other test.* op in generic
// form.
var testDialect = &ir.Dialect{
	Name:            "test",
	AllowUnknownOps: true,
	Ops: []*ir.OpDef{{
		Name:     "test.constant",
		Traits:   ir.Pure | ir.ConstantLike,
		Results:  ir.Exactly(1),
		Inherent: []string{"value"},
	}, {
		// MLIR's test.op_norm and test.op_norm_ret, the ops normalize-memrefs
		// tests use for users with the MemRefsNormalizable trait.
		Name:     "test.op_norm",
		Traits:   ir.MemRefsNormalizable,
		Operands: ir.Exactly(2),
		Results:  ir.Exactly(0),
	}, {
		Name:     "test.op_norm_ret",
		Traits:   ir.MemRefsNormalizable,
		Operands: ir.Exactly(1),
		Results:  ir.Exactly(2),
	}},
}

// TestDialect returns the "test" dialect: test.constant, a constant-like
// op with a "value" attribute, and any other test.* op in generic form,
// for dialects whose tests must not allow unregistered dialects.
func TestDialect() *ir.Dialect { return testDialect }

// ContextWith returns a function that makes a fresh context with dialects
// loaded and unregistered dialects allowed, so that inputs may define
// values with "test.def" ops.
func ContextWith(dialects ...*ir.Dialect) func() *ir.Context {
	return func() *ir.Context {
		ctx := ir.NewContext(dialects...)
		ctx.SetAllowUnregisteredDialects(true)
		return ctx
	}
}

// ParseAndVerify parses src as file "in.mlir" and verifies it.
func ParseAndVerify(ctx *ir.Context, src string) (*ir.Operation, error) {
	m, err := ir.Parse(ctx, src, "in.mlir")
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

// PrintBody prints the ops of a module's body, one after the other, as
// they appeared at the top of the input.
func PrintBody(m *ir.Operation, opts ir.PrintOptions) string {
	var parts []string
	for op := range ir.ModuleBody(m).Ops() {
		parts = append(parts, ir.OpString(op, opts))
	}
	return strings.Join(parts, "\n")
}

// PrintedBody parses and verifies src in a context from newCtx and
// returns its printed body.
func PrintedBody(t *testing.T, newCtx func() *ir.Context, src string, opts ir.PrintOptions) string {
	t.Helper()
	return Transformed(t, newCtx, src, opts, nil)
}

// Transformed parses and verifies src in a context from newCtx, applies
// transform (when not nil), verifies again and returns the printed body.
func Transformed(t *testing.T, newCtx func() *ir.Context, src string, opts ir.PrintOptions, transform func(*ir.Operation) error) string {
	t.Helper()
	ctx := newCtx()
	m, err := ParseAndVerify(ctx, src)
	if err != nil {
		t.Fatalf("%s\ninput:\n%s", formatError(ctx, err), src)
	}
	if transform != nil {
		if err := transform(m); err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("after the transformation: %s", formatError(ctx, err))
		}
	}
	return PrintBody(m, opts)
}

// CheckFixedPoint checks that printing the parsed src and parsing that
// again prints the same text.
func CheckFixedPoint(t *testing.T, newCtx func() *ir.Context, src string, opts ir.PrintOptions) {
	t.Helper()
	ctx := newCtx()
	var prev string
	for round := range 2 {
		m, err := ParseAndVerify(ctx, src)
		if err != nil {
			t.Fatalf("round %d: %s\ninput:\n%s", round, formatError(ctx, err), src)
		}
		prev, src = src, string(ir.PrintBytes(m, opts))
	}
	if src != prev {
		t.Errorf("not a fixed point: second print\n%s\nfirst\n%s", src, prev)
	}
}

// formatError formats a diagnostic with its source line and caret.
func formatError(ctx *ir.Context, err error) string {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d.Format(ctx)
	}
	return err.Error()
}

// Invalid is an input and the diagnostic it must produce.
type Invalid struct{ Name, In, Err string }

// CheckInvalid parses and verifies each case's In as the named file in a
// context from newCtx: it must fail, and the error text, cut by cut (the
// whole text when cut is nil), must be the case's Err.
func CheckInvalid(t *testing.T, newCtx func() *ir.Context, file string, cases []Invalid, cut func(string) string) {
	for i, tc := range cases {
		name := tc.Name
		if name == "" {
			name = strconv.Itoa(i)
		}
		t.Run(name, func(t *testing.T) {
			m, err := ir.Parse(newCtx(), tc.In, file)
			if err == nil {
				err = ir.Verify(m)
			}
			if err == nil {
				t.Fatalf("%s\n: no error, want %s", tc.In, tc.Err)
			}
			got := err.Error()
			if cut != nil {
				got = cut(got)
			}
			if got != tc.Err {
				t.Errorf("%s\n: got\n%s\nwant\n%s", tc.In, got, tc.Err)
			}
		})
	}
}

// FirstLine returns s up to its first newline.
func FirstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// CheckParseNoPanic parses each input in a context from newCtx: errors
// must be diagnostics, and what parses must verify or not and print in
// both forms without panicking.
func CheckParseNoPanic(t *testing.T, newCtx func() *ir.Context, inputs []string) {
	for _, src := range inputs {
		m, err := ir.Parse(newCtx(), src, "in.mlir")
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Errorf("%q: error %v is not a diagnostic", src, err)
			}
			continue
		}
		_ = ir.Verify(m)
		ir.PrintBytes(m, ir.PrintOptions{})
		ir.PrintBytes(m, ir.PrintOptions{Generic: true})
	}
}

// ParsePrintsBack parses src: a failure must be a Diagnostic, and a module
// that parses and verifies must print as text that parses again. The fuzz
// targets of the parsers share it.
func ParsePrintsBack(t *testing.T, ctx *ir.Context, src string) {
	t.Helper()
	m, err := ir.Parse(ctx, src, "fuzz.mlir")
	if err != nil {
		if _, ok := err.(*ir.Diagnostic); !ok {
			t.Fatalf("parse error is not a diagnostic: %T %v", err, err)
		}
		return
	}
	if ir.Verify(m) != nil {
		return
	}
	out := ir.PrintBytes(m, ir.PrintOptions{})
	if _, err := ir.Parse(ctx, string(out), "printed.mlir"); err != nil {
		t.Fatalf("printed form does not parse: %v\n%s", err, out)
	}
}
