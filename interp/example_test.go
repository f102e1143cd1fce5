package interp_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

func ExampleRun() {
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect())
	mod, err := ir.Parse(ctx, `func.func @f(%a: i8, %b: i8) -> (i8, i8) {
  %s = arith.addi %a, %b : i8
  %q = arith.divui %a, %b : i8
  return %s, %q : i8, i8
}`, "example.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := interp.Run(mod, "f", interp.Int(200), interp.Int(100))
	fmt.Println(res, err)
	_, err = interp.Run(mod, "f", interp.Int(1), interp.Int(0))
	fmt.Println(err)
	// Output:
	// [44 2] <nil>
	// example.mlir:3:8: error: 'arith.divui' op division by zero
}
