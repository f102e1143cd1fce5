package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// The conformance corpora: upstream MLIR test files beside the repository,
// read in place (see ../shared/conformance/*/MANIFEST.md).
var corpora = []string{"mlir-upstream", "mlir-main"}

// expectationsFile lists every upstream file or `// -----` chunk that does
// not pass, with its status and why.
const expectationsFile = "testdata/conformance.txt"

// TestConformance runs every .mlir file of the upstream corpora as lit
// does (RUN lines with mlir-opt, mlir-translate and mlir-runner standing
// for kiln commands) and compares each outcome with the expectation list:
// a file or chunk that fails when it was expected to pass is a regression,
// and one that passes while the list expects otherwise is an unexpected
// pass (take it off the list). A file split with `// -----` that fails is
// run again one chunk at a time (the chunks before it blanked, so lines
// keep their numbers) to name the chunks that fail.
//
// KILN_CONFORMANCE_RUN=REGEXP runs only the files whose names match. With
// KILN_CONFORMANCE_UPDATE=1 it rewrites the list from the results, keeping
// the reasons already written and the entries of files not run.
func TestConformance(t *testing.T) {
	env := litEnv(t)
	env.Substitutions = runnerLibraries
	env.UnsupportedIf = testOnlyPass
	want, err := readExpectations(expectationsFile)
	if err != nil {
		t.Fatal(err)
	}
	only, err := regexp.Compile(os.Getenv("KILN_CONFORMANCE_RUN"))
	if err != nil {
		t.Fatalf("KILN_CONFORMANCE_RUN: %v", err)
	}
	var units []unit
	for _, corpus := range corpora {
		dir := irtest.CorpusDir(t, corpus)
		for _, path := range irtest.CorpusFiles(t, corpus, nil) {
			rel, _ := filepath.Rel(dir, path)
			if name := corpus + "/" + filepath.ToSlash(rel); only.MatchString(name) {
				units = append(units, unit{corpus: corpus, name: name, path: path})
			}
		}
	}
	if len(units) == 0 {
		t.Fatal("no corpus file matches KILN_CONFORMANCE_RUN")
	}
	files := map[string]bool{}
	for _, u := range units {
		files[u.name] = true
	}
	for k := range want {
		if file, _, _ := strings.Cut(k, "#"); !files[file] && only.String() != "" {
			delete(want, k)
		}
	}
	chunkEnv, err := allowEmptyOutput(t, env)
	if err != nil {
		t.Fatal(err)
	}
	runUnits(t, env, chunkEnv, units)

	got := map[string]outcome{}
	for _, u := range units {
		for k, o := range u.results {
			got[k] = o
		}
	}
	if os.Getenv("KILN_CONFORMANCE_UPDATE") == "1" {
		if err := writeExpectations(expectationsFile, got, files); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range sortedKeys(got) {
		o, w := got[k], want[k]
		switch {
		case o.covered || o.status == w.status:
		case o.status == irtest.Pass:
			t.Errorf("%s: unexpected pass (expected %s: %s): take it off %s", k, w.status, w.reason, expectationsFile)
		case w.status == irtest.Pass:
			t.Errorf("%s: %s, expected to pass:\nRUN: %s\n%s", k, o.status, o.command, clip(o.why))
		default:
			t.Errorf("%s: %s, expected %s (%s):\nRUN: %s\n%s", k, o.status, w.status, w.reason, o.command, clip(o.why))
		}
	}
	for _, k := range sortedKeys(want) {
		file, _, _ := strings.Cut(k, "#")
		switch _, ran := got[k]; {
		case !files[file]:
			t.Errorf("%s: in %s but not in the corpus", k, expectationsFile)
		case !ran:
			t.Errorf("%s: unexpected pass (expected %s: %s): take it off %s", k, want[k].status, want[k].reason, expectationsFile)
		}
	}
	for _, corpus := range corpora {
		var files, chunks [3]int
		for _, u := range units {
			if u.corpus != corpus {
				continue
			}
			files[statusIndex(u.results[u.name].status)]++
			for _, c := range u.chunks {
				chunks[statusIndex(c)]++
			}
		}
		fmt.Printf("conformance %s: %d passed, %d failed, %d unsupported of %d files; chunks: %d passed, %d failed, %d unsupported of %d\n",
			corpus, files[0], files[1], files[2], files[0]+files[1]+files[2],
			chunks[0], chunks[1], chunks[2], chunks[0]+chunks[1]+chunks[2])
	}
}

// statusIndex counts XFAIL as failed and XPASS as passed.
func statusIndex(s irtest.Status) int {
	switch s {
	case irtest.Pass, irtest.XPass:
		return 0
	case irtest.Unsupported:
		return 2
	}
	return 1
}

// A unit is one corpus file; results holds its outcome under its name and,
// when it failed, the outcome of each failing chunk under name#N (N from
// 1); chunks holds every chunk's status (a file not split is one chunk).
type unit struct {
	corpus, name, path string
	results            map[string]outcome
	chunks             []irtest.Status
}

type outcome struct {
	status       irtest.Status
	command, why string
	// covered: the file failed because of chunks that have entries of
	// their own.
	covered bool
}

// runUnits runs the files on a few goroutines (each RUN line is a process).
func runUnits(t *testing.T, env, chunkEnv *irtest.Env, units []unit) {
	work := make(chan *unit)
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range work {
				runUnit(env, chunkEnv, u)
			}
		}()
	}
	for i := range units {
		work <- &units[i]
	}
	close(work)
	wg.Wait()
}

func runUnit(env, chunkEnv *irtest.Env, u *unit) {
	src, err := os.ReadFile(u.path)
	u.results = map[string]outcome{}
	if err != nil {
		u.results[u.name] = outcome{status: irtest.Fail, why: err.Error()}
		return
	}
	tmp, err := os.MkdirTemp("", "kiln-conformance-")
	if err != nil {
		u.results[u.name] = outcome{status: irtest.Fail, why: err.Error()}
		return
	}
	defer os.RemoveAll(tmp)
	r := env.Run(u.path, string(src), tmp)
	file := outcome{status: r.Status, command: r.Command, why: r.Why}
	chunks := splitChunks(string(src))
	split := len(chunks) > 1 && strings.Contains(strings.Join(irtest.RunLines(string(src)), " "), "split-input-file")
	if r.Status == irtest.Pass || r.Status == irtest.Unsupported || !split {
		u.results[u.name] = file
		for range chunks {
			u.chunks = append(u.chunks, r.Status)
		}
		return
	}
	for i := range chunks {
		path := filepath.Join(tmp, fmt.Sprintf("chunk%d-%s", i+1, filepath.Base(u.path)))
		if err := os.WriteFile(path, []byte(onlyChunk(chunks, i)+noMatchChecks(src)), 0o644); err != nil {
			u.results[u.name] = outcome{status: irtest.Fail, why: err.Error()}
			return
		}
		cr := chunkEnv.Run(path, string(src), tmp)
		u.chunks = append(u.chunks, cr.Status)
		if cr.Status != irtest.Pass {
			u.results[fmt.Sprintf("%s#%d", u.name, i+1)] = outcome{status: cr.Status, command: cr.Command, why: cr.Why}
			file.covered = true
		}
	}
	u.results[u.name] = file
}

// allowEmptyOutput returns env with a FileCheck that accepts empty input:
// alone, a chunk that only expects diagnostics prints nothing, while in the
// whole file the other chunks' output is there.
func allowEmptyOutput(t *testing.T, env *irtest.Env) (*irtest.Env, error) {
	dir := t.TempDir()
	entries, err := os.ReadDir(env.BinDir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		src := filepath.Join(env.BinDir, e.Name())
		if e.Name() == "FileCheck" {
			real, err := filepath.EvalSymlinks(src)
			if err != nil {
				return nil, err
			}
			script := fmt.Sprintf("#!/bin/sh\nexec '%s' --allow-empty \"$@\"\n", real)
			if err := os.WriteFile(filepath.Join(dir, e.Name()), []byte(script), 0o755); err != nil {
				return nil, err
			}
			continue
		}
		if err := os.Symlink(src, filepath.Join(dir, e.Name())); err != nil {
			return nil, err
		}
	}
	c := *env
	c.BinDir = dir
	return &c, nil
}

// splitChunks splits a file's lines at MLIR's `// -----` markers; each
// chunk keeps its lines, the marker ending the one before it.
func splitChunks(src string) [][]string {
	var chunks [][]string
	var cur []string
	for _, l := range strings.SplitAfter(src, "\n") {
		cur = append(cur, l)
		if strings.HasPrefix(l, "// -----") {
			chunks = append(chunks, cur)
			cur = nil
		}
	}
	return append(chunks, cur)
}

// onlyChunk returns chunk i alone, after as many blank lines as the chunks
// before it held, so that its line numbers stay those of the file. (Keeping
// the other chunks as empty chunks would not do: an empty chunk is an error
// for mlir-translate.)
func onlyChunk(chunks [][]string, i int) string {
	var b strings.Builder
	for _, c := range chunks[:i] {
		b.WriteString(strings.Repeat("\n", len(c)))
	}
	for _, l := range chunks[i] {
		if !strings.HasPrefix(l, "// -----") {
			b.WriteString(l)
		}
	}
	return b.String()
}

var checkPrefixes = regexp.MustCompile(`-check-prefix(?:es)?[= ]([\w,-]+)`)

// noMatchChecks gives every FileCheck prefix of a file's RUN lines a
// CHECK-NOT line that matches nothing, for a chunk with no checks of its
// own (FileCheck refuses a check file without any).
func noMatchChecks(src []byte) string {
	prefixes := map[string]bool{"CHECK": true}
	for _, m := range checkPrefixes.FindAllStringSubmatch(strings.Join(irtest.RunLines(string(src)), " "), -1) {
		for _, p := range strings.Split(m[1], ",") {
			prefixes[p] = true
		}
	}
	var b strings.Builder
	for _, p := range sortedKeys(prefixes) {
		fmt.Fprintf(&b, "// %s-NOT: {{kiln-chunk-checks-nothing}}\n", p)
	}
	return b.String()
}

// runnerLibraries are the runtime libraries upstream's runner tests name:
// `kiln run` implements their functions and accepts them by these names.
var runnerLibraries = map[string]string{
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
var testOnly = regexp.MustCompile(`'(test-[\w-]+)' does not refer to a registered pass|unknown flag "?--?(test-[\w-]+)`)

// testOnlyPass makes a test unsupported when it fails because it needs one
// of MLIR's test-only passes or flags (named test-*) that Kiln lacks.
func testOnlyPass(command, output string) string {
	if m := testOnly.FindStringSubmatch(output); m != nil {
		return "needs MLIR's test-only " + m[1] + m[2]
	}
	return ""
}

type expectation struct {
	status irtest.Status
	reason string
}

// readExpectations reads lines `NAME STATUS REASON...` ('#' starts a
// comment line).
func readExpectations(path string) (map[string]expectation, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	want := map[string]expectation{}
	for i, l := range strings.Split(string(src), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, " ", 3)
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: want NAME FAIL|UNSUPPORTED|XFAIL REASON", path, i+1)
		}
		st, ok := irtest.ParseStatus(f[1])
		if !ok || st == irtest.Pass {
			return nil, fmt.Errorf("%s:%d: want NAME FAIL|UNSUPPORTED|XFAIL REASON", path, i+1)
		}
		if _, dup := want[f[0]]; dup {
			return nil, fmt.Errorf("%s:%d: %s listed twice", path, i+1, f[0])
		}
		want[f[0]] = expectation{status: st, reason: f[2]}
	}
	return want, nil
}

// writeExpectations rewrites the list with what did not pass, keeping old
// reasons and the entries of files not run; new entries get the first line
// of their output as reason.
func writeExpectations(path string, got map[string]outcome, ran map[string]bool) error {
	old, err := readExpectations(path)
	if err != nil {
		return err
	}
	all := map[string]outcome{}
	for k, o := range got {
		all[k] = o
	}
	for k, e := range old {
		if file, _, _ := strings.Cut(k, "#"); !ran[file] {
			all[k] = outcome{status: e.status}
		}
	}
	var b strings.Builder
	b.WriteString("# Upstream files and `// -----` chunks (#N, from 1) that do not pass, checked by\n" +
		"# TestConformance: NAME STATUS REASON. A file whose failing chunks are listed is not.\n")
	for _, k := range sortedKeys(all) {
		o := all[k]
		if o.status == irtest.Pass || o.covered {
			continue
		}
		reason := old[k].reason
		if reason == "" || old[k].status != o.status {
			reason = firstLine(o.why)
		}
		fmt.Fprintf(&b, "%s %s %s\n", k, o.status, reason)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// firstLine is the first line of a command's output that says something.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "exit status") {
			if len(l) > 160 {
				l = l[:160]
			}
			return l
		}
	}
	return "fails"
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "\n..."
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// TestMLIR16Generic loads MLIR 16's generic print of upstream files with
// every dialect registered and checks that `kiln opt` prints it to a fixed
// point: its output, given to kiln opt again, comes back unchanged.
func TestMLIR16Generic(t *testing.T) {
	for _, path := range irtest.CorpusFiles(t, irtest.MLIR16Generic, nil) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"opt", "--allow-unregistered-dialect"}
			if len(splitChunks(string(src))) > 1 {
				args = append(args, "--split-input-file")
			}
			first := kilnOpt(t, append(args, path), "")
			if again := kilnOpt(t, append(args, "-"), first); again != first {
				t.Errorf("not a fixed point:\n%s\n---\n%s", first, again)
			}
		})
	}
}

// kilnOpt runs a kiln command in process and returns its output.
func kilnOpt(t *testing.T, args []string, stdin string) string {
	t.Helper()
	var out, errb strings.Builder
	if code := dispatch(args, strings.NewReader(stdin), &out, &errb); code != 0 {
		t.Fatalf("kiln %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}
