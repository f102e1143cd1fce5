package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// badProgram is the sample kernel file with edits (old, new pairs) applied.
func badProgram(t *testing.T, edits ...string) string {
	t.Helper()
	data, err := os.ReadFile("../../runner/testdata/addf.mlir")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(src, edits[i]) {
			t.Fatalf("sample lacks %q", edits[i])
		}
		src = strings.Replace(src, edits[i], edits[i+1], 1)
	}
	path := filepath.Join(t.TempDir(), "bad.mlir")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var located = regexp.MustCompile(`(?m)^\S+\.mlir:\d+:\d+: error: `)

func TestRunBadInput(t *testing.T) {
	cases := []struct {
		name   string
		edits  []string // old, new pairs
		args   []string
		vulkan bool // needs a device and the SPIR-V pipeline
		want   string
	}{
		{name: "no entry", args: []string{"--entry=nope"}, want: "no function named 'nope'"},
		{name: "missing kernel", edits: []string{"@kernels::@kernel_add", "@kernels::@kernel_gone"}, want: "kernel_gone"},
		{name: "argument count", edits: []string{"args(%a : memref<8xf32>, %b : memref<8xf32>, %c : memref<8xf32>)",
			"args(%a : memref<8xf32>, %b : memref<8xf32>)"}, want: "argument"},
		{name: "host out of bounds", edits: []string{"%p = memref.cast", "%oob = memref.load %a[%c8] : memref<8xf32>\n    %p = memref.cast"},
			want: "out-of-bounds"},
		{name: "grid over limits", edits: []string{"blocks in (%c8, %c1, %c1)", "blocks in (%big, %c1, %c1)",
			"%c8 = arith.constant 8 : index", "%c8 = arith.constant 8 : index\n    %big = arith.constant 70000 : index"},
			vulkan: true, want: "maxComputeWorkGroupCount"},
		{name: "workgroup over limits", edits: []string{"workgroup_size = [1, 1, 1]", "workgroup_size = [4096, 1, 1]"},
			vulkan: true, want: "4096"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.vulkan {
				needRunDevice(t)
			}
			path := "../../runner/testdata/addf.mlir"
			if len(c.edits) > 0 {
				path = badProgram(t, c.edits...)
			}
			args := c.args
			if !c.vulkan {
				args = append(args, "--reference")
			}
			_, errs, code := kilnRun(append(args, path)...)
			if code == 0 {
				t.Fatal("exit 0, want a failure")
			}
			if !located.MatchString(errs) || !strings.Contains(errs, c.want) {
				t.Errorf("want a located error mentioning %q, got:\n%s", c.want, errs)
			}
		})
	}
}

func TestRunUsage(t *testing.T) {
	if _, _, code := kilnRun("--bogus", "x.mlir"); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
	if _, _, code := kilnRun(); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	if _, errs, code := kilnRun("no-such-file.mlir"); code != 1 || !strings.Contains(errs, "no-such-file") {
		t.Errorf("missing file: exit %d: %s", code, errs)
	}
}
