package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/vector"
)

// vulkanDirs hold the upstream Vulkan integration tests, read in place.
var vulkanDirs = []string{
	"../../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan",
	"../../shared/conformance/mlir-upstream/mlir/test/mlir-vulkan-runner",
}

// fullContext registers the dialect packages; files that use a dialect
// Kiln does not have yet (index, spirv) are skipped.
func fullContext() *ir.Context {
	ctx := ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect(),
		memref.Dialect(), scf.Dialect(), vector.Dialect(), gpu.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	return ctx
}

var checkLine = regexp.MustCompile(`^// CHECK(-COUNT-(\d+))?: (.*)$`)

// fileCheck matches the CHECK and CHECK-COUNT lines that expect printed
// memref data against out, in order, with FileCheck's whitespace folding.
func fileCheck(t *testing.T, src, out string) int {
	t.Helper()
	space := regexp.MustCompile(`[ \t]+`)
	lines := strings.Split(space.ReplaceAllString(out, " "), "\n")
	pos, checks := 0, 0
	for _, l := range strings.Split(src, "\n") {
		m := checkLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || !strings.HasPrefix(m[3], "[") {
			continue
		}
		n := 1
		if m[2] != "" {
			n, _ = strconv.Atoi(m[2])
		}
		pat := space.ReplaceAllString(strings.TrimSpace(m[3]), " ")
		for k := 0; k < n; k++ {
			for pos < len(lines) && !strings.Contains(lines[pos], pat) {
				pos++
			}
			if pos == len(lines) {
				t.Fatalf("CHECK %q (match %d of %d) not found in output:\n%s", pat, k+1, n, out)
			}
			// FileCheck may match again later on the same line.
			lines[pos] = strings.Replace(lines[pos], pat, "", 1)
			checks++
		}
	}
	return checks
}

func TestVulkanIntegrationSimulated(t *testing.T) {
	var files []string
	for _, d := range vulkanDirs {
		fs, _ := filepath.Glob(filepath.Join(d, "*.mlir"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skip("upstream conformance files not present")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			mod, err := ir.Parse(fullContext(), src, filepath.Base(path))
			if err != nil {
				// Enabled as the dialects it needs (scf, spirv) get registered.
				if strings.Contains(err.Error(), "is unknown") {
					t.Skipf("needs a dialect not registered yet: %v", err)
				}
				t.Fatal(err)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatal(err)
			}
			m := New(mod)
			var out bytes.Buffer
			m.Out = &out
			if _, err := m.Call("main"); err != nil {
				t.Fatal(err)
			}
			n := fileCheck(t, src, out.String())
			t.Logf("%d CHECK matches", n)
		})
	}
}
