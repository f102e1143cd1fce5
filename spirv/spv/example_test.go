package spv_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/spirv/spv"
)

func Example() {
	var e spv.Encoder
	e.Op(spv.OpCapability).Word(uint32(spv.CapabilityShader))
	e.Op(spv.OpExtInstImport).Word(1).Str("GLSL.std.450")
	e.Op(spv.OpMemoryModel).Word(uint32(spv.AddressingModelLogical), uint32(spv.MemoryModelGLSL450))
	e.Op(spv.OpName).Word(4).Str("x")
	e.Op(spv.OpDecorate).Word(4, uint32(spv.DecorationBinding), 0)
	e.Op(spv.OpTypeFloat).Word(2, 32)
	e.Op(spv.OpConstant).Word(2, 3).Float32(0.5)
	e.Op(spv.OpExtInst).Word(2, 4, 1, uint32(spv.GLSLstd450Sqrt), 3)
	words := append(spv.Header{Version: spv.Version1_0, Bound: 5}.Words(), e.Words()...)

	text, err := spv.Disassemble(words, spv.DisasmOptions{NoHeader: true})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(text)
	// Output:
	//                OpCapability Shader
	//           %1 = OpExtInstImport "GLSL.std.450"
	//                OpMemoryModel Logical GLSL450
	//                OpName %x "x"
	//                OpDecorate %x Binding 0
	//       %float = OpTypeFloat 32
	//   %float_0_5 = OpConstant %float 0.5
	//           %x = OpExtInst %float %1 Sqrt %float_0_5
}

func ExampleOpcodeByName() {
	op, _ := spv.OpcodeByName("SDotKHR") // the spirv dialect's spelling, an alias
	info := op.Info()
	fmt.Println(info.Name, info.MinVersion, info.Capabilities, info.Extensions)
	fmt.Println(info.Available(spv.Version1_5, nil), info.Available(spv.Version1_6, nil))
	// Output:
	// OpSDot 1.6 [DotProduct] [SPV_KHR_integer_dot_product]
	// false true
}

func ExampleOperandKind_EnumerantByName() {
	e := spv.KindStorageClass.EnumerantByName("StorageBuffer")
	fmt.Println(e.Value, e.MinVersion, e.Capabilities, e.Extensions)
	fmt.Println(spv.DecorationBinding.Enumerant().Parameters[0].Kind.Name)
	fmt.Println(spv.KindMemoryAccess.Format(uint32(spv.MemoryAccessVolatile | spv.MemoryAccessAligned)))
	// Output:
	// 12 1.3 [Shader] [SPV_KHR_storage_buffer_storage_class SPV_KHR_variable_pointers]
	// LiteralInteger
	// Volatile|Aligned
}

func ExampleDecode() {
	var e spv.Encoder
	e.Op(spv.OpTypeInt).Word(1, 64, 1)
	e.Op(spv.OpConstant).Word(1, 2).Uint64(uint64(0xFFFFFFFFFFFFFFF6))
	m, err := spv.Decode(append(spv.Header{Version: spv.Version1_0, Bound: 3}.Words(), e.Words()...))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := m.Instructions[1]
	for _, o := range c.Operands {
		fmt.Println(o.Kind.Name, o.Words)
	}
	fmt.Println(c.Operands[2].Int64())

	_, err = spv.Decode(append(spv.Header{Version: spv.Version1_0, Bound: 2}.Words(), e.Words()...))
	fmt.Println(err)
	// Output:
	// IdResultType [1]
	// IdResult [2]
	// LiteralContextDependentNumber [4294967286 4294967295]
	// -10
	// spv: instruction 1 (OpConstant) at word 9: id out of bound: IdResult %2, the bound is 2
}
