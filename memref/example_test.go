package memref

import (
	"fmt"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

func Example() {
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), Dialect())
	m, err := ir.Parse(ctx, `
func.func @f(%m: memref<8x16xf32>, %i: index) -> f32 {
  %s = memref.subview %m[2, 0] [4, 16] [1, 1] : memref<8x16xf32> to memref<4x16xf32, strided<[16, 1], offset: 32>>
  %v = memref.load %s[%i, %i] : memref<4x16xf32, strided<[16, 1], offset: 32>>
  return %v : f32
}`, "f.mlir")
	if err == nil {
		err = ir.Verify(m)
	}
	fmt.Println(err)
	t, _ := SubViewResultType(ctx, ctx.MemRef([]int64{8, 16}, ctx.F32(), nil, nil), []int64{2, 0}, []int64{4, 16}, []int64{1, 1})
	fmt.Println(ir.TypeString(t))
	// Output:
	// <nil>
	// memref<4x16xf32, strided<[16, 1], offset: 32>>
}
