package irtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// ExampleOptions says how a dialect's op examples are parsed and compared.
type ExampleOptions struct {
	// NewContext returns a fresh context with the dialects the examples
	// need; unregistered ops must be allowed when examples use values
	// they do not define (those are defined by "test.def" ops).
	NewContext func() *ir.Context
	// InFunc puts the example inside `func.func @example() { ... return }`
	// (the func dialect must be loaded), for ops that must be in a function.
	InFunc bool
	// TopLevel names the ops whose example lines stay outside that
	// function (memref.global).
	TopLevel []string
	// SelfContained examples define every value they use: they are parsed
	// as they are, with no test.def ops added.
	SelfContained bool
	// ShowsOp requires each example's custom print to show its op's name.
	ShowsOp bool
	// KeepNames compares value names exactly; otherwise names are
	// renumbered by first appearance, since printed names (%0, %c0) differ
	// from an example's (%a, %r).
	KeepNames bool
	// Printed maps op names to what their example prints as when it is by
	// design not a fixed point (MLIR 16 syntax the custom form drops).
	Printed map[string]string
}

var (
	ssaName      = regexp.MustCompile(`%[\w$.-]+`)
	definedName  = regexp.MustCompile(`(%[\w$.-]+)(?::\d+)? = |(%[\w$.-]+) in `)
	resultList   = regexp.MustCompile(`^\s*(%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=`)
	ivList       = regexp.MustCompile(`\((%[\w$.-]+(?:,\s*%[\w$.-]+)*)\) (?:=|in) `)
	blockArg     = regexp.MustCompile(`(%[\w$.-]+)\s*:`)
	typeMismatch = regexp.MustCompile(`use of value '(%[\w$.-]+)' expects different type than prior uses: '([^']*)' vs`)
	aliasDef     = regexp.MustCompile(`^(#[\w.]+) = (.*)$`)
)

// maxTypeGuesses bounds the rounds of learning operand types from the
// parser's complaints (one value's type per round).
const maxTypeGuesses = 16

// freeValues returns the values that example uses but does not define
// (results, block, region and loop arguments), in order of appearance.
func freeValues(example string) []string {
	defined := map[string]bool{}
	for _, line := range strings.Split(example, "\n") {
		for _, m := range definedName.FindAllStringSubmatch(line, -1) {
			defined[m[1]+m[2]] = true
		}
		if lhs := resultList.FindString(line); lhs != "" {
			for _, n := range ssaName.FindAllString(lhs, -1) {
				defined[n] = true
			}
		}
		for _, m := range ivList.FindAllStringSubmatch(line, -1) {
			for _, n := range ssaName.FindAllString(m[1], -1) {
				defined[n] = true
			}
		}
		// Block arguments and function arguments spelt `%name : type`.
		if tl := strings.TrimSpace(line); strings.HasPrefix(tl, "^") || strings.Contains(tl, ".func") {
			for _, m := range blockArg.FindAllStringSubmatch(line, -1) {
				defined[m[1]] = true
			}
		}
	}
	var free []string
	seen := map[string]bool{}
	for _, n := range ssaName.FindAllString(example, -1) {
		if !seen[n] && !defined[n] {
			seen[n] = true
			free = append(free, n)
		}
	}
	return free
}

// ParseExample parses a printed op (or a few ops) that may use values it
// does not define: each is defined first by a `"test.def"` op whose type
// is learnt from the parser's complaints. It returns the module and the
// number of test.def ops, which PrintedExample needs.
func ParseExample(ctx *ir.Context, example string, o ExampleOptions) (*ir.Operation, int, error) {
	var free []string
	if !o.SelfContained {
		free = freeValues(example)
	}
	types := map[string]string{}
	for _, n := range free {
		types[n] = "none"
	}
	var top, body []string
	for _, line := range strings.Split(example, "\n") {
		if o.InFunc && slices.ContainsFunc(o.TopLevel, func(op string) bool { return strings.HasPrefix(line, op) }) {
			top = append(top, line)
		} else {
			body = append(body, line)
		}
	}
	for range maxTypeGuesses {
		var src strings.Builder
		for _, l := range top {
			src.WriteString(l + "\n")
		}
		if o.InFunc {
			src.WriteString("func.func @example() {\n")
		}
		for _, n := range free {
			src.WriteString(n + ` = "test.def"() : () -> ` + types[n] + "\n")
		}
		src.WriteString(strings.Join(body, "\n") + "\n")
		if o.InFunc {
			src.WriteString("return\n}\n")
		}
		m, err := ir.Parse(ctx, src.String(), "example.mlir")
		if err == nil {
			return m, len(free), nil
		}
		sm := typeMismatch.FindStringSubmatch(err.Error())
		if sm == nil {
			return nil, 0, err
		}
		types[sm[1]] = sm[2]
	}
	return nil, 0, fmt.Errorf("could not infer operand types")
}

// PrintedExample prints a module made by ParseExample back as the example
// alone: without the implicit module, the wrapper function and the defs
// test.def ops, unindented, with attribute aliases (#map) expanded.
func PrintedExample(m *ir.Operation, defs int, o ExampleOptions, opts ir.PrintOptions) string {
	lines, aliases := splitAliases(string(ir.PrintBytes(m, opts)))
	if len(lines) >= 2 && lines[0] == "module {" && lines[len(lines)-1] == "}" {
		lines = dedent(lines[1 : len(lines)-1])
	}
	if !o.InFunc {
		return expandAliases(strings.Join(lines[min(defs, len(lines)):], "\n"), aliases)
	}
	var out []string
	for i := 0; i < len(lines); i++ {
		if lines[i] != "func.func @example() {" {
			out = append(out, lines[i])
			continue
		}
		end := i + 1
		for end < len(lines) && lines[end] != "}" {
			end++
		}
		inner := dedent(lines[min(i+1+defs, end):end])
		if n := len(inner); n > 0 && inner[n-1] == "return" {
			inner = inner[:n-1]
		}
		out = append(out, inner...)
		i = end
	}
	return expandAliases(strings.Join(out, "\n"), aliases)
}

// LastLine returns the printed line of the module's last top-level op,
// with attribute aliases expanded.
func LastLine(m *ir.Operation, opts ir.PrintOptions) string {
	lines, aliases := splitAliases(string(ir.PrintBytes(m, opts)))
	return expandAliases(strings.TrimSpace(lines[len(lines)-2]), aliases) // before the module's closing brace
}

// splitAliases splits printed IR into its lines after the alias
// definitions, and those definitions.
func splitAliases(printed string) (lines []string, aliases [][]string) {
	for _, l := range strings.Split(strings.TrimSpace(printed), "\n") {
		if sm := aliasDef.FindStringSubmatch(l); sm != nil {
			aliases = append(aliases, sm[1:])
		} else if l != "" || len(lines) > 0 {
			lines = append(lines, l)
		}
	}
	return lines, aliases
}

func expandAliases(s string, aliases [][]string) string {
	// Longest names first, so #map1 is not read as #map followed by 1.
	for i := len(aliases) - 1; i >= 0; i-- {
		s = regexp.MustCompile(regexp.QuoteMeta(aliases[i][0])+`\b`).ReplaceAllLiteralString(s, aliases[i][1])
	}
	return s
}

func dedent(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimPrefix(l, "  ")
	}
	return out
}

// Renumber replaces SSA names by their order of first appearance, so that
// texts that differ only in value names compare equal.
func Renumber(s string) string {
	seen := map[string]string{}
	return ssaName.ReplaceAllStringFunc(s, func(n string) string {
		if _, ok := seen[n]; !ok {
			seen[n] = fmt.Sprintf("%%v%d", len(seen))
		}
		return seen[n]
	})
}

// CheckExamples checks every op of d: it has a summary and an example, is
// defined once, and its example parses, verifies, shows the op and prints
// back as itself; its generic print parses, verifies and prints the same
// custom form again.
func CheckExamples(t *testing.T, d *ir.Dialect, o ExampleOptions) {
	seen := map[string]bool{}
	for _, def := range d.Ops {
		if seen[def.Name] {
			t.Errorf("%s defined twice", def.Name)
		}
		seen[def.Name] = true
		t.Run(def.Name, func(t *testing.T) {
			if def.Summary == "" || def.Example == "" {
				t.Fatalf("%s has no summary or example", def.Name)
			}
			ctx := o.NewContext()
			m, defs, err := ParseExample(ctx, def.Example, o)
			if err != nil {
				t.Fatalf("parse %q: %v", def.Example, err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			custom := PrintedExample(m, defs, o, ir.PrintOptions{})
			same := func(a, b string) bool { return a == b || !o.KeepNames && Renumber(a) == Renumber(b) }
			if want, ok := o.Printed[def.Name]; ok {
				if custom != want {
					t.Errorf("printed\n%s\nwant\n%s", custom, want)
				}
			} else {
				if !same(custom, def.Example) {
					t.Errorf("printed\n%s\nwant\n%s", custom, def.Example)
				}
				if o.ShowsOp && !regexp.MustCompile(regexp.QuoteMeta(def.Name)+`(\s|$)`).MatchString(custom) {
					t.Errorf("example does not show %s", def.Name)
				}
			}
			generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
			m2, err := ir.Parse(ctx, generic, "generic.mlir")
			if err != nil {
				t.Fatalf("reparse generic form %s: %v", generic, err)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("verify generic: %v\n%s", err, generic)
			}
			if again := PrintedExample(m2, defs, o, ir.PrintOptions{}); again != custom {
				t.Errorf("custom form after generic round trip\n%s\nwant\n%s\ngeneric:\n%s", again, custom, generic)
			}
		})
	}
}
