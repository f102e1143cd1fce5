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

// TestGlslang deserializes glslang's binaries of the shaders in
// testdata/glsl (see gen.sh), as they are and optimized by spirv-opt,
// verifies, prints and reparses the result, serializes it again and has
// spirv-val check it; a second round trip must change nothing.
func TestGlslang(t *testing.T) {
	files, _ := filepath.Glob("testdata/glsl/*.spv")
	if len(files) == 0 {
		t.Fatal("no testdata/glsl/*.spv")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".spv"), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
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
			mustValidate(t, words, validate.Vulkan1_1)
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
			mustValidate(t, words2, validate.Vulkan1_1)
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

// firstModule returns the spirv.module of a parsed file: the top op, or
// the first op in an implicit builtin.module.
func firstModule(t *testing.T, top *ir.Operation) *ir.Operation {
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
