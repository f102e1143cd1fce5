package scf

import (
	"fmt"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

func Example() {
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), Dialect())
	m, err := ir.Parse(ctx, `
func.func @sum(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  }
  return %r : f32
}`, "sum.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}
	ir.ModuleBody(m).First().Walk(func(op *ir.Operation) bool {
		if f, ok := AsFor(op); ok {
			fmt.Println(len(f.Inits()), ir.TypeString(f.InductionVar().Type()))
		}
		return true
	})
	// Output:
	// 1 index
}
