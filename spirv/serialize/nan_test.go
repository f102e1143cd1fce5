package serialize_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// TestNaNConstantBits serializes NaN constants, signalling ones and ones
// with payloads, and checks that the module holds their exact bits and that
// deserializing gives back the same constants.
func TestNaNConstantBits(t *testing.T) {
	consts := []struct {
		attr string
		word []uint32
	}{
		{"0x7FA00000 : f32", []uint32{0x7FA00000}},
		{"0xFFC00001 : f32", []uint32{0xFFC00001}},
		{"0x7C01 : f16", []uint32{0x7C01}},
		{"0xFE01 : f16", []uint32{0xFE01}},
		{"0x7FF0000000000001 : f64", []uint32{1, 0x7FF00000}},
	}
	var src strings.Builder
	src.WriteString(`spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float16, Float64], []> {
  spirv.func @nans() "None" {
`)
	for i, c := range consts {
		ty := c.attr[strings.Index(c.attr, ": ")+2:]
		src.WriteString("    %c" + string(rune('a'+i)) + " = spirv.Constant " + c.attr + "\n")
		src.WriteString("    %v" + string(rune('a'+i)) + " = spirv.Variable init(%c" + string(rune('a'+i)) + ") : !spirv.ptr<" + ty + ", Function>\n")
	}
	src.WriteString("    spirv.Return\n  }\n  spirv.EntryPoint \"GLCompute\" @nans\n  spirv.ExecutionMode @nans \"LocalSize\", 1, 1, 1\n}\n")
	words := serializeSource(t, src.String())
	mustValidate(t, words, validate.Vulkan1_1)
	m, err := spv.Decode(words)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]uint32
	for _, in := range m.Instructions {
		if in.Opcode == spv.OpConstant {
			got = append(got, in.Words[3:])
		}
	}
	if len(got) != len(consts) {
		t.Fatalf("%d OpConstant, want %d", len(got), len(consts))
	}
	for i, c := range consts {
		if !slices.Equal(got[i], c.word) {
			t.Errorf("%s: words %#x, want %#x", c.attr, got[i], c.word)
		}
	}
	back, err := serialize.Deserialize(newContext(), words, "nans.spv")
	if err != nil {
		t.Fatal(err)
	}
	text := back.String()
	for _, c := range consts {
		if !strings.Contains(text, "spirv.Constant "+c.attr+"\n") {
			t.Errorf("deserialized module lacks spirv.Constant %s:\n%s", c.attr, text)
		}
	}
}
