package serialize_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// FuzzDeserialize feeds arbitrary bytes to the deserializer: it must return
// a module or an error, never panic, and a module it returns must verify
// or be rejected by the verifier with a diagnostic, and serialize without
// panicking. Seeds: the test binaries and their truncations.
func FuzzDeserialize(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
		f.Add(b[:len(b)/2])
		f.Add(b[:len(b)-3])
	}
	f.Add([]byte{})
	f.Add([]byte{0x03, 0x02, 0x23, 0x07})
	f.Fuzz(func(t *testing.T, b []byte) { deserializeAny(t, b) })
}

// FuzzDeserializeEdits overwrites words of a valid binary, which reaches
// the deserializer's checks past the decoder far more often than random
// bytes: the input picks a seed, then gives (word index, value) pairs.
func FuzzDeserializeEdits(f *testing.F) {
	seeds := fuzzSeeds(f)
	f.Add(uint8(0), []byte{})
	f.Add(uint8(1), []byte{10, 0, 1, 0, 0, 0})
	f.Add(uint8(2), []byte{3, 0, 5, 0, 0, 0, 40, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, seed uint8, edits []byte) {
		b := append([]byte(nil), seeds[int(seed)%len(seeds)]...)
		n := len(b) / 4
		for i := 0; i+6 <= len(edits); i += 6 {
			at := int(binary.LittleEndian.Uint16(edits[i:])) % n
			copy(b[4*at:], edits[i+2:i+6])
		}
		deserializeAny(t, b)
	})
}

// fuzzSeeds are the test binaries (testBinaries) and the binaries of the
// modules of testdata/*.mlir (graphs, tensorARM, TOSA, mesh ops and
// replicated composites among them): each chunk whose spirv.module parses,
// verifies and serializes; then debugModule and graphDebugModule with their
// debug info (OpString and OpLine, NonSemantic.Graph.DebugInfo.1).
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, p := range testBinaries(f) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	files, _ := filepath.Glob("testdata/*.mlir")
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, chunk := range ir.SplitInput(string(src)) {
			if words := serializeChunk(chunk, p); words != nil {
				seeds = append(seeds, spv.WordsToBytes(words))
			}
		}
	}
	for _, src := range []string{debugModule, graphDebugModule} {
		top, err := ir.Parse(newContext(), src, "in.mlir")
		if err != nil {
			f.Fatal(err)
		}
		words, err := serialize.SerializeWith(firstModule(f, top), serialize.Options{EmitDebugInfo: true})
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, spv.WordsToBytes(words))
	}
	return seeds
}

// serializeChunk returns the binary of chunk's first spirv.module, or nil
// when there is none or it does not parse, verify or serialize.
func serializeChunk(chunk, name string) []uint32 {
	top, err := ir.Parse(newContext(), chunk, name)
	if err != nil || ir.Verify(top) != nil {
		return nil
	}
	mod := top
	if top.Name() != "spirv.module" {
		mod = nil
		for op := range top.Region(0).Entry().Ops() {
			if op.Name() == "spirv.module" {
				mod = op
				break
			}
		}
	}
	if mod == nil {
		return nil
	}
	words, err := serialize.Serialize(mod)
	if err != nil {
		return nil
	}
	return words
}

func deserializeAny(t *testing.T, b []byte) {
	{
		ctx := newContext()
		m, err := serialize.DeserializeBytes(ctx, b, "fuzz.spv")
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Fatalf("error is not a diagnostic: %T %v", err, err)
			}
			return
		}
		if ir.Verify(m) != nil {
			return
		}
		_, _ = serialize.Serialize(m)
	}
}
