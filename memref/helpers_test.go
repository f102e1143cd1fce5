package memref

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

func newContext() *ir.Context {
	ctx := ir.NewContext(Dialect(), arith.Dialect(), fn.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

var (
	ssaName      = regexp.MustCompile(`%[\w$.-]+`)
	definedName  = regexp.MustCompile(`(%[\w$.-]+)(?::\d+)? = |(%[\w$.-]+): |(%[\w$.-]+) in `)
	resultList   = regexp.MustCompile(`^\s*(%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=`)
	typeMismatch = regexp.MustCompile(`use of value '(%[\w$.-]+)' expects different type than prior uses: '([^']*)' vs`)
)

// parseExample parses an op's printed example inside a function (globals
// stay at the top level), defining the values it uses but does not define
// with "test.def" ops whose types are learnt from the parser's complaints.
func parseExample(t *testing.T, ctx *ir.Context, example string) *ir.Operation {
	t.Helper()
	defined := map[string]bool{}
	var top, body []string
	for _, line := range strings.Split(example, "\n") {
		if strings.HasPrefix(line, "memref.global") {
			top = append(top, line)
		} else {
			body = append(body, line)
		}
		for _, m := range definedName.FindAllStringSubmatch(line, -1) {
			defined[m[1]+m[2]+m[3]] = true
		}
		if lhs := resultList.FindString(line); lhs != "" {
			for _, n := range ssaName.FindAllString(lhs, -1) {
				defined[n] = true
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
		for _, l := range top {
			src.WriteString(l + "\n")
		}
		src.WriteString("func.func @example() {\n")
		for _, n := range uses {
			src.WriteString(n + ` = "test.def"() : () -> ` + types[n] + "\n")
		}
		src.WriteString(strings.Join(body, "\n") + "\nreturn\n}\n")
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

// exampleText returns the printed example: the module's lines other than
// the wrapper function, its return and the test.def ops, unindented.
func exampleText(m *ir.Operation, opts ir.PrintOptions) string {
	var out []string
	for _, l := range strings.Split(string(ir.PrintBytes(m, opts)), "\n") {
		tl := strings.TrimSpace(l)
		switch {
		case tl == "" || tl == "module {" || strings.HasPrefix(tl, "func.func @example") || tl == "return" ||
			strings.Contains(tl, `"test.def"`):
			continue
		case l == "}" || l == "  }":
			continue
		}
		l = strings.TrimPrefix(l, "  ")
		if !strings.HasPrefix(tl, "memref.global") {
			l = strings.TrimPrefix(l, "  ")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// checkExamples parses, verifies and prints every op's example, custom and
// through the generic form.
func checkExamples(t *testing.T, d *ir.Dialect, ctx func() *ir.Context) {
	for _, def := range d.Ops {
		t.Run(def.Name, func(t *testing.T) {
			if def.Summary == "" || def.Example == "" {
				t.Fatalf("%s has no summary or example", def.Name)
			}
			c := ctx()
			m := parseExample(t, c, def.Example)
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			custom := exampleText(m, ir.PrintOptions{})
			if renumber(custom) != renumber(def.Example) {
				t.Errorf("printed\n%s\nwant\n%s", custom, def.Example)
			}
			generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
			m2, err := ir.Parse(c, generic, "generic.mlir")
			if err != nil {
				t.Fatalf("reparse generic form %s: %v", generic, err)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("verify generic: %v\n%s", err, generic)
			}
			if again := exampleText(m2, ir.PrintOptions{}); again != custom {
				t.Errorf("custom form after generic round trip\n%s\nwant\n%s", again, custom)
			}
		})
	}
}
