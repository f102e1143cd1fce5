package runner

import (
	"bytes"
	"path/filepath"
	"testing"
)

// TestUpstreamReference runs every upstream Vulkan integration test with
// kernels simulated in interp and checks its output with FileCheck.
func TestUpstreamReference(t *testing.T) {
	for _, path := range upstreamFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			mod := parseFile(t, path)
			var out bytes.Buffer
			// time.mlir checks the lines of MLIR's Vulkan runtime.
			if _, err := Run(mod, Options{Reference: true, LaunchTimes: true, Out: &out}); err != nil {
				t.Fatal(err)
			}
			fileCheck(t, path, out.String())
		})
	}
}
