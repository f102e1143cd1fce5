package spv

import (
	"errors"
	"math/bits"
	"slices"
	"strings"
	"testing"
)

// tiny returns a module of the given instructions with bound 10.
func tiny(build func(e *Encoder)) []uint32 {
	var e Encoder
	build(&e)
	return append(Header{Version: Version1_0, Bound: 10}.Words(), e.Words()...)
}

func TestDecodeErrors(t *testing.T) {
	good := tiny(func(e *Encoder) {
		e.Op(OpCapability).Word(uint32(CapabilityShader))
		e.Op(OpTypeVoid).Word(1)
	})
	patch := func(i int, w uint32) []uint32 {
		c := slices.Clone(good)
		c[i] = w
		return c
	}
	for _, tc := range []struct {
		name  string
		words []uint32
		want  error
		text  string
	}{
		{"short header", good[:3], ErrTruncated, "word 3: truncated: 3 words, the header alone takes 5"},
		{"magic", patch(0, 0xDEADBEEF), ErrMagic, ""},
		{"version 2.0", patch(1, 0x00020000), ErrVersion, ""},
		{"version past the grammar", patch(1, uint32(MaxVersion)+0x100), ErrVersion, ""},
		{"version low byte", patch(1, 0x00010001), ErrVersion, ""},
		{"word count 0", patch(5, uint32(OpCapability)), ErrWordCount, "instruction 0 (OpCapability) at word 5: bad word count: word count 0"},
		{"past the end", patch(7, 3<<16|uint32(OpTypeVoid)), ErrTruncated, ""},
		{"id at bound", patch(8, 10), ErrIDBound, "instruction 1 (OpTypeVoid) at word 7: id out of bound: IdResult %10, the bound is 10"},
		{"id 0", patch(8, 0), ErrIDBound, ""},
		{"unknown opcode", patch(7, 2<<16|0xFFFF), ErrOpcode, ""},
		{"unknown enum", patch(6, 9999), ErrOperand, "Capability has no value 9999"},
		{"missing operand", tiny(func(e *Encoder) { e.Op(OpTypeInt).Word(1, 32) }), ErrWordCount, "missing operand 'Signedness' (LiteralInteger)"},
		{"extra word", tiny(func(e *Encoder) { e.Op(OpTypeVoid).Word(1, 2) }), ErrWordCount, ""},
		{"unterminated string", tiny(func(e *Encoder) { e.Op(OpSourceExtension).Word(0x64636261) }), ErrOperand, "no terminating NUL"},
		{"unknown mask bit", tiny(func(e *Encoder) {
			e.Op(OpLoopMerge).Word(1, 2, 1<<30)
		}), ErrOperand, "LoopControl has no bit 0x40000000"},
		{"missing mask parameter", tiny(func(e *Encoder) {
			e.Op(OpLoopMerge).Word(1, 2, uint32(LoopControlDependencyLength))
		}), ErrWordCount, ""},
		{"constant of non-numeric type", tiny(func(e *Encoder) {
			e.Op(OpTypeBool).Word(1)
			e.Op(OpConstant).Word(1, 2, 0)
		}), ErrOperand, "result type %1 is not a numeric scalar type"},
		{"64-bit constant in one word", tiny(func(e *Encoder) {
			e.Op(OpTypeInt).Word(1, 64, 0)
			e.Op(OpConstant).Word(1, 2, 0)
		}), ErrWordCount, ""},
		{"switch on an unknown selector", tiny(func(e *Encoder) {
			e.Op(OpSwitch).Word(1, 2, 0, 3)
		}), ErrOperand, "selector %1"},
		{"ext inst without import", tiny(func(e *Encoder) {
			e.Op(OpTypeFloat).Word(1, 32)
			e.Op(OpExtInst).Word(1, 2, 3, 31, 4)
		}), ErrOperand, "not the result of an earlier OpExtInstImport"},
		{"unknown ext inst set", tiny(func(e *Encoder) {
			e.Op(OpExtInstImport).Word(3).Str("Nobody.std")
			e.Op(OpExtInst).Word(1, 2, 3, 31, 4)
		}), ErrOperand, `unknown extended instruction set "Nobody.std"`},
		{"unknown ext inst", tiny(func(e *Encoder) {
			e.Op(OpExtInstImport).Word(3).Str("GLSL.std.450")
			e.Op(OpExtInst).Word(1, 2, 3, 9999, 4)
		}), ErrOperand, "GLSL.std.450 has no instruction 9999"},
		{"spec constant op of unknown opcode", tiny(func(e *Encoder) {
			e.Op(OpSpecConstantOp).Word(1, 2, 0xFFFF)
		}), ErrOperand, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Decode(tc.words)
			var derr *DecodeError
			if m != nil || !errors.Is(err, tc.want) || !errors.As(err, &derr) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.text) || !strings.HasPrefix(err.Error(), "spv: ") {
				t.Errorf("error text %q lacks %q", err, tc.text)
			}
		})
	}
	if _, err := DecodeBytes(make([]byte, 23)); !errors.Is(err, ErrMisaligned) {
		t.Errorf("23 bytes: got %v", err)
	}
}

func TestDecodeByteSwapped(t *testing.T) {
	m := loadTestModules(t)[0]
	swapped := make([]uint32, len(m.words))
	for i, w := range m.words {
		swapped[i] = bits.ReverseBytes32(w)
	}
	a, err := Decode(m.words)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode(swapped)
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeBytes(WordsToBytes(swapped))
	if err != nil {
		t.Fatal(err)
	}
	da, db, dc := a.Disassemble(DisasmOptions{}), b.Disassemble(DisasmOptions{}), c.Disassemble(DisasmOptions{})
	if da != db || da != dc {
		t.Error("a byte-swapped module decodes differently")
	}
}

func TestDecodeOperands(t *testing.T) {
	words, err := handModule()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(words)
	if err != nil {
		t.Fatal(err)
	}
	find := func(op Opcode, match func(*Instruction) bool) *Instruction {
		for i := range m.Instructions {
			if in := &m.Instructions[i]; in.Opcode == op && (match == nil || match(in)) {
				return in
			}
		}
		t.Fatalf("no %v", op)
		return nil
	}
	kinds := func(in *Instruction) []*OperandKind {
		var ks []*OperandKind
		for _, o := range in.Operands {
			ks = append(ks, o.Kind)
		}
		return ks
	}
	binding := find(OpDecorate, func(in *Instruction) bool { return in.Operands[1].Value() == uint32(DecorationBinding) })
	if !slices.Equal(kinds(binding), []*OperandKind{KindIdRef, KindDecoration, KindLiteralInteger}) {
		t.Errorf("OpDecorate Binding: %v", kinds(binding))
	}
	load := find(OpLoad, func(in *Instruction) bool { return len(in.Operands) > 3 })
	if !slices.Equal(kinds(load), []*OperandKind{KindIdResultType, KindIdResult, KindIdRef, KindMemoryAccess, KindLiteralInteger}) ||
		load.ResultType == 0 || load.Result == 0 || load.Offset == 0 || len(load.Words) != 6 {
		t.Errorf("OpLoad Aligned: %v %+v", kinds(load), load)
	}
	big := find(OpConstant, func(in *Instruction) bool { return len(in.Words) == 5 })
	if o := big.Operands[2]; o.Number != NumberUint || o.Width != 64 || o.Uint64() != 1<<40 {
		t.Errorf("64-bit constant: %+v", o)
	}
	two := find(OpConstant, func(in *Instruction) bool { return in.Operands[2].Number == NumberFloat })
	if f := two.Operands[2].Float64(); f != 2 {
		t.Errorf("float constant %v", f)
	}
	sqrt := find(OpExtInst, nil)
	if sqrt.ExtSet != ExtGLSLstd450 || GLSLstd450(sqrt.Operands[3].Value()) != GLSLstd450Sqrt || sqrt.Operands[4].Kind != KindIdRef {
		t.Errorf("OpExtInst: %+v", sqrt)
	}
	phi := find(OpPhi, nil)
	if !slices.Equal(kinds(phi), []*OperandKind{KindIdResultType, KindIdResult, KindIdRef, KindIdRef, KindIdRef, KindIdRef}) {
		t.Errorf("OpPhi pairs: %v", kinds(phi))
	}
	entry := find(OpEntryPoint, nil)
	if entry.Operands[2].Str() != "main" || len(entry.Operands[2].Words) != 2 {
		t.Errorf("OpEntryPoint name: %+v", entry.Operands[2])
	}
}

func TestDecodeSwitchAndSpecConstantOp(t *testing.T) {
	var structs *testModule
	for _, m := range loadTestModules(t) {
		if m.name == "structs" {
			structs = &m
		}
	}
	m, err := Decode(structs.words)
	if err != nil {
		t.Fatal(err)
	}
	var cases []int64
	var specOps []string
	for _, in := range m.Instructions {
		switch in.Opcode {
		case OpSwitch:
			for i := 2; i < len(in.Operands); i += 2 {
				cases = append(cases, in.Operands[i].Int64())
			}
		case OpSpecConstantOp:
			specOps = append(specOps, Opcode(in.Operands[2].Value()).String())
		}
	}
	if !slices.Equal(cases, []int64{0, 1, 2, -1}) || !slices.Equal(specOps, []string{"OpIMul", "OpIAdd"}) {
		t.Errorf("switch cases %v, spec constant ops %v", cases, specOps)
	}
}

func TestDecodeNonSemanticSet(t *testing.T) {
	words := tiny(func(e *Encoder) {
		e.Op(OpExtInstImport).Word(1).Str("NonSemantic.DebugPrintf")
		e.Op(OpTypeVoid).Word(2)
		e.Op(OpString).Word(3).Str("%d")
		e.Op(OpExtInst).Word(2, 4, 1, 1, 3, 5)
	})
	m, err := Decode(words)
	if err != nil {
		t.Fatal(err)
	}
	in := m.Instructions[3]
	if in.ExtSet != nil || len(in.Operands) != 6 || in.Operands[5].Kind != KindIdRef {
		t.Errorf("%+v", in)
	}
	if got := m.Disassemble(DisasmOptions{NoHeader: true, NoIndent: true, RawIDs: true}); !strings.HasSuffix(got, "%4 = OpExtInst %2 %1 1 %3 %5\n") {
		t.Errorf("disassembly:\n%s", got)
	}
}

func BenchmarkDecode(b *testing.B) {
	mods := loadTestModules(b)
	var words int
	for _, m := range mods {
		words += len(m.words)
	}
	b.SetBytes(int64(4 * words))
	for b.Loop() {
		for _, m := range mods {
			if _, err := Decode(m.words); err != nil {
				b.Fatal(err)
			}
		}
	}
}
