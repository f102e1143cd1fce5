package vector_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// The older extract syntax is read and printed in today's form; the typed
// view gives the mixed static and dynamic position.
func Example() {
	ctx := ir.NewContext(fn.Dialect(), vector.Dialect())
	m, err := ir.Parse(ctx, `
func.func @f(%v: vector<4x8xf32>, %i: index) -> (vector<8xf32>, f32) {
  %row = vector.extract %v[1] : vector<4x8xf32>
  %e = vector.extract %v[0, %i] : f32 from vector<4x8xf32>
  return %row, %e : vector<8xf32>, f32
}`, "f.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(ir.PrintBytes(m, ir.PrintOptions{})))
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "vector.extract" {
			for _, p := range (vector.Extract{Operation: op}).Position() {
				fmt.Print(" ", p.Static == vector.Dynamic)
			}
			fmt.Println()
		}
		return true
	})
	// Output:
	// module {
	//   func.func @f(%arg0: vector<4x8xf32>, %arg1: index) -> (vector<8xf32>, f32) {
	//     %0 = vector.extract %arg0[1] : vector<8xf32> from vector<4x8xf32>
	//     %1 = vector.extract %arg0[0, %arg1] : f32 from vector<4x8xf32>
	//     return %0, %1 : vector<8xf32>, f32
	//   }
	// }
	//  false
	//  false true
}
