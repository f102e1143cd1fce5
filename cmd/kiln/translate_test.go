package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

const smallModule = `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
`

func runKiln(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = dispatch(args, bytes.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestTranslateSerializeDeserialize(t *testing.T) {
	dir := t.TempDir()
	spvFile := filepath.Join(dir, "m.spv")
	_, stderr, code := runKiln(t, []byte(smallModule), "translate", "--serialize-spirv", "-", "-o", spvFile)
	if code != 0 {
		t.Fatalf("serialize: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(spvFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := (&validate.Validator{Env: validate.Spv1_0}).ValidateBytes(context.Background(), b); err != nil && !errors.Is(err, validate.ErrNotFound) {
		t.Fatal(err)
	}
	out, stderr, code := runKiln(t, nil, "translate", "--deserialize-spirv", spvFile, "--no-implicit-module")
	if code != 0 {
		t.Fatalf("deserialize: exit %d: %s", code, stderr)
	}
	if out != smallModule {
		t.Errorf("deserialized:\n%s\nwant\n%s", out, smallModule)
	}
	out, _, _ = runKiln(t, nil, "translate", "--deserialize-spirv", spvFile)
	if !strings.HasPrefix(out, "module {\n  spirv.module") {
		t.Errorf("without --no-implicit-module, want a builtin.module around the result:\n%s", out)
	}
	out, stderr, code = runKiln(t, []byte(smallModule+"// -----\n"+smallModule), "translate", "--test-spirv-roundtrip", "--split-input-file", "--no-implicit-module")
	// As mlir-translate, chunks' outputs are joined by --output-split-marker
	// (none by default) and a newline.
	if code != 0 || out != smallModule+"\n"+smallModule {
		t.Errorf("round trip: exit %d: %s\n%s", code, stderr, out)
	}
	out, stderr, code = runKiln(t, []byte(smallModule+"// -----\n"+smallModule), "translate", "--test-spirv-roundtrip", "--split-input-file", "--no-implicit-module", "--output-split-marker=// next")
	if code != 0 || out != smallModule+"// next\n"+smallModule {
		t.Errorf("round trip with a marker: exit %d: %s\n%s", code, stderr, out)
	}
	// Translations chain; chunks' binaries are written one after the other.
	out, stderr, code = runKiln(t, []byte(smallModule+"// -----\n"+smallModule), "translate", "--serialize-spirv", "--deserialize-spirv", "--split-input-file", "--no-implicit-module")
	if code != 0 || out != smallModule+"\n"+smallModule {
		t.Errorf("serialize then deserialize: exit %d: %s\n%s", code, stderr, out)
	}
	out, stderr, code = runKiln(t, []byte(smallModule+"// -----\n"+smallModule), "translate", "--serialize-spirv", "--split-input-file")
	if half := len(out) / 2; code != 0 || !bytes.Equal([]byte(out[:half]), b) || out[half] != '\n' || out[half+1:] != out[:half] {
		t.Errorf("serialize chunks: exit %d: %s\n%q", code, stderr, out)
	}
}

// A module whose vce triple does not allow what it uses is serialized as
// it is (MLIR's round-trip tests rely on it), unless --verify-availability.
func TestTranslateAvailability(t *testing.T) {
	src := []byte(`spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f(%a: i64) "None" {
    spirv.Return
  }
}`)
	out, stderr, code := runKiln(t, src, "translate", "--test-spirv-roundtrip", "--no-implicit-module", "-")
	if code != 0 || !strings.Contains(out, "spirv.func @f(%arg0: i64)") {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
	_, stderr, code = runKiln(t, src, "translate", "--serialize-spirv", "--verify-availability", "-")
	if want := "<stdin>:2:3: error: 'spirv.func' op integer type i64 needs the Int64 capability"; code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("--verify-availability: exit %d, stderr:\n%s\nwant it to contain %q", code, stderr, want)
	}
}

// --verify-diagnostics checks each chunk's errors against its expected-*
// comments, as kiln opt does.
func TestTranslateVerifyDiagnostics(t *testing.T) {
	src := smallModule + `// -----
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{unregistered operation 'spirv.Nope'}}
  spirv.Nope
}
`
	out, stderr, code := runKiln(t, []byte(src), "translate", "--test-spirv-roundtrip", "--split-input-file", "--verify-diagnostics", "--no-implicit-module", "-")
	if code != 0 || out != smallModule+"\n" {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
	_, stderr, code = runKiln(t, []byte(strings.ReplaceAll(src, "'spirv.Nope'}", "'spirv.Other'}")), "translate", "--test-spirv-roundtrip", "--split-input-file", "--verify-diagnostics", "-")
	if code == 0 || !strings.Contains(stderr, "was not produced") {
		t.Errorf("a wrong expectation: exit %d: %s", code, stderr)
	}
}

// --spirv-save-validation-files-with-prefix writes each serialized module
// to a file of its own.
func TestTranslateValidationFiles(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "m")
	src := []byte(smallModule + "// -----\n" + smallModule)
	for range 2 {
		_, stderr, code := runKiln(t, src, "translate", "--serialize-spirv", "--split-input-file", "--spirv-save-validation-files-with-prefix="+prefix, "-", "-o", os.DevNull)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	files, _ := filepath.Glob(prefix + "_*.spv")
	if len(files) != 4 {
		t.Errorf("files %v, want 4: two runs of two modules", files)
	}
	_, stderr, code := runKiln(t, src, "translate", "--serialize-spirv", "--split-input-file", "--spirv-save-validation-files-with-prefix="+filepath.Join(dir, "none", "m"), "-")
	if code == 0 || !strings.Contains(stderr, "validation prefix directory does not exist") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestTranslateErrors(t *testing.T) {
	for _, tc := range []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"no mode", "", []string{"translate", "-"}, "no translation"},
		{"modes that do not chain", "", []string{"translate", "--deserialize-spirv", "--deserialize-spirv"}, "--deserialize-spirv cannot take what --deserialize-spirv gives"},
		{"unknown flag", "", []string{"translate", "--serialize-spirv", "--frobnicate"}, "unknown flag"},
		{"bad magic", "this is not SPIR-V!!", []string{"translate", "--deserialize-spirv", "-"}, "<stdin>: not a SPIR-V binary (magic 0x73696874, want 0x07230203)"},
		{"misaligned", "\x03\x02\x23\x07\x00\x00\x01\x00" + strings.Repeat("\x00", 15), []string{"translate", "--deserialize-spirv", "-"}, "<stdin>: a SPIR-V binary is whole 4-byte words, this one is 23 bytes"},
		{"no module", "func.func @f() { return }", []string{"translate", "--serialize-spirv", "-"}, "<stdin>:0:0: error: expected a 'spirv.module' op, got 'builtin.module'"},
		// With --no-implicit-module the one op must be the spirv.module, as
		// mlir-translate's SPIR-V translations take one (MLIR's
		// Target/SPIRV/invalid-module.mlir).
		{"builtin.module alone", "module {}", []string{"translate", "--serialize-spirv", "--no-implicit-module", "-"}, "<stdin>:1:1: error: expected a 'spirv.module' op, got 'builtin.module'"},
		{"spirv.module nested", "module {\n" + smallModule + "}", []string{"translate", "--test-spirv-roundtrip", "--no-implicit-module", "-"}, "<stdin>:1:1: error: expected a 'spirv.module' op, got 'builtin.module'"},
		{"two modules", smallModule + smallModule, []string{"translate", "--test-spirv-roundtrip", "-"}, "error: 'builtin.module' op found more than one 'spirv.module' op"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runKiln(t, []byte(tc.stdin), tc.args...)
			if code == 0 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant it to contain %q", code, stderr, tc.want)
			}
		})
	}
}

// upstreamDir holds MLIR's own round-trip tests, read in place.
const upstreamDir = "../../../shared/conformance/mlir-upstream/mlir/test/Target/SPIRV"

// validationGaps lists upstream test chunks whose modules spirv-val
// rejects whatever the serializer does, with the reason: most use what
// their vce triple does not allow, which MLIR's serializer writes as it
// is, and so does Kiln's.
var validationGaps = map[string]string{
	"arithmetic-ops.mlir/0":  "vector<5xf32> needs the Vector16 capability, the module declares Shader only",
	"atomic-ops.mlir/0":      "AtomicCompareExchangeWeak needs the Kernel capability, the module declares Shader only",
	"entry-point.mlir/0":     "ExecutionMode ContractionOff needs the Kernel capability, the module declares Shader only",
	"entry-point.mlir/1":     "ExecutionMode ContractionOff needs the Kernel capability, the module declares Shader only",
	"execution-mode.mlir/0":  "ExecutionMode LocalSizeHint needs the Kernel capability, the module declares Shader only",
	"loop.mlir/1":            "StorageBuffer needs SPIR-V 1.3 or SPV_KHR_storage_buffer_storage_class, the module is 1.0 without extensions",
	"memory-ops.mlir/2":      "StorageBuffer needs SPIR-V 1.3 or SPV_KHR_storage_buffer_storage_class, the module is 1.0 without extensions",
	"struct.mlir/0":          "StorageBuffer needs SPIR-V 1.3 or SPV_KHR_storage_buffer_storage_class, the module is 1.0 without extensions",
	"non-uniform-ops.mlir/0": "GroupNonUniform* need SPIR-V 1.3, the module is 1.0",
	// With Shader, SPV_KHR_cooperative_matrix wants the Vulkan memory model.
	"khr-cooperative-matrix-ops.mlir/0": "Shader and CooperativeMatrixKHR need VulkanMemoryModel too, the module does not declare it",
}

// TestUpstreamBinariesValidate serializes each spirv.module of MLIR's
// round-trip tests and has spirv-val check it (their RUN lines themselves
// run in TestConformance).
func TestUpstreamBinariesValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(upstreamDir, "*.mlir"))
	if len(files) == 0 {
		t.Skip("no upstream tests at " + upstreamDir)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		chunks := []string{string(src)}
		if strings.Contains(strings.Join(irtest.RunLines(string(src)), " "), "split-input-file") {
			chunks = ir.SplitInput(string(src))
		}
		for i, chunk := range chunks {
			name := fmt.Sprintf("%s/%d", filepath.Base(f), i)
			t.Run(name, func(t *testing.T) {
				validateChunk(t, name, chunk, f)
			})
		}
	}
}

// validateChunk serializes each spirv.module of a test chunk and has
// spirv-val check it under SPIR-V's own rules for the module's version.
func validateChunk(t *testing.T, key, chunk, name string) {
	t.Helper()
	ctx := translateContext()
	top, err := ir.Parse(ctx, chunk, name)
	if err != nil {
		t.Fatal(err)
	}
	top.Walk(func(op *ir.Operation) bool {
		if op.Name() != "spirv.module" {
			return true
		}
		words, err := serialize.Serialize(op)
		if err != nil {
			t.Fatal(err)
		}
		if reason, ok := validationGaps[key]; ok {
			t.Log("not validated: " + reason)
			return true
		}
		if !hasEntryPoint(op) {
			t.Log("not validated: spirv-val needs an OpEntryPoint unless the module declares Linkage")
			return true
		}
		v := spv.Version(words[1])
		env := validate.Env(fmt.Sprintf("spv%d.%d", v.Major(), v.Minor()))
		err = validate.Validate(context.Background(), words, env)
		if errors.Is(err, validate.ErrNotFound) {
			t.Skip(err)
		}
		if err != nil {
			t.Error(err)
		}
		return true
	})
}

// hasEntryPoint reports whether a spirv.module has an entry point or
// declares Linkage: spirv-val rejects a module with neither.
func hasEntryPoint(m *ir.Operation) bool {
	if vce, ok := m.Attr("vce_triple").(*spirv.VCEAttr); ok && slices.Contains(vce.Capabilities, spv.CapabilityLinkage) {
		return true
	}
	for op := range m.Region(0).Entry().Ops() {
		if op.Name() == "spirv.EntryPoint" {
			return true
		}
	}
	return false
}

// --test-spirv-roundtrip-debug keeps the ops' file locations through
// OpLine; -mlir-print-debuginfo prints them.
func TestTranslateRoundTripDebug(t *testing.T) {
	src := strings.Replace(smallModule, "[Shader], []", "[Shader], [SPV_KHR_non_semantic_info]", 1)
	out, stderr, code := runKiln(t, []byte(src), "translate", "--test-spirv-roundtrip-debug", "-mlir-print-debuginfo", "-mlir-print-local-scope", "--no-implicit-module", "-")
	if code != 0 || !strings.Contains(out, `spirv.Return loc("<stdin>":3:5)`) {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
	_, stderr, code = runKiln(t, []byte(smallModule), "translate", "--serialize-spirv", "--spirv-emit-debug-info", "-")
	if want := "<stdin>:1:1: error: 'spirv.module' op SPV_KHR_non_semantic_info extension not available"; code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant it to contain %q", code, stderr, want)
	}
}

// With --no-implicit-module the input must be one op, as in MLIR.
func TestTranslateNoImplicitModule(t *testing.T) {
	_, stderr, code := runKiln(t, []byte(smallModule+smallModule), "translate", "--test-spirv-roundtrip", "--no-implicit-module", "-")
	if want := "<stdin>:1:1: error: source must contain a single top-level operation, found: 2"; code == 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant it to contain %q", code, stderr, want)
	}
	out, stderr, code := runKiln(t, []byte(smallModule), "translate", "--test-spirv-roundtrip", "--no-implicit-module", "-")
	if code != 0 || out != smallModule {
		t.Errorf("a spirv.module: exit %d: %s\n%s", code, stderr, out)
	}
}
