// Package lit runs test files as LLVM's lit does: the RUN lines of a file
// through bash, with lit's substitutions, REQUIRES/UNSUPPORTED/XFAIL and
// %if conditionals, and lit's `not` and `split-file` tools. It is the one
// engine behind the repository's own .mlir tests (through ir/irtest), the
// upstream corpus runner and `kiln test`.
package lit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// FileCheckNames are the FileCheck binaries tried, in order.
var FileCheckNames = []string{"FileCheck", "FileCheck-16", "FileCheck-14", "FileCheck-15", "FileCheck-17", "FileCheck-18", "FileCheck-19"}

// FindFileCheck returns the path of an installed FileCheck.
func FindFileCheck() (string, error) {
	for _, n := range FileCheckNames {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("FileCheck not found (install llvm-14-tools, or run ci/install.sh)")
}

// A LitFile is a test file's lit directives: its RUN commands (lines
// ending in a backslash joined) and its REQUIRES, UNSUPPORTED and XFAIL
// feature lists.
type LitFile struct {
	Runs                         []string
	Requires, Unsupported, XFail []string
}

// ParseLit reads the lit directives of a test file's text.
func ParseLit(src string) LitFile {
	var f LitFile
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		key, rest, ok := directive(line)
		if !ok {
			continue
		}
		switch key {
		case "RUN":
			if strings.HasSuffix(rest, "\\") {
				cur += strings.TrimSuffix(rest, "\\") + " "
				continue
			}
			f.Runs = append(f.Runs, cur+rest)
			cur = ""
		case "REQUIRES":
			f.Requires = append(f.Requires, featureList(rest)...)
		case "UNSUPPORTED":
			f.Unsupported = append(f.Unsupported, featureList(rest)...)
		case "XFAIL":
			f.XFail = append(f.XFail, featureList(rest)...)
		}
	}
	return f
}

// directive splits a line holding a lit directive into its keyword and
// text. As lit, it takes the directive after a comment leader of any
// language (`//`, `#`, `;`), so that a file bundling other syntax for
// split-file (SPIR-V assembly, say) may spell its RUN lines `# RUN:`; a
// keyword after a word (`CHECK: RUN:`) is not a directive.
func directive(line string) (key, rest string, ok bool) {
	key, rest, ok = strings.Cut(strings.TrimLeft(line, " \t/#;*!"), ":")
	switch {
	case !ok:
	case key == "RUN", key == "REQUIRES", key == "UNSUPPORTED", key == "XFAIL":
		return key, strings.TrimSpace(rest), true
	}
	return "", "", false
}

func featureList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// RunLines returns the commands of a file's `// RUN:` lines.
func RunLines(src string) []string { return ParseLit(src).Runs }

// Status is a lit test's outcome.
type Status int

const (
	Pass Status = iota
	Fail
	// Unsupported: a REQUIRES feature is missing, an UNSUPPORTED one is
	// present, or a RUN line names a tool or flag the environment declares
	// unsupported (Env.UnsupportedIf).
	Unsupported
	// XFail: marked XFAIL and failed, as expected.
	XFail
	// XPass: marked XFAIL but passed.
	XPass
)

func (s Status) String() string {
	return [...]string{"PASS", "FAIL", "UNSUPPORTED", "XFAIL", "XPASS"}[s]
}

// ParseStatus reads a Status from its String.
func ParseStatus(s string) (Status, bool) {
	for st := Pass; st <= XPass; st++ {
		if st.String() == s {
			return st, true
		}
	}
	return 0, false
}

// A Result is what running a test file gave: its status, and for a
// failure or an unsupported test the command and its output (Why).
type Result struct {
	Status  Status
	Command string
	Why     string
}

// Env is where RUN lines find their tools: BinDir is put first on PATH. It
// holds `kiln`, FileCheck, lit's `not` and `split-file`, and the MLIR
// tools' names mapped to kiln subcommands (see NewEnv).
type Env struct {
	BinDir string
	// Features are lit's available features (for REQUIRES and %if).
	Features map[string]bool
	// Substitutions are applied to RUN lines before %s, %t, %S and %p, in
	// order of decreasing length of their names.
	Substitutions map[string]string
	// UnsupportedIf, when set, returns a reason when a failed command's
	// output shows it needs something outside the project's scope (an
	// MLIR test-only pass, say); the test is then Unsupported.
	UnsupportedIf func(command, output string) string
	// Timeout bounds each RUN line (a minute when zero).
	Timeout time.Duration
	// Environ is added to the environment of RUN lines (KEY=VALUE).
	Environ []string
}

// Tools are the MLIR tools a RUN line may name and the kiln commands that
// stand in for them.
var Tools = map[string]string{
	"mlir-opt":           "kiln opt",
	"mlir-translate":     "kiln translate",
	"mlir-runner":        "kiln run",
	"mlir-vulkan-runner": "kiln run",
}

// NewEnv prepares dir, an empty bin directory, holding a `kiln` link to
// kilnPath, a `FileCheck` script running the installed FileCheck, a script for
// each of Tools, and lit's `not` and `split-file`, both run through the
// `kiln` link as its `lit-not` and `lit-split-file` subcommands (see
// LitMain). The spirv-tools feature is on when spirv-val is installed.
func NewEnv(dir, kilnPath string) (*Env, error) {
	if err := os.Symlink(kilnPath, filepath.Join(dir, "kiln")); err != nil {
		return nil, err
	}
	fc, err := FindFileCheck()
	if err != nil {
		return nil, err
	}
	// FileCheck drains its stdin once done, as lit's internal shell holds
	// a pipeline's pipes open until its last command exits and then reads
	// them out: `kiln opt %s | FileCheck --input-file=%t %s` must not kill
	// kiln opt with SIGPIPE (exit 141 under pipefail) when FileCheck, which
	// reads no stdin then, exits first.
	drain := fmt.Sprintf("#!/bin/sh\n%s \"$@\"\nrc=$?\ncat >/dev/null\nexit $rc\n", shellQuote(fc))
	if err := os.WriteFile(filepath.Join(dir, "FileCheck"), []byte(drain), 0o755); err != nil {
		return nil, err
	}
	scripts := map[string]string{"not": "lit-not", "split-file": "lit-split-file"}
	for tool, sub := range Tools {
		scripts[tool] = strings.TrimPrefix(sub, "kiln ")
	}
	for name, sub := range scripts {
		body := fmt.Sprintf("#!/bin/sh\nexec %s %s \"$@\"\n", shellQuote(filepath.Join(dir, "kiln")), sub)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			return nil, err
		}
	}
	features := map[string]bool{}
	if _, err := exec.LookPath("spirv-val"); err == nil {
		features["spirv-tools"] = true
	}
	return &Env{BinDir: dir, Features: features}, nil
}

// TB is the part of testing.TB that RunFile uses (lit does not import
// testing, so that commands can use it).
type TB interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
	TempDir() string
}

// MLIRSubstitutions are the runtime libraries upstream's runner tests name:
// `kiln run` implements their functions and accepts them by these names.
var MLIRSubstitutions = map[string]string{
	"%mlir_vulkan_runtime":       "libvulkan-runtime-wrappers.so",
	"%vulkan-runtime-wrappers":   "libvulkan-runtime-wrappers.so",
	"%mlir_runner_utils":         "libmlir_runner_utils.so",
	"%mlir_c_runner_utils":       "libmlir_c_runner_utils.so",
	"%mlir_lib_dir/":             "",
	"%shlibext":                  ".so",
	"%mlir_src_root":             "mlir",
	"%mlir_tools_dir/":           "",
	"%linalg_test_lib_dir/":      "",
	"%mlir_integration_test_dir": "mlir/test/Integration",
}

// testOnly matches what Kiln reports for an MLIR pass or flag it does not
// have, capturing its name.
var testOnly = regexp.MustCompile(`'(test-[\w-]+)' does not refer to a registered pass|unknown flag "?--?(test-[\w-]+)"?`)

// TestOnlyPass, an Env.UnsupportedIf, makes a test unsupported when it fails because it needs one
// of MLIR's test-only passes or flags (named test-*) that Kiln lacks.
func TestOnlyPass(command, output string) string {
	if m := testOnly.FindStringSubmatch(output); m != nil {
		return "needs MLIR's test-only " + m[1] + m[2]
	}
	return ""
}

// RunFile runs every RUN line of an .mlir file and fails the test on
// anything but a pass.
func (e *Env) RunFile(t TB, path string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(RunLines(string(src))) == 0 {
		t.Fatalf("%s: no RUN lines", path)
	}
	if r := e.Run(path, string(src), t.TempDir()); r.Status != Pass {
		t.Errorf("%s: %s: RUN: %s\n%s", path, r.Status, r.Command, r.Why)
	}
}

// Run runs a test as lit does: its text src (read from path; %s is path,
// %S and %p its directory, %t a path in tmp), every RUN line through bash
// with pipefail, stopping at the first that fails.
func (e *Env) Run(path, src, tmp string) Result {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	lf := ParseLit(src)
	for _, f := range lf.Requires {
		if !e.Features[f] {
			return Result{Status: Unsupported, Why: "requires " + f}
		}
	}
	for _, f := range lf.Unsupported {
		if e.Features[f] || f == "*" {
			return Result{Status: Unsupported, Why: "unsupported with " + f}
		}
	}
	xfail := false
	for _, f := range lf.XFail {
		xfail = xfail || f == "*" || e.Features[f]
	}
	if len(lf.Runs) == 0 {
		return Result{Status: Fail, Why: "no RUN lines"}
	}
	res := Result{Status: Pass}
	for _, c := range lf.Runs {
		cmd, err := e.expand(c, path, filepath.Join(tmp, "t"))
		if err != nil {
			res = Result{Status: Fail, Command: c, Why: err.Error()}
			break
		}
		if out, err := e.shell(cmd, filepath.Dir(path)); err != nil {
			res = Result{Status: Fail, Command: c, Why: fmt.Sprintf("%v\n%s", err, out)}
			if e.UnsupportedIf != nil {
				if why := e.UnsupportedIf(c, out); why != "" {
					res = Result{Status: Unsupported, Command: c, Why: why}
				}
			}
			break
		}
	}
	switch {
	case xfail && res.Status == Fail:
		res.Status = XFail
	case xfail && res.Status == Pass:
		res.Status = XPass
	}
	return res
}

func (e *Env) shell(cmd, dir string) (string, error) {
	timeout := e.Timeout
	if timeout == 0 {
		timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	sh := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", cmd)
	sh.Dir = dir
	sh.Env = append(append(os.Environ(), e.Environ...), "PATH="+e.BinDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out bytes.Buffer
	sh.Stdout, sh.Stderr = &out, &out
	err := sh.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", timeout)
	}
	return out.String(), err
}

// expand applies the environment's substitutions, lit's %s %S %p %t and
// %{...} conditionals (`%if FEATURE %{ cmd %} [%else %{ cmd %}]`) to a RUN
// line.
func (e *Env) expand(c, path, tmp string) (string, error) {
	c, err := e.conditionals(c)
	if err != nil {
		return "", err
	}
	names := make([]string, 0, len(e.Substitutions))
	for k := range e.Substitutions {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, k := range names {
		c = strings.ReplaceAll(c, k, e.Substitutions[k])
	}
	dir := filepath.Dir(path)
	// %/s and the like are lit's forms with '/' separators: the same here.
	r := strings.NewReplacer("%s", shellQuote(path), "%S", shellQuote(dir), "%p", shellQuote(dir), "%t", shellQuote(tmp),
		"%/s", shellQuote(path), "%/S", shellQuote(dir), "%/p", shellQuote(dir), "%/t", shellQuote(tmp), "%%", "%")
	return r.Replace(c), nil
}

// conditionals resolves `%if feature %{ ... %}` and its `%else %{ ... %}`.
func (e *Env) conditionals(c string) (string, error) {
	for {
		i := strings.Index(c, "%if ")
		if i < 0 {
			return c, nil
		}
		rest := strings.TrimLeft(c[i+4:], " ")
		feature, body, ok := strings.Cut(rest, "%{")
		if !ok {
			return "", fmt.Errorf("%%if without %%{ in %q", c)
		}
		then, after, err := braced(body)
		if err != nil {
			return "", err
		}
		var otherwise string
		if t := strings.TrimLeft(after, " "); strings.HasPrefix(t, "%else") {
			t = strings.TrimLeft(strings.TrimPrefix(t, "%else"), " ")
			if !strings.HasPrefix(t, "%{") {
				return "", fmt.Errorf("%%else without %%{ in %q", c)
			}
			if otherwise, after, err = braced(t[2:]); err != nil {
				return "", err
			}
		}
		chosen := otherwise
		if e.Features[strings.TrimSpace(feature)] {
			chosen = then
		}
		c = c[:i] + chosen + after
		if strings.TrimSpace(c) == "" {
			c = "true"
		}
	}
}

// braced splits s after a `%{` at the matching `%}`.
func braced(s string) (inside, after string, err error) {
	depth := 1
	for i := 0; i+1 < len(s); i++ {
		switch s[i : i+2] {
		case "%{":
			depth++
		case "%}":
			if depth--; depth == 0 {
				return s[:i], s[i+2:], nil
			}
		}
	}
	return "", "", fmt.Errorf("unterminated %%{ in %q", s)
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// FindTestFiles returns the .mlir files with RUN lines under the given
// directories' testdata folders (recursively), sorted.
func FindTestFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != root) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".mlir") && strings.Contains(filepath.ToSlash(p), "/testdata/") {
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if len(RunLines(string(src))) > 0 {
				files = append(files, p)
			}
		}
		return nil
	})
	return files, err
}
