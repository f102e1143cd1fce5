package gpu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// The upstream MLIR corpus lives beside the repository and is read in
// place, never copied.
const (
	upstreamDir = "../../shared/conformance/mlir-upstream"
	genericDir  = "../../shared/conformance/mlir16-generic"
)

// corpusFiles returns the .mlir files under dir whose path contains one of
// the parts and which use the gpu dialect.
func corpusFiles(t *testing.T, dir string, parts ...string) []string {
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("conformance corpus missing: %v", err)
		}
		t.Skip("conformance corpus not present")
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".mlir") {
			return nil
		}
		for _, part := range parts {
			if strings.Contains(p, part) {
				files = append(files, p)
				break
			}
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no conformance files")
	}
	return files
}

var gpuOpUse = regexp.MustCompile(`(?m)^[^/\n]*?\b(gpu\.[a-z_]+)\b`)

// missingDialect reports whether err is about a dialect this package's
// tests do not load (the file then needs other dialects).
func missingDialect(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Dialect `") || strings.Contains(s, "is unknown; use --allow-unregistered-dialect") ||
		strings.Contains(s, "unregistered dialect") || strings.Contains(s, "error: custom op '") && !strings.Contains(s, "custom op 'gpu.")
}

// roundTrip parses src, verifies it and checks that custom printing is a
// fixed point and agrees with the generic form.
func roundTrip(t *testing.T, ctx *ir.Context, name, src string) (*ir.Operation, error) {
	m, err := ir.Parse(ctx, src, name)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("%s: verify: %v", name, err)
		return m, nil
	}
	first := string(ir.PrintBytes(m, ir.PrintOptions{}))
	m2, err := ir.Parse(ctx, first, "printed")
	if err != nil {
		t.Errorf("%s: reparse: %v\n%s", name, err, first)
		return m, nil
	}
	if second := string(ir.PrintBytes(m2, ir.PrintOptions{})); second != first {
		t.Errorf("%s: printing is not a fixed point:\n%s\n---\n%s", name, first, second)
	}
	generic := string(ir.PrintBytes(m, ir.PrintOptions{Generic: true}))
	m3, err := ir.Parse(ctx, generic, "generic")
	if err != nil {
		t.Errorf("%s: reparse generic: %v", name, err)
		return m, nil
	}
	if third := string(ir.PrintBytes(m3, ir.PrintOptions{})); third != first {
		t.Errorf("%s: custom form differs after the generic form:\n%s\n---\n%s", name, first, third)
	}
	return m, nil
}

// TestUpstreamFiles parses every upstream file that uses gpu ops. Files
// that need dialects not loaded here are parsed with unregistered dialects
// allowed, which covers their gpu ops too unless they use other dialects'
// custom forms; those are logged.
func TestUpstreamFiles(t *testing.T) {
	files := corpusFiles(t, upstreamDir, "GPU/", "GPUToSPIRV/", "mlir-vulkan-runner/")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !gpuOpUse.Match(src) {
			continue
		}
		rel, _ := filepath.Rel(upstreamDir, f)
		for i, chunk := range ir.SplitInput(string(src)) {
			if !gpuOpUse.MatchString(chunk) || strings.Contains(chunk, "expected-error") {
				continue
			}
			_, err := roundTrip(t, newContext(), rel, chunk)
			if err == nil {
				continue
			}
			if !missingDialect(err) {
				t.Errorf("%s chunk %d: %v", rel, i, err)
				continue
			}
			t.Logf("%s chunk %d needs other dialects: %v", rel, i, firstLine(err))
		}
	}
}

// TestMLIR16GenericFiles parses MLIR 16's generic print of the upstream
// files (operand_segment_sizes, 9-segment launch_func, gpu.module_end,
// gpu.known_block_size) with unregistered dialects allowed.
func TestMLIR16GenericFiles(t *testing.T) {
	for _, f := range corpusFiles(t, genericDir, "GPU") {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(genericDir, f)
		for i, chunk := range ir.SplitInput(string(src)) {
			if _, err := roundTrip(t, newContext(), rel, chunk); err != nil {
				if missingDialect(err) {
					t.Logf("%s chunk %d needs other dialects: %v", rel, i, firstLine(err))
					continue
				}
				t.Errorf("%s chunk %d: %v", rel, i, err)
			}
		}
	}
}

var (
	gpuOpLine    = regexp.MustCompile(`^\s*((?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=\s*)?(gpu\.[a-z_]+)\b`)
	ssaName      = regexp.MustCompile(`%[\w$.-]+`)
	typeMismatch = regexp.MustCompile(`use of value '(%[\w$.-]+)' expects different type than prior uses: '([^']*)' vs`)
)

// TestUpstreamGPUOpLines parses each single-line gpu op of the upstream
// files on its own, its operands defined by "test.def" ops whose types are
// learnt from the parser's complaints, and checks that the op prints back
// to a fixed point. This covers the gpu ops of files that need dialects
// not loaded here.
func TestUpstreamGPUOpLines(t *testing.T) {
	n := 0
	for _, f := range corpusFiles(t, upstreamDir, "GPU/", "GPUToSPIRV/", "mlir-vulkan-runner/") {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(upstreamDir, f)
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
			op := parseLine(t, strings.TrimSpace(line), m[1])
			if op == "" {
				t.Errorf("%s:%d: could not parse %q", rel, start+1, line)
				continue
			}
			ctx := newContext()
			mod, err := ir.Parse(ctx, op, "line")
			if err != nil {
				t.Errorf("%s:%d: %v", rel, start+1, err)
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

// parseLine returns a parsable snippet defining the operands of line, or "".
func parseLine(t *testing.T, line, lhs string) string {
	results := map[string]bool{}
	for _, r := range ssaName.FindAllString(lhs, -1) {
		results[r] = true
	}
	types := map[string]string{}
	var uses []string
	for _, n := range ssaName.FindAllString(line[len(lhs):], -1) {
		if _, seen := types[n]; !seen && !results[n] {
			types[n] = "none"
			uses = append(uses, n)
		}
	}
	for range 16 {
		var src strings.Builder
		for _, n := range uses {
			src.WriteString(n + ` = "test.def"() : () -> ` + types[n] + "\n")
		}
		src.WriteString(line + "\n")
		_, err := ir.Parse(newContext(), src.String(), "line")
		if err == nil {
			return src.String()
		}
		sm := typeMismatch.FindStringSubmatch(err.Error())
		if sm == nil {
			t.Logf("%q: %v", line, err)
			return ""
		}
		types[sm[1]] = sm[2]
	}
	return ""
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
