package cf

import "github.com/kiln-gpu/kiln/ir"

var assertDef = &ir.OpDef{
	Name:     "cf.assert",
	Summary:  "Aborts the program with a message when its operand is false.",
	Example:  "func.func @f(%arg0: i1) {\n  cf.assert %arg0, \"Expected true\"\n  return\n}",
	Operands: ir.Exactly(1),
	Inherent: []string{"msg"},
	Format: &ir.Format{Syntax: "$arg `,` $msg attr-dict", Operands: []string{"arg"},
		Attrs: []ir.FormatAttr{{Name: "msg"}},
		Types: map[string]func(*ir.Context) ir.Type{"arg": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify: verifyAssert,
	Canonicalize: []*ir.Pattern{{Name: "erase-assert-true", Root: "cf.assert", Benefit: 1,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			if c, ok := ir.ConstantIntAttr(op.Operand(0)); ok && c.Bool() {
				rw.EraseOp(op)
				return true
			}
			return false
		}}},
}

func verifyAssert(op *ir.Operation) error {
	if err := verifyI1(op, 0); err != nil {
		return err
	}
	switch op.Attr("msg").(type) {
	case nil:
		return op.Errorf("requires attribute 'msg'")
	case *ir.StringAttr:
		return nil
	}
	return op.Errorf("attribute 'msg' failed to satisfy constraint: string attribute")
}

// verifyI1 checks that operand i is an i1, with ODS's message.
func verifyI1(op *ir.Operation, i int) error {
	if t, ok := op.Operand(i).Type().(*ir.IntegerType); !ok || t.Width != 1 || !t.IsSignless() {
		return op.Errorf("operand #%d must be 1-bit signless integer, but got '%s'", i, ir.TypeString(op.Operand(i).Type()))
	}
	return nil
}
