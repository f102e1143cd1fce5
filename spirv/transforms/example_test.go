package transforms_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/transforms"
)

// Lower a kernel's ABI, then deduce what the module needs.
func Example() {
	ctx := ir.NewContext(spirv.Dialect())
	m, err := ir.Parse(ctx, `spirv.module Logical GLSL450 attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  spirv.func @k(%buf: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    spirv.Return
  }
}`, "kernel.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := transforms.LowerABI(m); err != nil {
		fmt.Println(err)
		return
	}
	if err := transforms.DeduceVCE(m); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(ir.PrintBytes(m, ir.PrintOptions{})))
	// Output:
	// module {
	//   spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]> attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
	//     spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
	//     spirv.func @k() "None" {
	//       %k_arg_0_addr = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
	//       spirv.Return
	//     }
	//     spirv.EntryPoint "GLCompute" @k
	//     spirv.ExecutionMode @k "LocalSize", 64, 1, 1
	//   }
	// }
}
