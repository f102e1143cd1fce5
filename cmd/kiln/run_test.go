package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// upstreamVulkanTests lists the upstream Vulkan integration tests, read in
// place; tests skip when the conformance folder is absent.
func upstreamVulkanTests(t *testing.T) []string {
	var files []string
	for _, d := range []string{
		"../../../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan",
		"../../../shared/conformance/mlir-upstream/mlir/test/mlir-vulkan-runner",
	} {
		fs, _ := filepath.Glob(filepath.Join(d, "*.mlir"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skip("upstream conformance files not present (../shared/conformance)")
	}
	return files
}

// kilnRun runs `kiln run` in process.
func kilnRun(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = dispatch(append([]string{"run"}, args...), nil, &out, &errb)
	return out.String(), errb.String(), code
}

// fileCheck checks out against the CHECK lines of path with FileCheck.
func fileCheck(t *testing.T, path, out string) {
	t.Helper()
	bin, err := irtest.FindFileCheck()
	if err != nil {
		t.Skipf("FileCheck not found: %v", err)
	}
	cmd := exec.Command(bin, path)
	cmd.Stdin = strings.NewReader(out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("FileCheck %s: %v\n%s\noutput:\n%s", filepath.Base(path), err, stderr.String(), out)
	}
}

func TestRunReferenceUpstream(t *testing.T) {
	for _, path := range upstreamVulkanTests(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			out, errs, code := kilnRun("--reference", "--time", "--shared-libs=libvulkan-runtime-wrappers", path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			fileCheck(t, path, out)
		})
	}
}

// timeLines are the lines of MLIR's Vulkan runtime, which differ between runs.
var timeLines = regexp.MustCompile(`(?m)^(Compute shader execution time|Command buffer submit time|Wait idle time|Kernel @).*\n`)

// TestRunVulkanUpstream runs each upstream test on the Vulkan device of
// the environment (ci/test-vulkan.sh selects lavapipe, then SwiftShader,
// with VK_DRIVER_FILES) with the validation layer on, checks the output
// with FileCheck and compares it with the --reference run.
func TestRunVulkanUpstream(t *testing.T) {
	needRunDevice(t)
	for _, path := range upstreamVulkanTests(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			out, errs, code := kilnRun("--validate", "--time", "--shared-libs=libvulkan-runtime-wrappers", path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			fileCheck(t, path, out)
			ref, errs, code := kilnRun("--reference", "--time", "--shared-libs=libvulkan-runtime-wrappers", path)
			if code != 0 {
				t.Fatalf("--reference exit %d:\n%s", code, errs)
			}
			if a, b := timeLines.ReplaceAllString(out, ""), timeLines.ReplaceAllString(ref, ""); a != b {
				t.Errorf("Vulkan and --reference disagree:\n%s\n---\n%s", a, b)
			}
		})
	}
}

// needRunDevice skips when no Vulkan device can be opened, except under
// CI=true.
func needRunDevice(t *testing.T) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"devices"}, nil, &stdout, &stderr); code != 0 {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatalf("no Vulkan device (CI=true: Vulkan must be available): %s", stderr.String())
		}
		t.Skipf("no Vulkan device: %s", stderr.String())
	}
}

// TestRunSamplesVulkan runs the runner's sample programs (those with RUN
// lines: launches, gpu.alloc and async tokens, two gpu.modules, gpu.launch
// outlined, a target environment derived from the device) on Vulkan with
// validation, and compares with --reference.
func TestRunSamplesVulkan(t *testing.T) {
	needRunDevice(t)
	files, _ := filepath.Glob("../../runner/testdata/*.mlir")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "// RUN: kiln run") {
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			out, errs, code := kilnRun("--validate", path)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			fileCheck(t, path, out)
			ref, errs, code := kilnRun("--reference", path)
			if code != 0 || ref != out {
				t.Errorf("--reference (exit %d) disagrees:\n%s\n---\n%s%s", code, out, ref, errs)
			}
		})
	}
}

// TestRunLimits checks --max-host-memory and --max-steps.
func TestRunLimits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alloc.mlir")
	src := `func.func @main() {
  %m = memref.alloc() : memref<262144xf32>
  memref.dealloc %m : memref<262144xf32>
  return
}
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := kilnRun("--reference", "--max-host-memory=1M", path); code != 0 {
		t.Fatalf("1 MiB of memrefs within 1M: exit %d\n%s", code, errs)
	}
	_, errs, code := kilnRun("--reference", "--max-host-memory=1000K", path)
	want := "alloc.mlir:2:8: error: 'memref.alloc' op allocating 1048576 bytes exceeds the interpreter's host-memory limit of 1024000 bytes (0 in use); raise it with --max-host-memory"
	if code != 1 || !strings.Contains(errs, want) {
		t.Fatalf("exit %d, stderr:\n%s\nwant %q", code, errs, want)
	}
	loop := filepath.Join(t.TempDir(), "loop.mlir")
	if err := os.WriteFile(loop, []byte(`func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := kilnRun("--max-steps=1005", loop); code != 0 {
		t.Fatalf("--max-steps=1005: exit %d\n%s", code, errs)
	}
	if _, errs, code := kilnRun("--max-steps=1000", loop); code != 1 || !strings.Contains(errs, "loop.mlir:5:35: error: 'scf.yield' op interpreter step limit of 1000 ops exceeded (a runaway loop? raise it with --max-steps)") {
		t.Fatalf("--max-steps=1000: exit %d\n%s", code, errs)
	}
	if _, errs, code := kilnRun("--max-steps=0", loop); code != 2 || !strings.Contains(errs, "must be positive") {
		t.Fatalf("--max-steps=0: exit %d\n%s", code, errs)
	}
	for _, bad := range []string{"-1", "0", "12X", "9000000T"} {
		if _, errs, code := kilnRun("--reference", "--max-host-memory="+bad, path); code != 2 || !strings.Contains(errs, "invalid size") {
			t.Errorf("--max-host-memory=%s: exit %d, stderr:\n%s", bad, code, errs)
		}
	}
}

// TestRunHostArgsVulkan runs a host function with --input arguments and
// memref and index results on Vulkan, checks them against
// --expected_output, and compares what it prints with --reference.
func TestRunHostArgsVulkan(t *testing.T) {
	needRunDevice(t)
	path := "testdata/run-host-args.mlir"
	npyOut := filepath.Join(t.TempDir(), "y.npy")
	args := []string{"--input=4xf32=1 2 3 4", "--input=f32=-2", path}
	ref, errs, code := kilnRun(append([]string{"--reference"}, args...)...)
	if code != 0 {
		t.Fatalf("--reference: exit %d:\n%s", code, errs)
	}
	out, errs, code := kilnRun(append([]string{"--validate"}, args...)...)
	if code != 0 || out != ref {
		t.Fatalf("exit %d, printed\n%s\nwant (--reference)\n%s%s", code, out, ref, errs)
	}
	if want := "result[0]: 4xf32=-2 -4 -6 -8\nresult[1]: index=4\n"; out != want {
		t.Errorf("printed\n%s\nwant\n%s", out, want)
	}
	out, errs, code = kilnRun(append([]string{"--validate", "--output=@" + npyOut, "--expected_output=4xf32=-2,-4,-6,-8", "--expected_output=index=4"}, args...)...)
	if code != 0 || out != "result[1]: index=4\nkiln run: all 2 results match the expected outputs\n" {
		t.Fatalf("exit %d, printed\n%s%s", code, out, errs)
	}
	out, errs, code = kilnRun("--validate", "--input=@"+npyOut, "--input=f32=0.5", path)
	if code != 0 || out != "result[0]: 4xf32=-1 -2 -3 -4\nresult[1]: index=4\n" {
		t.Fatalf("with the .npy result as input: exit %d, printed\n%s%s", code, out, errs)
	}
}
