package lowering_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestMMAValidates lowers the cooperative matrix kernels of
// testdata/mma.mlir and runs spirv-val on them for each Vulkan version
// their SPIR-V version allows. No Vulkan driver here runs
// SPV_NV_cooperative_matrix, so spirv-val and mma.mlir's FileCheck lines
// are the evidence for this lowering.
func TestMMAValidates(t *testing.T) {
	src, err := os.ReadFile("testdata/mma.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for i, chunk := range strings.Split(string(src), "\n// -----\n") {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			for _, w := range lowerAndSerialize(t, chunk, "mma.mlir") {
				validateAll(t, w)
			}
		})
	}
}
