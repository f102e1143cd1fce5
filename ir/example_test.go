package ir_test

import (
	"fmt"
	"os"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

// ExampleParse parses, verifies and prints a function, as the package
// documentation shows.
func ExampleParse() {
	src := `func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}`
	ctx := ir.NewContext(arith.Dialect(), fn.Dialect())
	mod, err := ir.Parse(ctx, src, "input.mlir")
	if err == nil {
		err = ir.Verify(mod)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, mod, ir.PrintOptions{})
	// Output:
	// module {
	//   func.func @add(%arg0: i32, %arg1: i32) -> i32 {
	//     %0 = arith.addi %arg0, %arg1 : i32
	//     return %0 : i32
	//   }
	// }
}
