package spv

import (
	"errors"
	"testing"
)

// FuzzDecode feeds arbitrary bytes to the decoder and the disassembler:
// they must return a *DecodeError or a module whose instructions tile the
// input, and never panic. Crashers found by go test -fuzz live in
// testdata/fuzz/FuzzDecode and run as regression cases with go test.
func FuzzDecode(f *testing.F) {
	for _, m := range loadTestModules(f) {
		data := WordsToBytes(m.words)
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	words, err := handModule()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(WordsToBytes(words))
	f.Add([]byte{})
	f.Add(WordsToBytes(tiny(func(e *Encoder) {
		e.Op(OpExtInstImport).Word(1).Str("NonSemantic.DebugPrintf")
		e.Op(OpTypeInt).Word(2, 16, 1)
		e.Op(OpConstant).Word(2, 3, 0xFFFF)
		e.Op(OpSwitch).Word(3, 4, 7, 5)
	})))
	// SPV_ARM_tensors and SPV_ARM_graph with a TOSA.001000.1 instruction.
	f.Add(WordsToBytes(tiny(func(e *Encoder) {
		e.Op(OpCapability).Word(uint32(CapabilityTensorsARM))
		e.Op(OpCapability).Word(uint32(CapabilityGraphARM))
		e.Op(OpExtension).Str("SPV_ARM_graph")
		e.Op(OpExtInstImport).Word(1).Str("TOSA.001000.1")
		e.Op(OpTypeInt).Word(2, 32, 0)
		e.Op(OpConstant).Word(2, 3, 1)
		e.Op(OpTypeTensorARM).Word(4, 2, 3)
		e.Op(OpTypeGraphARM).Word(5, 1, 4, 4)
		e.Op(OpGraphEntryPointARM).Word(6).Str("g").Word(9)
		e.Op(OpGraphARM).Word(5, 6)
		e.Op(OpGraphInputARM).Word(4, 7, 3)
		e.Op(OpExtInst).Word(4, 8, 1, uint32(TOSAADD), 7, 7)
		e.Op(OpTensorReadARM).Word(2, 9, 8, 3, uint32(TensorOperandsNontemporalARM))
		e.Op(OpGraphSetOutputARM).Word(8, 3)
		e.Op(OpGraphEndARM)
	})))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeBytes(data)
		if err != nil {
			var derr *DecodeError
			if !errors.As(err, &derr) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			return
		}
		pos := 5
		for _, in := range m.Instructions {
			if in.Offset != pos || len(in.Words) == 0 {
				t.Fatalf("instruction at word %d, want %d", in.Offset, pos)
			}
			pos += len(in.Words)
		}
		if pos != len(data)/4 {
			t.Fatalf("instructions end at word %d of %d", pos, len(data)/4)
		}
		m.Disassemble(DisasmOptions{})
		m.Disassemble(DisasmOptions{RawIDs: true})
	})
}
