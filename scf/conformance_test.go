package scf

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// upstreamDir holds upstream MLIR test files; they are read in place,
// never copied.
const upstreamDir = "../../shared/conformance/mlir-upstream"

// opStart matches a statement that starts with an op of the dialect.
var opStart = regexp.MustCompile(`^\s*((%[\w$.-]+(:\d+)?\s*,\s*)*%[\w$.-]+(:\d+)?\s*=\s*)?scf\.[a-z_.]+\b`)

var resultUse = regexp.MustCompile(`(%[\w$.-]+)#(\d+)`)

// upstreamOps returns every statement of the upstream files that starts
// with an scf op (with its regions), by file.
func upstreamOps(t *testing.T, start *regexp.Regexp) map[string][]string {
	if _, err := os.Stat(upstreamDir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("upstream corpus missing: %v", err)
		}
		t.Skip("upstream corpus not present")
	}
	out := map[string][]string{}
	filepath.WalkDir(upstreamDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".mlir") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for i := 0; i < len(lines); i++ {
			if !start.MatchString(lines[i]) {
				continue
			}
			// Extend the statement until its brackets balance.
			stmt := []string{stripComment(lines[i])}
			depth := balance(stmt[0])
			for i+1 < len(lines) && (depth > 0 || continues(lines[i+1])) {
				i++
				l := stripComment(lines[i])
				depth += balance(l)
				if m := nestedOp.FindStringSubmatch(l); m != nil && !loadedDialects[m[1]] {
					// Ops of dialects not loaded here cannot be parsed in
					// custom form; their results become free values.
					continue
				}
				stmt = append(stmt, l)
			}
			out[p] = append(out[p], strings.Join(stmt, "\n"))
		}
		return nil
	})
	return out
}

var (
	nestedOp       = regexp.MustCompile(`^\s*(?:(?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=\s*)?([a-z_]+)\.[\w.]+`)
	loadedDialects = map[string]bool{"arith": true, "memref": true, "scf": true, "cf": true, "func": true}
	continuation   = []string{"iter_args", "shared_outs", "init", "step", "to ", "->", ":", "{", "into", "output_shape", "offset:", "sizes:", "strides:", "attributes"}
)

// continues reports whether a line continues the statement before it.
func continues(l string) bool {
	l = strings.TrimSpace(l)
	for _, c := range continuation {
		if strings.HasPrefix(l, c) {
			return true
		}
	}
	return false
}

func stripComment(l string) string {
	if i := strings.Index(l, "//"); i >= 0 {
		return strings.TrimRight(l[:i], " ")
	}
	return strings.TrimRight(l, " ")
}

func balance(l string) int {
	n := 0
	for _, c := range l {
		switch c {
		case '{', '(', '[':
			n++
		case '}', ')', ']':
			n--
		}
	}
	return n
}

// checkFixedPoint parses a statement, verifies it, and checks that its
// custom form prints to a fixed point and agrees with its generic form.
func checkFixedPoint(t *testing.T, ctx *ir.Context, file, stmt string) {
	t.Helper()
	// Uses of results of ops outside the statement (%0#1) become plain
	// values defined for it.
	stmt = resultUse.ReplaceAllString(strings.TrimSpace(stmt), "${1}_r$2")
	m := parseExample(t, ctx, stmt)
	if err := ir.Verify(m); err != nil {
		// Some upstream files hold ops MLIR rejects too (a legacy
		// cast between element types): they must still round-trip.
		t.Logf("%s: %q: verify: %v", file, stmt, err)
	}
	first := string(ir.PrintBytes(m, ir.PrintOptions{}))
	m2, err := ir.Parse(ctx, first, "printed")
	if err != nil {
		t.Errorf("%s: reparse %q: %v", file, first, err)
		return
	}
	if second := string(ir.PrintBytes(m2, ir.PrintOptions{})); second != first {
		t.Errorf("%s: not a fixed point:\n%s\n---\n%s", file, first, second)
	}
	generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
	m3, err := ir.Parse(ctx, generic, "generic")
	if err != nil {
		t.Errorf("%s: reparse generic %q: %v", file, generic, err)
		return
	}
	if custom := string(ir.PrintBytes(m3, ir.PrintOptions{})); custom != first {
		t.Errorf("%s: generic and custom forms disagree:\n%s\n---\n%s", file, first, custom)
	}
}

func TestUpstreamOpsRoundTrip(t *testing.T) {
	n := 0
	for file, stmts := range upstreamOps(t, opStart) {
		for _, s := range stmts {
			checkFixedPoint(t, newContext(), file, s)
			n++
		}
	}
	if n == 0 {
		t.Fatal("no scf ops found in the upstream files")
	}
	t.Logf("%d scf ops round-tripped", n)
}

// genericDir holds MLIR 16's generic print of the upstream files.
const genericDir = "../../shared/conformance/mlir16-generic"

// TestMLIR16GenericFiles parses MLIR 16's generic print of the upstream
// files that use memref or scf ops with those dialects loaded: they must
// verify, and print in custom form to a fixed point.
func TestMLIR16GenericFiles(t *testing.T) {
	if _, err := os.Stat(genericDir); err != nil {
		t.Skip("generic corpus not present")
	}
	n := 0
	filepath.WalkDir(genericDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".mlir") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `"scf.`) && !strings.Contains(string(src), `"memref.`) {
			return nil
		}
		for i, chunk := range ir.SplitInput(string(src)) {
			ctx := newContext()
			m, err := ir.Parse(ctx, chunk, p)
			if err != nil {
				t.Errorf("%s chunk %d: %v", p, i, err)
				continue
			}
			if err := ir.Verify(m); err != nil {
				t.Errorf("%s chunk %d: verify: %v", p, i, err)
				continue
			}
			first := string(ir.PrintBytes(m, ir.PrintOptions{}))
			m2, err := ir.Parse(ctx, first, "printed")
			if err != nil {
				t.Errorf("%s chunk %d: reparse: %v\n%s", p, i, err, first)
				continue
			}
			if second := string(ir.PrintBytes(m2, ir.PrintOptions{})); second != first {
				t.Errorf("%s chunk %d: not a fixed point:\n%s\n---\n%s", p, i, first, second)
			}
			n++
		}
		return nil
	})
	if n == 0 {
		t.Fatal("no generic files with memref or scf ops")
	}
}
