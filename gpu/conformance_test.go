package gpu

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// corpusFiles returns the corpus directory and its files whose path
// contains one of the parts.
func corpusFiles(t *testing.T, corpus string, parts ...string) (string, []string) {
	return irtest.CorpusDir(t, corpus), irtest.CorpusFiles(t, corpus, func(rel string) bool {
		return slices.ContainsFunc(parts, func(part string) bool { return strings.Contains(rel, part) })
	})
}

var gpuOpUse = regexp.MustCompile(`(?m)^[^/\n]*?\b(gpu\.[a-z_]+)\b`)

// missingDialect reports whether err is about a dialect this package's
// tests do not load (the file then needs other dialects).
func missingDialect(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Dialect `") || strings.Contains(s, "is unknown; use --allow-unregistered-dialect") ||
		strings.Contains(s, "unregistered dialect") || strings.Contains(s, "error: custom op '") && !strings.Contains(s, "custom op 'gpu.")
}

// TestUpstreamFiles parses every upstream file that uses gpu ops. Files
// that need dialects not loaded here are parsed with unregistered dialects
// allowed, which covers their gpu ops too unless they use other dialects'
// custom forms; those are logged.
func TestUpstreamFiles(t *testing.T) {
	dir, files := corpusFiles(t, irtest.Upstream, "GPU/", "GPUToSPIRV/", "mlir-vulkan-runner/")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !gpuOpUse.Match(src) {
			continue
		}
		rel, _ := filepath.Rel(dir, f)
		for i, chunk := range ir.SplitInput(string(src)) {
			if !gpuOpUse.MatchString(chunk) || strings.Contains(chunk, "expected-error") {
				continue
			}
			err := irtest.RoundTrip(t, newContext(), chunk, rel)
			if err == nil {
				continue
			}
			if !missingDialect(err) {
				t.Errorf("%s chunk %d: %v", rel, i, err)
				continue
			}
			t.Logf("%s chunk %d needs other dialects: %v", rel, i, irtest.FirstLine(err.Error()))
		}
	}
}

// TestMLIR16GenericFiles parses MLIR 16's generic print of the upstream
// files (operand_segment_sizes, 9-segment launch_func, gpu.module_end,
// gpu.known_block_size) with unregistered dialects allowed.
func TestMLIR16GenericFiles(t *testing.T) {
	dir, files := corpusFiles(t, irtest.MLIR16Generic, "GPU")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		for i, chunk := range ir.SplitInput(string(src)) {
			if err := irtest.RoundTrip(t, newContext(), chunk, rel); err != nil {
				if missingDialect(err) {
					t.Logf("%s chunk %d needs other dialects: %v", rel, i, irtest.FirstLine(err.Error()))
					continue
				}
				t.Errorf("%s chunk %d: %v", rel, i, err)
			}
		}
	}
}

var gpuOpLine = regexp.MustCompile(`^\s*((?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=\s*)?(gpu\.[a-z_]+)\b`)

// TestUpstreamGPUOpLines parses each single-line gpu op of the upstream
// files on its own, its operands defined by "test.def" ops whose types are
// learnt from the parser's complaints, and checks that the op prints back
// to a fixed point. This covers the gpu ops of files that need dialects
// not loaded here.
func TestUpstreamGPUOpLines(t *testing.T) {
	n := 0
	dir, files := corpusFiles(t, irtest.Upstream, "GPU/", "GPUToSPIRV/", "mlir-vulkan-runner/")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		lines := strings.Split(string(src), "\n")
		for ln := 0; ln < len(lines); ln++ {
			line := stripComment(lines[ln])
			m := gpuOpLine.FindStringSubmatch(line)
			if m == nil || skipLineOps[m[2]] {
				continue
			}
			start := ln
			for ln+1 < len(lines) && continues(line, stripComment(lines[ln+1])) {
				ln++
				line += " " + strings.TrimSpace(stripComment(lines[ln]))
			}
			if strings.HasSuffix(strings.TrimSpace(line), "{") {
				continue
			}
			n++
			ctx := newContext()
			mod, _, err := irtest.ParseExample(ctx, strings.TrimSpace(line), irtest.ExampleOptions{})
			if err != nil {
				t.Errorf("%s:%d: could not parse %q: %v", rel, start+1, line, err)
				continue
			}
			first := string(ir.PrintBytes(mod, ir.PrintOptions{}))
			mod2, err := ir.Parse(ctx, first, "printed")
			if err != nil {
				t.Errorf("%s:%d: reparse: %v\n%s", rel, start+1, err, first)
				continue
			}
			if second := string(ir.PrintBytes(mod2, ir.PrintOptions{})); second != first {
				t.Errorf("%s:%d: not a fixed point:\n%s---\n%s", rel, start+1, first, second)
			}
		}
	}
	if n == 0 {
		t.Fatal("no gpu op lines found")
	}
}

// skipLineOps are gpu names that are no single-line ops: region ops
// (covered by whole-file parses) and discardable attributes.
var skipLineOps = map[string]bool{"gpu.module": true, "gpu.func": true, "gpu.launch": true,
	"gpu.container_module": true, "gpu.kernel": true, "gpu.known_block_size": true, "gpu.known_grid_size": true}

func stripComment(l string) string {
	l, _, _ = strings.Cut(l, "//")
	return l
}

// continues reports whether next continues the op begun on line: brackets
// are still open, or next starts with a launch_func clause.
func continues(line, next string) bool {
	depth := 0
	for _, c := range line {
		switch c {
		case '(', '[', '<', '{':
			depth++
		case ')', ']', '>', '}':
			depth--
		}
	}
	if depth > 0 {
		return true
	}
	next = strings.TrimSpace(next)
	for _, kw := range []string{"blocks", "threads", "args", "dynamic_shared_memory_size", "clusters", "async", "@", "[", ":"} {
		if strings.HasPrefix(next, kw) {
			return true
		}
	}
	return false
}
