package vector

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
// with "test.def" ops whose types are learnt from the parser's complaints.
func parseExample(t *testing.T, ctx *ir.Context, example string) *ir.Operation {
	t.Helper()
	results := map[string]bool{}
	if lhs, _, ok := strings.Cut(example, " = "); ok && strings.HasPrefix(lhs, "%") {
		lhs, _, _ = strings.Cut(lhs, ":")
		for _, r := range strings.Split(lhs, ",") {
			results[strings.TrimSpace(r)] = true
		}
	}
	types := map[string]string{}
	var uses []string
	for _, n := range ssaName.FindAllString(example, -1) {
		if _, seen := types[n]; !seen && !results[n] {
			types[n] = "none"
			uses = append(uses, n)
		}
	}
	for range 8 {
		var src strings.Builder
		for _, n := range uses {
			src.WriteString(n + ` = "test.def"() : () -> ` + types[n] + "\n")
		}
		src.WriteString(example + "\n")
		m, err := ir.Parse(ctx, src.String(), "example.mlir")
		if err == nil {
			return m
		}
		sm := typeMismatch.FindStringSubmatch(err.Error())
		if sm == nil {
			t.Fatalf("parse %q: %v", example, err)
		}
		types[sm[1]] = sm[2]
	}
	t.Fatalf("parse %q: could not infer operand types", example)
	return nil
}

// renumber replaces SSA names by their order of first appearance.
func renumber(s string) string {
	seen := map[string]string{}
	return ssaName.ReplaceAllStringFunc(s, func(n string) string {
		if _, ok := seen[n]; !ok {
			seen[n] = "%v" + string(rune('a'+len(seen)))
		}
		return seen[n]
	})
}

var aliasDef = regexp.MustCompile(`^(#[\w.]+) = (.*)$`)

// lastLine returns the printed line of the module's last op, with
// attribute aliases (#map) expanded.
func lastLine(m *ir.Operation, opts ir.PrintOptions) string {
	lines := strings.Split(strings.TrimSpace(string(ir.PrintBytes(m, opts))), "\n")
	last := strings.TrimSpace(lines[len(lines)-2])
	var aliases [][]string
	for _, l := range lines {
		if sm := aliasDef.FindStringSubmatch(l); sm != nil {
			aliases = append(aliases, sm[1:])
		}
	}
	// Longest names first, so #map1 is not read as #map followed by 1.
	for i := len(aliases) - 1; i >= 0; i-- {
		last = regexp.MustCompile(regexp.QuoteMeta(aliases[i][0])+`\b`).ReplaceAllLiteralString(last, aliases[i][1])
	}
	return last
}

func TestExamplesRoundTrip(t *testing.T) {
	for _, d := range Dialect().Ops {
		t.Run(d.Name, func(t *testing.T) {
			if d.Summary == "" || d.Example == "" {
				t.Fatalf("%s has no summary or example", d.Name)
			}
			ctx := newContext()
			m := parseExample(t, ctx, d.Example)
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			custom := lastLine(m, ir.PrintOptions{})
			if renumber(custom) != renumber(d.Example) {
				t.Errorf("printed\n\t%s\nwant\n\t%s", custom, d.Example)
			}
			generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
			m2, err := ir.Parse(ctx, generic, "generic.mlir")
			if err != nil {
				t.Fatalf("reparse generic form %s: %v", generic, err)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("verify generic: %v", err)
			}
			if again := lastLine(m2, ir.PrintOptions{}); again != custom {
				t.Errorf("custom form after generic round trip\n\t%s\nwant\n\t%s", again, custom)
			}
		})
	}
}
