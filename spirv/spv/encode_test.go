package spv

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/spirv/validate"
)

func TestEncoderLiterals(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []uint32
	}{
		{"", []uint32{0}},
		{"abc", []uint32{0x00636261}},
		{"abcd", []uint32{0x64636261, 0}},
		{"main", []uint32{0x6E69616D, 0}},
		{"GLSL.std.450", []uint32{0x4C534C47, 0x6474732E, 0x3035342E, 0}},
	} {
		var e Encoder
		words := e.Op(OpSourceExtension).Str(tc.s).Words()
		want := append([]uint32{uint32(len(tc.want)+1)<<16 | uint32(OpSourceExtension)}, tc.want...)
		if !slices.Equal(words, want) || e.Err() != nil {
			t.Errorf("Str(%q) = %#x, %v; want %#x", tc.s, words, e.Err(), want)
		}
		if got, n, ok := literalString(words[1:]); got != tc.s || n != len(tc.want) || !ok {
			t.Errorf("literalString of %q = %q, %d, %v", tc.s, got, n, ok)
		}
	}
	var e Encoder
	e.Op(OpConstant).Word(1, 2).Uint64(0x1122334455667788)
	e.Op(OpConstant).Word(3, 4).Float32(1.5)
	e.Op(OpConstant).Word(5, 6).Float64(-2)
	e.Op(OpReturn)
	want := []uint32{5<<16 | 43, 1, 2, 0x55667788, 0x11223344, 4<<16 | 43, 3, 4, 0x3FC00000, 5<<16 | 43, 5, 6, 0, 0xC0000000, 1<<16 | 253}
	if got := e.Words(); !slices.Equal(got, want) || e.Len() != len(want) {
		t.Errorf("got %#x\nwant %#x", got, want)
	}
}

func TestEncoderErrors(t *testing.T) {
	var e Encoder
	e.Word(1)
	if e.Err() == nil || !strings.Contains(e.Err().Error(), "outside an instruction") {
		t.Errorf("operand before Op: %v", e.Err())
	}

	e = Encoder{}
	e.Op(OpName).Word(1).Str("a\x00b")
	e.Op(OpReturn)
	if got := e.Words(); e.Err() == nil || !slices.Equal(got, []uint32{1<<16 | 253}) {
		t.Errorf("NUL in string: %#x, %v", got, e.Err())
	}

	e = Encoder{}
	e.Op(OpConstantComposite).Word(make([]uint32, 70000)...)
	e.Op(OpReturn)
	if got := e.Words(); e.Err() == nil || !strings.Contains(e.Err().Error(), "more than 65535") || len(got) != 1 {
		t.Errorf("oversized instruction: %d words, %v", len(got), e.Err())
	}
}

// Re-encoding every decoded operand gives back glslang's words: the
// encoder and the decoder agree on every operand kind the shaders use.
func TestReencodeTestdata(t *testing.T) {
	for _, m := range loadTestModules(t) {
		mod, err := Decode(m.words)
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		var e Encoder
		for _, in := range mod.Instructions {
			e.Op(in.Opcode)
			for _, o := range in.Operands {
				if o.Kind == KindLiteralString {
					e.Str(o.Str())
				} else {
					e.Word(o.Words...)
				}
			}
		}
		got := append(mod.Header.Words(), e.Words()...)
		if e.Err() != nil || !slices.Equal(got, m.words) {
			t.Errorf("%s: re-encoding differs (%v)", m.name, e.Err())
		}
	}
}

// handModule assembles a compute shader with the encoder: a loop with a
// phi, structured control flow, an extended instruction, decorations with
// parameters, a memory access mask with a parameter, a 64-bit constant.
func handModule() ([]uint32, error) {
	var bound uint32 = 1
	id := func() uint32 { bound++; return bound - 1 }
	glsl, main, gid := id(), id(), id()
	void, fnTy, boolTy, uintTy, ulongTy, floatTy, v3uint := id(), id(), id(), id(), id(), id(), id()
	rta, block, blockPtr, floatPtr, inPtr := id(), id(), id(), id(), id()
	buf, c0, c1, c4, big, two := id(), id(), id(), id(), id(), id()
	entry, header, body, cont, merge := id(), id(), id(), id(), id()
	ids, i, k, kNext, cond, p, x, s, y, w, z := id(), id(), id(), id(), id(), id(), id(), id(), id(), id(), id()

	var e Encoder
	e.Op(OpCapability).Word(uint32(CapabilityShader))
	e.Op(OpCapability).Word(uint32(CapabilityInt64))
	e.Op(OpExtInstImport).Word(glsl).Str("GLSL.std.450")
	e.Op(OpMemoryModel).Word(uint32(AddressingModelLogical), uint32(MemoryModelGLSL450))
	e.Op(OpEntryPoint).Word(uint32(ExecutionModelGLCompute), main).Str("main").Word(gid)
	e.Op(OpExecutionMode).Word(main, uint32(ExecutionModeLocalSize), 64, 1, 1)
	e.Op(OpName).Word(main).Str("main")
	e.Op(OpName).Word(buf).Str("data")
	e.Op(OpDecorate).Word(gid, uint32(DecorationBuiltIn), uint32(BuiltInGlobalInvocationId))
	e.Op(OpDecorate).Word(rta, uint32(DecorationArrayStride), 4)
	e.Op(OpMemberDecorate).Word(block, 0, uint32(DecorationOffset), 0)
	e.Op(OpDecorate).Word(block, uint32(DecorationBlock))
	e.Op(OpDecorate).Word(buf, uint32(DecorationDescriptorSet), 0)
	e.Op(OpDecorate).Word(buf, uint32(DecorationBinding), 0)
	e.Op(OpTypeVoid).Word(void)
	e.Op(OpTypeFunction).Word(fnTy, void)
	e.Op(OpTypeBool).Word(boolTy)
	e.Op(OpTypeInt).Word(uintTy, 32, 0)
	e.Op(OpTypeInt).Word(ulongTy, 64, 0)
	e.Op(OpTypeFloat).Word(floatTy, 32)
	e.Op(OpTypeVector).Word(v3uint, uintTy, 3)
	e.Op(OpTypeRuntimeArray).Word(rta, floatTy)
	e.Op(OpTypeStruct).Word(block, rta)
	e.Op(OpTypePointer).Word(blockPtr, uint32(StorageClassStorageBuffer), block)
	e.Op(OpTypePointer).Word(floatPtr, uint32(StorageClassStorageBuffer), floatTy)
	e.Op(OpTypePointer).Word(inPtr, uint32(StorageClassInput), v3uint)
	e.Op(OpVariable).Word(blockPtr, buf, uint32(StorageClassStorageBuffer))
	e.Op(OpVariable).Word(inPtr, gid, uint32(StorageClassInput))
	e.Op(OpConstant).Word(uintTy, c0, 0)
	e.Op(OpConstant).Word(uintTy, c1, 1)
	e.Op(OpConstant).Word(uintTy, c4, 4)
	e.Op(OpConstant).Word(ulongTy, big).Uint64(1 << 40)
	e.Op(OpConstant).Word(floatTy, two).Float32(2)
	e.Op(OpFunction).Word(void, main, uint32(FunctionControlNone), fnTy)
	e.Op(OpLabel).Word(entry)
	e.Op(OpLoad).Word(v3uint, ids, gid)
	e.Op(OpCompositeExtract).Word(uintTy, i, ids, 0)
	e.Op(OpBranch).Word(header)
	e.Op(OpLabel).Word(header)
	e.Op(OpPhi).Word(uintTy, k, c0, entry, kNext, cont)
	e.Op(OpULessThan).Word(boolTy, cond, k, c4)
	e.Op(OpLoopMerge).Word(merge, cont, uint32(LoopControlDontUnroll))
	e.Op(OpBranchConditional).Word(cond, body, merge)
	e.Op(OpLabel).Word(body)
	e.Op(OpAccessChain).Word(floatPtr, p, buf, c0, i)
	e.Op(OpLoad).Word(floatTy, x, p, uint32(MemoryAccessVolatile|MemoryAccessAligned), 4)
	e.Op(OpExtInst).Word(floatTy, s, glsl, uint32(GLSLstd450Sqrt), x)
	e.Op(OpFMul).Word(floatTy, y, s, two)
	e.Op(OpStore).Word(p, y)
	e.Op(OpBranch).Word(cont)
	e.Op(OpLabel).Word(cont)
	e.Op(OpIAdd).Word(uintTy, kNext, k, c1)
	e.Op(OpBranch).Word(header)
	e.Op(OpLabel).Word(merge)
	e.Op(OpUConvert).Word(ulongTy, w, i)
	e.Op(OpIAdd).Word(ulongTy, z, w, big)
	e.Op(OpReturn)
	e.Op(OpFunctionEnd)
	body2 := e.Words()
	h := Header{Version: Version1_3, Generator: 0xFFFF0001, Bound: bound}
	return append(h.Words(), body2...), e.Err()
}

func TestEncodedModuleValidates(t *testing.T) {
	words, err := handModule()
	if err != nil {
		t.Fatal(err)
	}
	err = validate.Validate(context.Background(), words, validate.Vulkan1_1)
	if errors.Is(err, validate.ErrNotFound) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	needTool(t, "spirv-dis")
	file := filepath.Join(t.TempDir(), "hand.spv")
	if err := os.WriteFile(file, WordsToBytes(words), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Disassemble(words, DisasmOptions{})
	if err != nil {
		t.Fatal(err)
	}
	diffLines(t, got, string(runTool(t, "spirv-dis", file)))
}
