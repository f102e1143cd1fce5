package serialize_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// armFile holds graphs, tensorARM constants and TOSA ops; its modules are
// fuzz seeds too.
const armFile = "testdata/arm-graph.mlir"

// spirv-val accepts the serialized graphs, tensors and TOSA instructions,
// under SPIR-V's own rules and Vulkan's: each module with a graph entry
// point (spirv-val wants one when GraphARM is declared).
func TestARMGraphValidates(t *testing.T) {
	validated := 0
	for i, words := range armBinaries(t) {
		m, err := spv.Decode(words)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(m.Instructions, func(in spv.Instruction) bool { return in.Opcode == spv.OpGraphEntryPointARM }) {
			continue
		}
		validated++
		for _, env := range []validate.Env{validate.Spv1_3, validate.Vulkan1_3} {
			t.Run(fmt.Sprint(i, "/", env), func(t *testing.T) {
				mustValidate(t, words, env)
			})
		}
	}
	if validated == 0 {
		t.Fatalf("no module of %s has a graph entry point", armFile)
	}
}

// Serializing what was read back gives the same words: graphs, their
// inputs, outputs and constants, and the TOSA operands survive both ways.
func TestARMGraphWordsRoundTrip(t *testing.T) {
	for i, words := range armBinaries(t) {
		ctx := newContext()
		back, err := serialize.Deserialize(ctx, words, armFile)
		if err != nil {
			t.Fatalf("module %d: %v", i, err)
		}
		if err := ir.Verify(back); err != nil {
			t.Fatalf("module %d: %v\n%s", i, err, back)
		}
		words2, err := serialize.Serialize(back)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(words2, words) {
			dis1, _ := spv.Disassemble(words, spv.DisasmOptions{})
			dis2, _ := spv.Disassemble(words2, spv.DisasmOptions{})
			t.Errorf("module %d: the round trip changes the binary:\n%s", i, lineDiff(dis1, dis2))
		}
	}
}

// A graph cut short of its OpGraphEndARM is a located error.
func TestARMGraphWithoutEnd(t *testing.T) {
	words := armBinaries(t)[0]
	if spv.Opcode(words[len(words)-1]&0xffff) != spv.OpGraphEndARM {
		t.Fatal("the module does not end with OpGraphEndARM")
	}
	_, err := serialize.Deserialize(newContext(), words[:len(words)-1], "cut.spv")
	if err == nil || !strings.Contains(err.Error(), "graph has no OpGraphEndARM") {
		t.Errorf("got %v", err)
	}
}

// armBinaries serializes the modules of armFile.
func armBinaries(t testing.TB) [][]uint32 {
	src, err := os.ReadFile(armFile)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]uint32
	for _, chunk := range ir.SplitInput(string(src)) {
		top, err := ir.Parse(newContext(), chunk, armFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(top); err != nil {
			t.Fatal(err)
		}
		words, err := serialize.Serialize(firstModule(t, top))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, words)
	}
	return out
}
