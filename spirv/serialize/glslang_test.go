package serialize_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

func newContext() *ir.Context { return ir.NewContext(spirv.Dialect()) }

// mustValidate runs spirv-val on words, skipping the test when it is not
// installed.
func mustValidate(t *testing.T, words []uint32, env validate.Env) {
	t.Helper()
	err := validate.Validate(context.Background(), words, env)
	if errors.Is(err, validate.ErrNotFound) {
		t.Skip(err)
	}
	if err != nil {
		dis, _ := spv.Disassemble(words, spv.DisasmOptions{})
		t.Fatalf("%v\n%s", err, dis)
	}
}

// testBinaries are the binaries of testdata/glsl (glslang's, as they are
// and optimized by spirv-opt) and of testdata/spvasm (spirv-as's); see
// the gen.sh of each.
func testBinaries(t testing.TB) []string {
	t.Helper()
	glsl, _ := filepath.Glob("testdata/glsl/*.spv")
	asm, _ := filepath.Glob("testdata/spvasm/*.spv")
	if len(glsl) == 0 || len(asm) == 0 {
		t.Fatal("no testdata/glsl/*.spv or testdata/spvasm/*.spv")
	}
	return append(glsl, asm...)
}

// TestGlslang deserializes the test binaries (testBinaries), verifies,
// prints and reparses the result, serializes it again and has spirv-val
// check it; a second round trip must change nothing.
func TestGlslang(t *testing.T) {
	for _, f := range testBinaries(t) {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".spv"), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			env := glslEnv(t, f)
			ctx := newContext()
			m, err := serialize.DeserializeBytes(ctx, b, f)
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("%v\n%s", err, m)
			}
			text := m.String()
			reparsed, err := ir.Parse(ctx, text, f+".mlir")
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if err := ir.Verify(reparsed); err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			words, err := serialize.Serialize(firstModule(t, reparsed))
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			mustValidate(t, words, env)
			// Twice more: after the first round trip (which puts blocks in
			// the serializer's order), text and binary stay the same.
			m2, err := serialize.Deserialize(ctx, words, f)
			if err != nil {
				t.Fatal(err)
			}
			words2, err := serialize.Serialize(m2)
			if err != nil {
				t.Fatal(err)
			}
			mustValidate(t, words2, env)
			m3, err := serialize.Deserialize(ctx, words2, f)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := m3.String(), m2.String(); got != want {
				t.Errorf("round trips do not reach a fixed point:\n%s", lineDiff(want, got))
			}
		})
	}
}

// glslEnv is the environment of a test binary: the "target-env:" line of
// its shader (a "//" comment) or assembly (a ";" comment), see gen.sh,
// else Vulkan 1.1.
func glslEnv(t *testing.T, spvPath string) validate.Env {
	t.Helper()
	src, comment := strings.TrimSuffix(strings.TrimSuffix(spvPath, ".spv"), ".opt")+".comp", "// "
	if filepath.Base(filepath.Dir(spvPath)) == "spvasm" {
		src, comment = strings.TrimSuffix(spvPath, ".spv")+".spvasm", "; "
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if env, ok := strings.CutPrefix(line, comment+"target-env: "); ok {
			e, err := validate.ParseEnv(strings.TrimSpace(env))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			return e
		}
	}
	return validate.Vulkan1_1
}

// firstModule returns the spirv.module of a parsed file: the top op, or
// the first op in an implicit builtin.module.
func firstModule(t testing.TB, top *ir.Operation) *ir.Operation {
	t.Helper()
	if top.Name() == "spirv.module" {
		return top
	}
	for op := range top.Region(0).Entry().Ops() {
		if op.Name() == "spirv.module" {
			return op
		}
	}
	t.Fatalf("no spirv.module in\n%s", top)
	return nil
}

// parseModule parses src as in.mlir in ctx and returns its spirv.module.
func parseModule(t testing.TB, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	top, err := ir.Parse(ctx, src, "in.mlir")
	if err != nil {
		t.Fatal(err)
	}
	return firstModule(t, top)
}

// serializeSource serializes the spirv.module of src.
func serializeSource(t testing.TB, src string) []uint32 {
	t.Helper()
	words, err := serialize.Serialize(parseModule(t, newContext(), src))
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// roundTrip serializes the spirv.module of src and returns the binary's
// disassembly and the module deserialized from it, printed.
func roundTrip(t *testing.T, src string) (dis, back string) {
	t.Helper()
	words := serializeSource(t, src)
	dis, err := spv.Disassemble(words, spv.DisasmOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := serialize.Deserialize(newContext(), words, "in.spv")
	if err != nil {
		t.Fatal(err)
	}
	return dis, m.String()
}

// wantSerializeError checks that serializing the spirv.module of src,
// parsed in ctx, fails with exactly want.
func wantSerializeError(t *testing.T, ctx *ir.Context, src, want string) {
	t.Helper()
	_, err := serialize.Serialize(parseModule(t, ctx, src))
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, wl, gl)
		}
	}
	return ""
}
