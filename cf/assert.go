package cf

import "github.com/kiln-gpu/kiln/ir"

var assertDef = &ir.OpDef{
	Name:     "cf.assert",
	Summary:  "Aborts the program with a message when its operand is false.",
	Example:  "func.func @f(%arg0: i1) {\n  cf.assert %arg0, \"Expected true\"\n  return\n}",
	Operands: ir.Exactly(1),
	Inherent: []string{"msg"},
	Parse:    parseAssert,
	Print:    printAssert,
	Verify:   verifyAssert,
	Canonicalize: []*ir.Pattern{{Name: "erase-assert-true", Root: "cf.assert", Benefit: 1,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			if c, ok := ir.ConstantIntAttr(op.Operand(0)); ok && c.Bool() {
				rw.EraseOp(op)
				return true
			}
			return false
		}}},
}

// cf.assert %c, "msg" {attrs}
func parseAssert(p *ir.OpParser, st *ir.OpState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	v, err := p.Resolve(u, p.Context().I(1))
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	msg, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("msg", p.Context().StringAttr(msg))
	return p.ParseOptionalAttrDict()
}

func printAssert(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operands(op.Operands())
	p.WriteString(", ")
	p.Attr(op.Attr("msg"))
	p.OptionalAttrDict(op.Attrs(), "msg")
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
