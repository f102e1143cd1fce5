package spv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The committed goldens are spirv-dis's output; the disassembler must
// reproduce them byte for byte.
func TestDisassembleMatchesGolden(t *testing.T) {
	for _, m := range loadTestModules(t) {
		t.Run(m.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", m.name+".dis"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Disassemble(m.words, DisasmOptions{})
			if err != nil {
				t.Fatal(err)
			}
			diffLines(t, got, string(want))
		})
	}
}

// With spirv-dis installed, every option combination matches it too.
func TestDisassembleMatchesSpirvDis(t *testing.T) {
	needTool(t, "spirv-dis")
	for _, m := range loadTestModules(t) {
		file := filepath.Join("testdata", m.name+".spv")
		for _, opts := range []DisasmOptions{{RawIDs: true}, {NoIndent: true, NoHeader: true}, {RawIDs: true, NoIndent: true}} {
			args := []string{file}
			if opts.RawIDs {
				args = append(args, "--raw-id")
			}
			if opts.NoIndent {
				args = append(args, "--no-indent")
			}
			if opts.NoHeader {
				args = append(args, "--no-header")
			}
			t.Run(m.name+strings.Join(args[1:], ""), func(t *testing.T) {
				got, err := Disassemble(m.words, opts)
				if err != nil {
					t.Fatal(err)
				}
				diffLines(t, got, string(runTool(t, "spirv-dis", args...)))
			})
		}
	}
}

func TestDisassembleNumbers(t *testing.T) {
	for _, tc := range []struct {
		op   Operand
		want string
	}{
		{Operand{Words: []uint32{0xFFFFFFFF}, Number: NumberUint, Width: 32}, "4294967295"},
		{Operand{Words: []uint32{0xFFFFFFFB}, Number: NumberInt, Width: 32}, "-5"},
		{Operand{Words: []uint32{0xFFFFFFF9, 0xFFFFFFFF}, Number: NumberInt, Width: 64}, "-7"},
		{Operand{Words: []uint32{0x3F800000}, Number: NumberFloat, Width: 32}, "1"},
		{Operand{Words: []uint32{0x3A83126F}, Number: NumberFloat, Width: 32}, "0.00100000005"},
		{Operand{Words: []uint32{0x4E6E6B28}, Number: NumberFloat, Width: 32}, "1e+09"},
		{Operand{Words: []uint32{0x80000000}, Number: NumberFloat, Width: 32}, "-0"},
		{Operand{Words: []uint32{0x7F800000}, Number: NumberFloat, Width: 32}, "0x1p+128"},
		{Operand{Words: []uint32{0xFFC00000}, Number: NumberFloat, Width: 32}, "-0x1.8p+128"},
		{Operand{Words: []uint32{0x000116C2}, Number: NumberFloat, Width: 32}, "0x1.16c2p-133"},
		{Operand{Words: []uint32{0x3E00}, Number: NumberFloat, Width: 16}, "0x1.8p+0"},
		{Operand{Words: []uint32{0x0001}, Number: NumberFloat, Width: 16}, "0x1p-24"},
		{Operand{Words: []uint32{0x54442D18, 0x400921FB}, Number: NumberFloat, Width: 64}, "3.1415926535897931"},
	} {
		if got := formatNumber(tc.op); got != tc.want {
			t.Errorf("formatNumber(%#x) = %s, want %s", tc.op.Words, got, tc.want)
		}
	}
}

func TestFriendlyNamesAreUniqueAndSanitized(t *testing.T) {
	var e Encoder
	e.Op(OpCapability).Word(uint32(CapabilityShader))
	e.Op(OpMemoryModel).Word(uint32(AddressingModelLogical), uint32(MemoryModelGLSL450))
	e.Op(OpName).Word(1).Str("x")
	e.Op(OpName).Word(2).Str("x")
	e.Op(OpName).Word(3).Str("a-b.c")
	e.Op(OpName).Word(4).Str("")
	e.Op(OpTypeInt).Word(1, 32, 0)
	e.Op(OpTypeInt).Word(2, 16, 1)
	e.Op(OpTypeVector).Word(3, 1, 4)
	e.Op(OpTypeInt).Word(4, 64, 0)
	e.Op(OpTypeInt).Word(5, 24, 1)
	e.Op(OpTypeInt).Word(6, 32, 0)
	words := append(Header{Version: Version1_0, Bound: 7}.Words(), e.Words()...)
	got, err := Disassemble(words, DisasmOptions{NoHeader: true, NoIndent: true})
	if err != nil {
		t.Fatal(err)
	}
	want := `OpCapability Shader
OpMemoryModel Logical GLSL450
OpName %x "x"
OpName %x_0 "x"
OpName %a_b_c "a-b.c"
OpName %_ ""
%x = OpTypeInt 32 0
%x_0 = OpTypeInt 16 1
%a_b_c = OpTypeVector %x 4
%_ = OpTypeInt 64 0
%i24 = OpTypeInt 24 1
%uint = OpTypeInt 32 0
`
	diffLines(t, got, want)
}

// diffLines reports the first differing line of two texts.
func diffLines(t *testing.T, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Fatalf("line %d:\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
}

// Constants of every float width and class, and integers of odd widths,
// print as spirv-dis prints them.
func TestDisassembleConstantsMatchesSpirvDis(t *testing.T) {
	needTool(t, "spirv-dis")
	var e Encoder
	for _, c := range []Capability{CapabilityShader, CapabilityFloat16, CapabilityFloat64, CapabilityInt64, CapabilityInt16, CapabilityInt8} {
		e.Op(OpCapability).Word(uint32(c))
	}
	e.Op(OpMemoryModel).Word(uint32(AddressingModelLogical), uint32(MemoryModelGLSL450))
	const half, float, double, i8, u16, i64 = 1, 2, 3, 4, 5, 6
	e.Op(OpTypeFloat).Word(half, 16)
	e.Op(OpTypeFloat).Word(float, 32)
	e.Op(OpTypeFloat).Word(double, 64)
	e.Op(OpTypeInt).Word(i8, 8, 1)
	e.Op(OpTypeInt).Word(u16, 16, 0)
	e.Op(OpTypeInt).Word(i64, 64, 1)
	id := uint32(7)
	constant := func(ty uint32, words ...uint32) {
		e.Op(OpConstant).Word(ty, id).Word(words...)
		id++
	}
	for _, h := range []uint32{0, 0x8000, 0x0001, 0x03FF, 0x3C00, 0xC200, 0x7BFF, 0x7C00, 0xFC00, 0x7E00, 0x7C01} {
		constant(half, h)
	}
	for _, f := range []uint32{0, 0x80000000, 1, 0x007FFFFF, 0x3F800000, 0x3DCCCCCD, 0x7F7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0x4B189680} {
		constant(float, f)
	}
	for _, d := range []uint64{0, 1 << 63, 1, 0x000FFFFFFFFFFFFF, 0x3FF0000000000000, 0x3FB999999999999A, 0x7FEFFFFFFFFFFFFF, 0x7FF0000000000000, 0x7FF8000000000000, 0xFFF0000000000001} {
		constant(double, uint32(d), uint32(d>>32))
	}
	constant(i8, 0xFFFFFF80)
	constant(u16, 0xFFFF)
	constant(i64, 0, 0x80000000)
	words := append(Header{Version: Version1_0, Bound: id}.Words(), e.Words()...)
	file := filepath.Join(t.TempDir(), "constants.spv")
	if err := os.WriteFile(file, WordsToBytes(words), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, raw := range []bool{false, true} {
		got, err := Disassemble(words, DisasmOptions{RawIDs: raw})
		if err != nil {
			t.Fatal(err)
		}
		args := []string{file}
		if raw {
			args = append(args, "--raw-id")
		}
		diffLines(t, got, string(runTool(t, "spirv-dis", args...)))
	}
}
