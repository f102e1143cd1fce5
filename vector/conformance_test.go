package vector

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

// The upstream files are read in place from the shared conformance tree.
const upstream = "../../shared/conformance/mlir-upstream/mlir/test"

func upstreamFiles(t *testing.T) []string {
	vulkan, _ := filepath.Glob(filepath.Join(upstream, "Integration/GPU/Vulkan/vector-*.mlir"))
	files := append(vulkan, filepath.Join(upstream, "Conversion/VectorToSPIRV/vector-to-spirv.mlir"))
	var out []string
	for _, f := range files {
		if _, err := os.Stat(f); err == nil {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Skip("upstream conformance files not present")
	}
	return out
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
				m := parseExample(t, ctx, line)
				if err := ir.Verify(m); err != nil {
					t.Fatalf("verify %q: %v", line, err)
				}
				first := lastLine(m, ir.PrintOptions{})
				m2 := parseExample(t, newContext(), first)
				if again := lastLine(m2, ir.PrintOptions{}); again != first {
					t.Errorf("no fixed point:\n\t%s\n\t%s", first, again)
				}
				generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
				m3, err := ir.Parse(ctx, generic, "generic.mlir")
				if err != nil {
					t.Fatalf("reparse generic: %v", err)
				}
				if again := lastLine(m3, ir.PrintOptions{}); again != first {
					t.Errorf("generic round trip:\n\t%s\n\t%s", first, again)
				}
			})
		}
	}
	if n == 0 {
		t.Error("no vector ops found in the upstream files")
	}
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
				ctx := ir.NewContext(Dialect(), fn.Dialect())
				m, err := ir.Parse(ctx, chunk, f)
				if err != nil {
					// Only a missing dialect excuses a chunk; any other error fails it.
					if msg := firstLine(err.Error()); strings.Contains(msg, "is unknown") || strings.Contains(msg, "Dialect `") {
						t.Skipf("needs dialects not loaded here: %v", firstLine(err.Error()))
					}
					t.Fatalf("parse: %v", err)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatalf("verify: %v", err)
				}
				once := string(ir.PrintBytes(m, ir.PrintOptions{}))
				m2, err := ir.Parse(ctx, once, "printed.mlir")
				if err != nil {
					t.Fatalf("reparse: %v\n%s", err, once)
				}
				if twice := string(ir.PrintBytes(m2, ir.PrintOptions{})); twice != once {
					t.Errorf("no fixed point:\n%s\n---\n%s", once, twice)
				}
			})
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
