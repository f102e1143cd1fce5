package lit

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseLit(t *testing.T) {
	f := ParseLit(`// RUN: kiln opt %s \
// RUN:   --canonicalize | FileCheck %s
// RUN: true
// REQUIRES: spirv-tools, vulkan
// UNSUPPORTED: windows
// XFAIL: *
// CHECK: x
`)
	want := LitFile{
		Runs:        []string{"kiln opt %s  --canonicalize | FileCheck %s", "true"},
		Requires:    []string{"spirv-tools", "vulkan"},
		Unsupported: []string{"windows"},
		XFail:       []string{"*"},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("ParseLit = %+v, want %+v", f, want)
	}
	// Any language's comment leader, as lit; a keyword after a word is no
	// directive.
	f = ParseLit("# RUN: split-file %s %t\n; RUN: b\nRUN: c\n  #   REQUIRES: x\n// CHECK: RUN: no\n// NORUN: no\n")
	want = LitFile{Runs: []string{"split-file %s %t", "b", "c"}, Requires: []string{"x"}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("ParseLit with # and ; = %+v, want %+v", f, want)
	}
}

func TestExpand(t *testing.T) {
	e := &Env{Features: map[string]bool{"on": true}, Substitutions: map[string]string{"%lib": "L", "%libx": "LX"}}
	for _, tc := range []struct{ in, want string }{
		{"a %s b %S %p %t %%", "a '/d/f.mlir' b '/d' '/d' '/tmp/t' %"},
		{"a %/s b %/S %/p %/t", "a '/d/f.mlir' b '/d' '/d' '/tmp/t'"},
		{"x %libx %lib", "x LX L"},
		{"%if on %{ yes %} %else %{ no %}", " yes "},
		{"%if off %{ yes %} %else %{ no %}", " no "},
		{"%if off %{ yes %}", "true"},
		{"%if on %{ a %if on %{ b %} %}", " a  b  "},
	} {
		got, err := e.expand(tc.in, "/d/f.mlir", "/tmp/t")
		if err != nil || got != tc.want {
			t.Errorf("expand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := e.expand("%if on %{ open", "/f", "/t"); err == nil {
		t.Error("an unterminated %{ is accepted")
	}
}

// TestRun checks the statuses of Run with RUN lines that need no tools.
func TestRun(t *testing.T) {
	e := &Env{BinDir: t.TempDir(), Features: map[string]bool{"yes": true}, Timeout: 5 * time.Second,
		Environ: []string{"KILN_LIT_TEST=42"}}
	e.UnsupportedIf = func(cmd, out string) string {
		if strings.Contains(out, "needs-a-test-pass") {
			return "needs a test pass"
		}
		return ""
	}
	for _, tc := range []struct {
		src  string
		want Status
	}{
		{"// RUN: true\n// RUN: test \"$KILN_LIT_TEST\" = 42\n", Pass},
		{"// RUN: false\n", Fail},
		{"// RUN: true | false\n", Fail}, // pipefail
		{"// RUN: echo needs-a-test-pass; false\n", Unsupported},
		{"// REQUIRES: nope\n// RUN: true\n", Unsupported},
		{"// UNSUPPORTED: yes\n// RUN: true\n", Unsupported},
		{"// XFAIL: *\n// RUN: false\n", XFail},
		{"// XFAIL: yes\n// RUN: true\n", XPass},
		{"// no run lines\n", Fail},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "t.mlir")
		if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := e.Run(path, tc.src, dir); r.Status != tc.want {
			t.Errorf("%q: %v (%s), want %v", tc.src, r.Status, r.Why, tc.want)
		}
	}
	slow := &Env{BinDir: t.TempDir(), Timeout: 100 * time.Millisecond}
	if r := slow.Run("/t.mlir", "// RUN: sleep 5\n", t.TempDir()); r.Status != Fail || !strings.Contains(r.Why, "timed out") {
		t.Errorf("a RUN line past the timeout: %v %s", r.Status, r.Why)
	}
}

// TestPipelineDrained checks that, as under lit's internal shell, a command
// piped into a FileCheck that reads another file is not cut off by SIGPIPE
// (seq writes more than a pipe holds).
func TestPipelineDrained(t *testing.T) {
	if _, err := FindFileCheck(); err != nil {
		t.Skip(err)
	}
	e, err := NewEnv(t.TempDir(), "/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		src  string
		want Status
	}{
		{"// RUN: seq 1 200000 | FileCheck --input-file=%s %s\n// CHECK: RUN\n", Pass},
		{"// RUN: seq 1 200000 | FileCheck --input-file=%s %s\n// CHECK: {{^}}absent\n", Fail},
		{"// RUN: seq 1 3 | FileCheck %s\n// CHECK: 2\n", Pass},
		{"// RUN: false | FileCheck --input-file=%s %s\n// CHECK: RUN\n", Fail},
	} {
		path := filepath.Join(dir, "t.mlir")
		if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := e.Run(path, tc.src, dir); r.Status != tc.want {
			t.Errorf("%q: %v (%s), want %v", tc.src, r.Status, r.Why, tc.want)
		}
	}
}

func TestLitTools(t *testing.T) {
	var out, errb bytes.Buffer
	if code, ok := LitMain([]string{"lit-not", "false"}, nil, &out, &errb); !ok || code != 0 {
		t.Errorf("not false: %d %v", code, ok)
	}
	if code, _ := LitMain([]string{"lit-not", "true"}, nil, &out, &errb); code != 1 {
		t.Errorf("not true: %d", code)
	}
	if _, ok := LitMain([]string{"opt"}, nil, &out, &errb); ok {
		t.Error("LitMain took opt")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(in, []byte("// RUN: x\n//--- a.mlir\nA\n#--- sub/b.s\nB\n;--- c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// LLVM's split-file: parts start at `//--- ` or any one character and
	// `--- `; line numbers are kept only with --leading-lines.
	for _, tc := range []struct {
		flags []string
		want  map[string]string
	}{
		{nil, map[string]string{"a.mlir": "A\n", "sub/b.s": "B\n", "c": ""}},
		{[]string{"--leading-lines"}, map[string]string{"a.mlir": "\n\nA\n", "sub/b.s": "\n\n\n\nB\n", "c": "\n\n\n\n\n\n"}},
	} {
		outDir := filepath.Join(dir, "out")
		// The directory replaces a file of its name.
		if err := os.WriteFile(outDir, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _ := LitMain(append(append([]string{"lit-split-file"}, tc.flags...), in, outDir), nil, &out, &errb); code != 0 {
			t.Fatalf("split-file %v: %d %s", tc.flags, code, errb.String())
		}
		for name, want := range tc.want {
			got, err := os.ReadFile(filepath.Join(outDir, name))
			if err != nil || string(got) != want {
				t.Errorf("split-file %v: %s = %q, %v; want %q", tc.flags, name, got, err, want)
			}
		}
		if err := os.RemoveAll(outDir); err != nil {
			t.Fatal(err)
		}
	}
	for src, want := range map[string]string{
		"no parts\n":                     "no part separator was found",
		"//--- \n":                       "empty part name",
		"//--- a \n":                     "leading or trailing space",
		"//--- a\nA\n//--- a\n":          "'//--- a' occurs more than once",
		"  //--- indented\n// -- x: y\n": "no part separator was found",
	} {
		if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		errb.Reset()
		if code, _ := LitMain([]string{"lit-split-file", in, filepath.Join(dir, "bad")}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), want) {
			t.Errorf("split-file of %q: %d %q, want an error with %q", src, code, errb.String(), want)
		}
	}
}
