package runner

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// vulkanDirs hold the upstream Vulkan integration tests, read in place.
var vulkanDirs = []string{
	"../../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan",
	"../../shared/conformance/mlir-upstream/mlir/test/mlir-vulkan-runner",
}

// upstreamFiles lists the upstream Vulkan tests, skipping when absent.
func upstreamFiles(t testing.TB) []string {
	var files []string
	for _, d := range vulkanDirs {
		fs, _ := filepath.Glob(filepath.Join(d, "*.mlir"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skip("upstream conformance files not present (../shared/conformance)")
	}
	return files
}

// parseFile parses and verifies path; it skips files that use a dialect
// Kiln does not register yet.
func parseFile(t testing.TB, path string) *ir.Operation {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := ir.Parse(kiln.NewContext(), string(data), filepath.Base(path))
	if err != nil {
		if msg := err.Error(); strings.Contains(msg, "is unknown") || strings.Contains(msg, "not found for custom op") {
			t.Skipf("needs a dialect Kiln does not register yet: %v", err)
		}
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	return mod
}

// fileCheck runs FileCheck with path as the check file on out.
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
