package rewrite_test

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// A lowering in the shape of the combined conversion to SPIR-V: one type
// converter (index -> i32), function signatures converted in place, and an
// op renamed with converted operands and results.
func Example_conversion() {
	src := &ir.Dialect{Name: "src", Ops: []*ir.OpDef{
		{Name: "src.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Regions: ir.Exactly(1)},
		{Name: "src.add", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
		{Name: "src.return", Traits: ir.Terminator, Operands: ir.Variadic},
	}}
	dst := &ir.Dialect{Name: "dst", Ops: []*ir.OpDef{
		{Name: "dst.add", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
		{Name: "dst.return", Traits: ir.Terminator, Operands: ir.Variadic},
	}}
	ctx := ir.NewContext(src, dst)
	m, err := ir.Parse(ctx, `"src.func"() ({
^bb0(%a: index):
  %s = "src.add"(%a, %a) : (index, index) -> index
  "src.return"(%s) : (index) -> ()
}) {sym_name = "f", function_type = (index) -> index} : () -> ()`, "example.mlir")
	if err != nil {
		fmt.Println(err)
		return
	}

	tc := rewrite.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) []ir.Type { return []ir.Type{t} }) // everything else is legal
	tc.AddConversion(func(t ir.Type) []ir.Type {
		if _, ok := t.(*ir.IndexType); ok {
			return []ir.Type{ctx.I(32)}
		}
		return nil
	})

	target := rewrite.NewConversionTarget()
	target.AddLegalDialect("builtin", "dst")
	target.AddDynamicallyLegalOp("src.func", func(op *ir.Operation) bool {
		ft, ok := op.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
		return ok && tc.IsSignatureLegal(ft, op.Region(0))
	})

	patterns := rewrite.NewConversionPatternSet(tc,
		rewrite.FunctionSignature("src.func"),
		rewrite.OneToOne("src.add", "dst.add"),
		rewrite.OneToOne("src.return", "dst.return"),
	)
	if err := rewrite.ApplyFullConversion(m, target, patterns); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m)
	// Output:
	// module {
	//   "src.func"() ({
	//   ^bb0(%arg0: i32):
	//     %0 = "dst.add"(%arg0, %arg0) : (i32, i32) -> i32
	//     "dst.return"(%0) : (i32) -> ()
	//   }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
	// }
}
