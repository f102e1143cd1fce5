package spirv

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

var (
	ssaName      = regexp.MustCompile(`%[\w$.-]+`)
	typeMismatch = regexp.MustCompile(`use of value '(%[\w$.-]+)' expects different type than prior uses: '([^']*)' vs`)
)

// parseExample parses an op's printed example, defining the values it uses
// but does not define with "test.def" ops whose types are learnt from the
// parser's complaints.
func parseExample(t *testing.T, ctx *ir.Context, example string) (*ir.Operation, int) {
	t.Helper()
	defined := map[string]bool{}
	for _, line := range strings.Split(example, "\n") {
		if lhs, _, ok := strings.Cut(line, " = "); ok {
			for _, r := range ssaName.FindAllString(lhs, -1) {
				defined[r] = true
			}
		}
		// Block and region arguments: %name: type.
		for _, m := range regexp.MustCompile(`(%[\w$.-]+)\s*:`).FindAllStringSubmatch(line, -1) {
			if strings.HasPrefix(strings.TrimSpace(line), "^") || strings.Contains(line, "spirv.func") {
				defined[m[1]] = true
			}
		}
	}
	types := map[string]string{}
	var uses []string
	for _, n := range ssaName.FindAllString(example, -1) {
		if _, seen := types[n]; !seen && !defined[n] {
			types[n] = "none"
			uses = append(uses, n)
		}
	}
	for range 12 {
		var src strings.Builder
		for _, n := range uses {
			src.WriteString(n + ` = "test.def"() : () -> ` + types[n] + "\n")
		}
		src.WriteString(example + "\n")
		m, err := ir.Parse(ctx, src.String(), "example.mlir")
		if err == nil {
			return m, len(uses)
		}
		sm := typeMismatch.FindStringSubmatch(err.Error())
		if sm == nil {
			t.Fatalf("parse %q: %v", example, err)
		}
		types[sm[1]] = sm[2]
	}
	t.Fatalf("parse %q: could not infer operand types", example)
	return nil, 0
}

// renumber replaces SSA names by their order of first appearance.
func renumber(s string) string {
	seen := map[string]string{}
	return ssaName.ReplaceAllStringFunc(s, func(n string) string {
		if _, ok := seen[n]; !ok {
			seen[n] = "%v" + itoa(int64(len(seen)))
		}
		return seen[n]
	})
}

// printedExample returns the printed module without its wrapper and the
// test.def ops, dedented.
func printedExample(m *ir.Operation, defs int, opts ir.PrintOptions) string {
	lines := strings.Split(strings.TrimSpace(string(ir.PrintBytes(m, opts))), "\n")
	lines = lines[1+defs : len(lines)-1]
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

func TestExamplesRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Dialect().Ops {
		if seen[d.Name] {
			t.Errorf("%s defined twice", d.Name)
		}
		seen[d.Name] = true
		t.Run(d.Name, func(t *testing.T) {
			if d.Summary == "" || d.Example == "" {
				t.Fatalf("%s has no summary or example", d.Name)
			}
			ctx := newContext()
			m, defs := parseExample(t, ctx, d.Example)
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			custom := printedExample(m, defs, ir.PrintOptions{})
			if renumber(custom) != renumber(d.Example) {
				t.Errorf("printed\n%s\nwant\n%s", custom, d.Example)
			}
			generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
			m2, err := ir.Parse(ctx, generic, "generic.mlir")
			if err != nil {
				t.Fatalf("reparse generic form %s: %v", generic, err)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("verify generic: %v", err)
			}
			if again := printedExample(m2, defs, ir.PrintOptions{}); again != custom {
				t.Errorf("custom form after generic round trip\n%s\nwant\n%s", again, custom)
			}
		})
	}
}
