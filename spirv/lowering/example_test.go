package lowering_test

import (
	"fmt"
	"os"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/lowering"
)

// toy is a user's own dialect with one op, toy.double (x + x).
var toy = &ir.Dialect{Name: "toy", Ops: []*ir.OpDef{{
	Name:     "toy.double",
	Summary:  "Doubles an integer.",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
}}}

// toyPatterns lower toy.double to spirv.IAdd, converting its type through
// the conversion's type converter as Kiln's own patterns do.
func toyPatterns(c *lowering.Converter) []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{{Name: "toy.double", Root: "toy.double",
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			t := c.TypeConverter().ConvertType(op.Result(0).Type())
			if t == nil {
				return rewrite.NoMatch // not for this target: left for the driver to report
			}
			x := operands[0]
			rw.ReplaceOpWith(op, &ir.OpState{Name: "spirv.IAdd", Loc: op.Loc(),
				Operands: []*ir.Value{x, x}, ResultTypes: []ir.Type{t}})
			return nil
		}}}
}

// ExamplePopulator lowers a function that mixes a user dialect's op with
// arith: the conversion is assembled from Kiln's populators for func and
// arith and the user's own.
func ExamplePopulator() {
	src := `func.func @f(%x: i32) -> i32 {
  %d = "toy.double"(%x) : (i32) -> i32
  %r = arith.muli %d, %x : i32
  return %r : i32
}`
	ctx := ir.NewContext(fn.Dialect(), arith.Dialect(), spirv.Dialect(), toy)
	mod, err := ir.Parse(ctx, src, "toy.mlir")
	if err == nil {
		err = lowering.Convert(mod, lowering.Options{
			Dialects: []string{"func", "arith"},
			Patterns: []lowering.Populator{toyPatterns},
		})
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, mod, ir.PrintOptions{})
	// Output:
	// module {
	//   spirv.func @f(%arg0: i32) -> i32 "None" {
	//     %0 = spirv.IAdd %arg0, %arg0 : i32
	//     %1 = spirv.IMul %0, %arg0 : i32
	//     spirv.ReturnValue %1 : i32
	//   }
	// }
}
