package serialize_test

import (
	"encoding/binary"
	"os"
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
// modules of vulkanFiles and armFile.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, p := range testBinaries(f) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	for _, p := range vulkanFiles {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, chunk := range ir.SplitInput(string(src)) {
			top, err := ir.Parse(newContext(), chunk, p)
			if err != nil {
				f.Fatal(err)
			}
			words, err := serialize.Serialize(firstModule(f, top))
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, spv.WordsToBytes(words))
		}
	}
	for _, words := range armBinaries(f) {
		seeds = append(seeds, spv.WordsToBytes(words))
	}
	return seeds
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
