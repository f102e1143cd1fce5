package irtest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// The conformance corpora: upstream MLIR's test files and MLIR 16's
// generic print of them, kept beside the repository in
// ../shared/conformance and read in place, never copied.
const (
	Upstream      = "mlir-upstream"
	MLIR16Generic = "mlir16-generic"
)

// CorpusDir returns the directory of a corpus. It skips the test when the
// corpus is absent, and fails it instead under CI=true.
func CorpusDir(t testing.TB, corpus string) string {
	t.Helper()
	dir := corpus
	if wd, err := os.Getwd(); err == nil {
		// Tests run in their package's directory: go up to the module root.
		for d := wd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				dir = filepath.Join(filepath.Dir(d), "shared", "conformance", corpus)
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("conformance corpus missing: %v", err)
		}
		t.Skip("conformance corpus not present")
	}
	return dir
}

// CorpusFiles returns the .mlir files of a corpus whose slash-separated
// path below it satisfies match (every file when match is nil), in
// lexical order. It fails the test when there are none.
func CorpusFiles(t testing.TB, corpus string, match func(rel string) bool) []string {
	t.Helper()
	dir := CorpusDir(t, corpus)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".mlir") {
			return nil
		}
		if rel, _ := filepath.Rel(dir, p); match == nil || match(filepath.ToSlash(rel)) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("no conformance files in %s", dir)
	}
	return files
}

// RoundTrip parses src and returns the parse error, if any. Otherwise it
// verifies the module and checks that its custom print parses, verifies
// and prints again the same, and that its generic print parses, verifies
// and prints the same custom form; each failure is a t.Errorf prefixed
// with name.
func RoundTrip(t testing.TB, ctx *ir.Context, src, name string) error {
	t.Helper()
	m, err := ir.Parse(ctx, src, name)
	if err != nil {
		return err
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("%s: verify: %v", name, err)
		return nil
	}
	for _, p := range checkPrints(ctx, m, true) {
		t.Errorf("%s: %s", name, p)
	}
	return nil
}

// checkPrints checks that m's custom print is a fixed point and that its
// generic print parses back to the same custom print; when verified, the
// printed forms must verify too.
func checkPrints(ctx *ir.Context, m *ir.Operation, verified bool) []string {
	var problems []string
	custom := string(ir.PrintBytes(m, ir.PrintOptions{}))
	generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
	for _, form := range []struct{ what, text string }{{"custom", custom}, {"generic", generic}} {
		m2, err := ir.Parse(ctx, form.text, form.what+".mlir")
		if err != nil {
			problems = append(problems, "reparse "+form.what+" form: "+err.Error()+"\n"+form.text)
			continue
		}
		if verified {
			if err := ir.Verify(m2); err != nil {
				problems = append(problems, "verify "+form.what+" form: "+err.Error()+"\n"+form.text)
				continue
			}
		}
		if again := string(ir.PrintBytes(m2, ir.PrintOptions{})); again != custom {
			problems = append(problems, "custom print after the "+form.what+" form differs:\n"+custom+"\n---\n"+again)
		}
	}
	return problems
}

// CheckUpstreamOps finds every statement of the upstream corpus that
// starts with an op of dialect (with its regions; lines of nested ops of
// dialects not in loaded are left out, their results becoming free
// values) and checks it with checkStatement in a fresh o.NewContext().
// It fails when there are none.
func CheckUpstreamOps(t *testing.T, dialect string, loaded map[string]bool, o ExampleOptions) {
	n := 0
	for file, stmts := range upstreamOps(t, CorpusFiles(t, Upstream, nil), dialect, loaded) {
		for _, s := range stmts {
			checkStatement(t, o.NewContext(), file, s, o)
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no %s ops found in the upstream files", dialect)
	}
	t.Logf("%d %s ops round-tripped", n, dialect)
}

// upstreamOps returns, by file, the statements of files that start with
// an op of dialect.
func upstreamOps(t testing.TB, files []string, dialect string, loaded map[string]bool) map[string][]string {
	t.Helper()
	start := regexp.MustCompile(`^\s*((%[\w$.-]+(:\d+)?\s*,\s*)*%[\w$.-]+(:\d+)?\s*=\s*)?` + regexp.QuoteMeta(dialect) + `\.[a-z_.]+\b`)
	out := map[string][]string{}
	for _, p := range files {
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
				if m := nestedOp.FindStringSubmatch(l); m != nil && !loaded[m[1]] {
					continue
				}
				stmt = append(stmt, l)
			}
			out[p] = append(out[p], strings.Join(stmt, "\n"))
		}
	}
	return out
}

var (
	nestedOp     = regexp.MustCompile(`^\s*(?:(?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=\s*)?([a-z_]+)\.[\w.]+`)
	continuation = []string{"iter_args", "shared_outs", "init", "step", "to ", "->", ":", "{", "into", "output_shape", "offset:", "sizes:", "strides:", "attributes"}
	resultUse    = regexp.MustCompile(`(%[\w$.-]+)#(\d+)`)
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

// checkStatement parses a statement as an example (see ParseExample) and
// checks its prints as RoundTrip does. A statement
// that does not verify is logged, not failed (some upstream files hold ops
// MLIR rejects too), but must still round-trip.
func checkStatement(t testing.TB, ctx *ir.Context, file, stmt string, o ExampleOptions) {
	t.Helper()
	// Uses of results of ops outside the statement (%0#1) become plain
	// values defined for it.
	stmt = resultUse.ReplaceAllString(strings.TrimSpace(stmt), "${1}_r$2")
	m, _, err := ParseExample(ctx, stmt, o)
	if err != nil {
		t.Fatalf("parse %q: %v", stmt, err)
	}
	verified := true
	if err := ir.Verify(m); err != nil {
		t.Logf("%s: %q: verify: %v", file, stmt, err)
		verified = false
	}
	for _, p := range checkPrints(ctx, m, verified) {
		t.Errorf("%s: %s", file, p)
	}
}
