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
}

func TestExpand(t *testing.T) {
	e := &Env{Features: map[string]bool{"on": true}, Substitutions: map[string]string{"%lib": "L", "%libx": "LX"}}
	for _, tc := range []struct{ in, want string }{
		{"a %s b %S %p %t %%", "a '/d/f.mlir' b '/d' '/d' '/tmp/t' %"},
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
	if err := os.WriteFile(in, []byte("// RUN: x\n//--- a.mlir\nA\n//--- sub/b.mlir\nB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _ := LitMain([]string{"lit-split-file", in, filepath.Join(dir, "out")}, nil, &out, &errb); code != 0 {
		t.Fatalf("split-file: %d %s", code, errb.String())
	}
	for name, want := range map[string]string{"a.mlir": "\n\nA\n", "sub/b.mlir": "\n\n\n\nB\n"} {
		got, err := os.ReadFile(filepath.Join(dir, "out", name))
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
}
