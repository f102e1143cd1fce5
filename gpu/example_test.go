package gpu

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(Dialect(), fn.Dialect(), arith.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

// body prints m and, for the implicit module that wraps several top-level
// ops, returns just its contents.
func body(m *ir.Operation, opts ir.PrintOptions) string {
	s := strings.TrimSpace(string(ir.PrintBytes(m, opts)))
	if !strings.HasPrefix(s, "module {\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	lines = lines[1 : len(lines)-1]
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

// printedExample is what an example prints as when it is not a fixed point
// by design (MLIR 16 syntax that the custom form drops).
var printedExample = map[string]string{
	"gpu.module_end": "gpu.module @m {\n}",
}

func TestExamplesRoundTrip(t *testing.T) {
	for _, d := range Dialect().Ops {
		t.Run(d.Name, func(t *testing.T) {
			if d.Summary == "" || d.Example == "" {
				t.Fatalf("%s has no summary or example", d.Name)
			}
			ctx := newContext()
			m, err := ir.Parse(ctx, d.Example, "example.mlir")
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			want := d.Example
			if w, ok := printedExample[d.Name]; ok {
				want = w
			}
			custom := body(m, ir.PrintOptions{})
			if custom != want {
				t.Errorf("printed\n%s\nwant\n%s", custom, want)
			}
			if !strings.Contains(custom, d.Name+" ") && !strings.Contains(custom, d.Name+"\n") && !strings.HasSuffix(custom, d.Name) && d.Name != "gpu.module_end" {
				t.Errorf("example does not show %s", d.Name)
			}
			generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
			m2, err := ir.Parse(ctx, generic, "generic.mlir")
			if err != nil {
				t.Fatalf("reparse generic form %s: %v", generic, err)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("verify generic: %v\n%s", err, generic)
			}
			if again := body(m2, ir.PrintOptions{}); again != custom {
				t.Errorf("custom form after generic round trip\n%s\nwant\n%s", again, custom)
			}
		})
	}
}
