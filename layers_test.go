package kiln_test

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/kiln-gpu/kiln"

// dialects are the packages that define dialects; they sit on the IR and
// may use each other (vector uses arith, for instance).
var dialects = []string{"fn", "cf", "arith", "math", "memref", "scf", "vector", "gpu", "spirv", "index", "ub", "llvm", "tensor", "affine", "linalg"}

// layers maps each package (relative to the module) to the module packages
// it may import directly, in the spirit of Go's go/build/deps_test.go.
// Imports only point down: docs/HACKING.md "The layers". A package missing
// here fails the test, so every new package states its place.
var layers = map[string][]string{
	"ir":                        nil,
	"spirv/spv":                 nil,
	"spirv/validate":            nil,
	"runtime/compute":           nil,
	"runtime/vulkan":            {"runtime/compute"},
	"runtime/vulkan/vulkantest": {"runtime/vulkan", "runtime/compute"},
	"runtime/gl":                {"runtime/compute"},
	"lit":                       nil,
	"npy":                       nil,
	"amber":                     {"runtime/vulkan", "runtime/gl", "runtime/compute", "spirv/spv", "spirv/validate"},
	"suite":                     {"amber", "lit", "runtime/vulkan", "runtime/gl"},
	"ir/irtest":                 {"ir", "lit"},
	"ir/rewrite":                {"ir"},
	"internal/suggest":          nil,
	"ir/dataflow":               {"ir"},
	"arith/intrange":            {"ir", "ir/dataflow"},
	"ir/pass":                   {"ir", "ir/rewrite", "ir/dataflow", "internal/suggest"},
	"spirv/serialize":           append([]string{"ir", "spirv/spv"}, dialects...),
	"interp":                    append([]string{"ir"}, dialects...),
	"interp/interptest":         {"ir", "ir/pass", "interp"},
	"gpu/fromscf":               append([]string{"ir", "ir/pass", "affine/transforms", "scf/transforms"}, dialects...),
	"gpu/outline":               append([]string{"ir", "ir/rewrite", "ir/pass", "memref/transforms"}, dialects...),
	"gpu/tobinary":              append([]string{"ir", "ir/pass", "spirv/spv", "spirv/serialize"}, dialects...),
	"vector/transforms":         append([]string{"ir", "ir/rewrite", "ir/pass"}, dialects...),
	"vector/toscf":              append([]string{"ir", "ir/rewrite", "ir/pass", "scf/transforms", "vector/transforms"}, dialects...),
	"arith/transforms":          append([]string{"ir", "ir/rewrite", "ir/pass", "arith/intrange"}, dialects...),
	"arith/emulate":             append([]string{"ir", "ir/rewrite", "ir/pass"}, dialects...),
	"math/transforms":           append([]string{"ir", "ir/rewrite", "ir/pass"}, dialects...),
	"affine/analysis":           append([]string{"ir"}, dialects...),
	"affine/transforms":         append([]string{"ir", "ir/rewrite", "ir/pass", "affine/analysis"}, dialects...),
	"affine/looptransforms":     append([]string{"ir", "ir/rewrite", "ir/pass", "affine/analysis"}, dialects...),
	"memref/transforms":         append([]string{"ir", "ir/rewrite", "ir/pass"}, dialects...),
	"mem2reg":                   append([]string{"ir", "ir/pass"}, dialects...),
	"fn/transforms":             append([]string{"ir", "ir/pass"}, dialects...),
	"runtimeverify":             append([]string{"ir", "ir/pass"}, dialects...),
	"scf/transforms":            append([]string{"ir", "ir/rewrite", "ir/pass", "affine/analysis"}, dialects...),
	"scf/tocf":                  append([]string{"ir", "ir/rewrite", "ir/pass", "scf/transforms"}, dialects...),
	"cf/toscf":                  append([]string{"ir", "ir/pass"}, dialects...),
	"spirv/transforms":          append([]string{"ir", "ir/rewrite", "ir/pass", "spirv/spv"}, dialects...),
	"spirv/lowering":            append([]string{"ir", "ir/rewrite", "ir/pass", "spirv/spv", "spirv/transforms", "vector/transforms", "gpu/outline"}, dialects...),
	// The front door (the module's root package, "."): compiling needs no
	// cgo; only its dispatch files import runtime/vulkan.
	".": append([]string{"ir", "ir/pass", "interp", "spirv/spv", "spirv/serialize", "spirv/validate",
		"spirv/lowering", "spirv/transforms", "vector/transforms", "vector/toscf", "arith/transforms", "arith/emulate", "math/transforms", "affine/transforms", "affine/looptransforms", "memref/transforms", "mem2reg", "runtimeverify", "fn/transforms", "scf/transforms", "scf/tocf", "cf/toscf", "gpu/fromscf", "gpu/outline", "gpu/tobinary", "runtime/vulkan"}, dialects...),
	"kernels":       {".", "ir"},
	"runner":        append([]string{".", "ir", "ir/rewrite", "ir/pass", "interp", "spirv/spv", "spirv/validate", "runtime/compute", "runtime/vulkan", "runtime/gl"}, dialects...),
	"cmd/kiln":      {"*"},
	"bench/codegen": {".", "runtime/vulkan", "spirv/spv"},
	"ci/opsyntax":   {"."}, // counts the dialects' op syntax
}

func init() {
	for _, d := range dialects {
		layers[d] = append([]string{"ir", "ir/rewrite", "spirv/spv", "arith/intrange"}, dialects...)
	}
}

func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ":")
		rel := relative(pkg)
		allowed, ok := layers[rel]
		if !ok && strings.Contains(rel, "/internal/") {
			allowed, ok = layers[rel[:strings.Index(rel, "/internal/")]], true
		}
		if !ok {
			t.Errorf("package %s has no entry in the layering policy", rel)
			continue
		}
		for _, imp := range strings.Fields(imports) {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			irel := relative(imp)
			if !permitted(rel, irel, allowed) {
				t.Errorf("%s imports %s, which the layering policy forbids", rel, irel)
			}
		}
	}
}

// relative names a module package by its path in the module ("." for
// the root).
func relative(pkg string) string {
	if pkg == module {
		return "."
	}
	return strings.TrimPrefix(pkg, module+"/")
}

func permitted(pkg, imp string, allowed []string) bool {
	// Go's own rule: X/internal/... is importable from within X.
	if i := strings.Index(imp, "/internal/"); i >= 0 && (pkg == imp[:i] || strings.HasPrefix(pkg, imp[:i]+"/")) {
		return true
	}
	for _, a := range allowed {
		if a == "*" || a == imp {
			return true
		}
	}
	return false
}
