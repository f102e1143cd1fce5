package vector

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// upstreamFiles returns the upstream Vulkan integration tests of vector
// ops and the vector-to-SPIR-V conversion test.
func upstreamFiles(t *testing.T) []string {
	return irtest.CorpusFiles(t, irtest.Upstream, func(rel string) bool {
		vulkan, _ := path.Match("mlir/test/Integration/GPU/Vulkan/vector-*.mlir", rel)
		return vulkan || rel == "mlir/test/Conversion/VectorToSPIRV/vector-to-spirv.mlir"
	})
}

var vectorOpLine = regexp.MustCompile(`^\s*((%[\w]+(:\d+)?(, %\w+)*) = )?"?vector\.`)

// TestUpstreamVectorOps parses every vector op line of the upstream files
// on its own (its operands defined by test ops), verifies it and checks
// that printing reaches a fixed point through both forms.
func TestUpstreamVectorOps(t *testing.T) {
	n := 0
	for _, f := range upstreamFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if !vectorOpLine.MatchString(line) {
				continue
			}
			line = strings.TrimSpace(line)
			n++
			t.Run(filepath.Base(f)+":"+itoa(i+1), func(t *testing.T) {
				ctx := newContext()
				m := parseLine(t, ctx, line)
				if err := ir.Verify(m); err != nil {
					t.Fatalf("verify %q: %v", line, err)
				}
				first := irtest.LastLine(m, ir.PrintOptions{})
				m2 := parseLine(t, newContext(), first)
				if again := irtest.LastLine(m2, ir.PrintOptions{}); again != first {
					t.Errorf("no fixed point:\n\t%s\n\t%s", first, again)
				}
				generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
				m3, err := ir.Parse(ctx, generic, "generic.mlir")
				if err != nil {
					t.Fatalf("reparse generic: %v", err)
				}
				if again := irtest.LastLine(m3, ir.PrintOptions{}); again != first {
					t.Errorf("generic round trip:\n\t%s\n\t%s", first, again)
				}
			})
		}
	}
	if n == 0 {
		t.Error("no vector ops found in the upstream files")
	}
}

// parseLine parses one op line, its operands defined by test ops.
func parseLine(t *testing.T, ctx *ir.Context, line string) *ir.Operation {
	t.Helper()
	m, _, err := irtest.ParseExample(ctx, line, irtest.ExampleOptions{})
	if err != nil {
		t.Fatalf("parse %q: %v", line, err)
	}
	return m
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// TestUpstreamFiles parses whole upstream files (each split-input-file
// chunk) when every dialect they use is loaded here; chunks that need
// dialects Kiln has not loaded in this package's tests are skipped.
func TestUpstreamFiles(t *testing.T) {
	for _, f := range upstreamFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for ci, chunk := range strings.Split(string(data), "\n// -----") {
			t.Run(filepath.Base(f)+"#"+itoa(ci), func(t *testing.T) {
				err := irtest.RoundTrip(t, ir.NewContext(Dialect(), fn.Dialect()), chunk, f)
				if err != nil {
					// Only a missing dialect excuses a chunk; any other error fails it.
					if msg := irtest.FirstLine(err.Error()); strings.Contains(msg, "is unknown") || strings.Contains(msg, "Dialect `") {
						t.Skipf("needs dialects not loaded here: %v", irtest.FirstLine(err.Error()))
					}
					t.Fatalf("parse: %v", err)
				}
			})
		}
	}
}
