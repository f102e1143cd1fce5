package serialize_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

func Example() {
	ctx := ir.NewContext(spirv.Dialect())
	top, err := ir.Parse(ctx, `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}`, "example.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := ir.ModuleBody(top).First() // the spirv.module in the implicit builtin.module
	words, err := serialize.Serialize(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	dis, _ := spv.Disassemble(words, spv.DisasmOptions{})
	fmt.Print(dis)
	back, err := serialize.Deserialize(ctx, words, "example.spv")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(back)
	// Output:
	// ; SPIR-V
	// ; Version: 1.0
	// ; Generator: Khronos; 0
	// ; Bound: 5
	// ; Schema: 0
	//                OpCapability Shader
	//                OpMemoryModel Logical GLSL450
	//                OpEntryPoint GLCompute %main "main"
	//                OpExecutionMode %main LocalSize 64 1 1
	//                OpName %main "main"
	//        %void = OpTypeVoid
	//           %3 = OpTypeFunction %void
	//        %main = OpFunction %void None %3
	//           %4 = OpLabel
	//                OpReturn
	//                OpFunctionEnd
	// spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
	//   spirv.func @main() "None" {
	//     spirv.Return
	//   }
	//   spirv.EntryPoint "GLCompute" @main
	//   spirv.ExecutionMode @main "LocalSize", 64, 1, 1
	// }
}
