package transforms_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

// Lower a vector<8xf32> kernel body for a SPIR-V target without Vector16.
func Example() {
	m, err := ir.Parse(newContext(), `
func.func @f(%m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %m[%c0] : memref<8xf32>, vector<8xf32>
  %s = arith.mulf %v, %v : vector<8xf32>
  vector.store %s, %m[%c0] : memref<8xf32>, vector<8xf32>
  return
}`, "f.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	transforms.Register(reg)
	p, _ := pass.Parse("builtin.module(vector-lower-for-spirv, canonicalize)", reg)
	if err := pass.New(p, pass.Config{}).Run(m); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m)
	// Output:
	// module {
	//   func.func @f(%arg0: memref<8xf32>) {
	//     %c4 = arith.constant 4 : index
	//     %c0 = arith.constant 0 : index
	//     %0 = vector.load %arg0[%c0] : memref<8xf32>, vector<4xf32>
	//     %1 = vector.load %arg0[%c4] : memref<8xf32>, vector<4xf32>
	//     %2 = arith.mulf %0, %0 : vector<4xf32>
	//     %3 = arith.mulf %1, %1 : vector<4xf32>
	//     vector.store %2, %arg0[%c0] : memref<8xf32>, vector<4xf32>
	//     vector.store %3, %arg0[%c4] : memref<8xf32>, vector<4xf32>
	//     return
	//   }
	// }
}
