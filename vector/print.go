package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// printOp is vector.print, which prints a value, a string literal or
// punctuation at runtime:
//
//	vector.print %v : vector<4xf32> punctuation <comma>
//	vector.print str "hello\n"
var printOp = &ir.OpDef{
	Name:     "vector.print",
	Summary:  "print operation (for testing and debugging)",
	Example:  "vector.print %v : vector<4xf32> punctuation <comma>",
	Operands: ir.Between(0, 1),
	Results:  ir.Exactly(0),
	Inherent: []string{"punctuation", "stringLiteral"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if u, ok, err := p.ParseOptionalOperand(); err != nil {
			return err
		} else if ok {
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t}); err != nil {
				return err
			}
		}
		for {
			switch {
			case p.ParseOptionalKeyword("str"):
				s, err := p.ParseString()
				if err != nil {
					return err
				}
				st.AddAttr("stringLiteral", p.Context().StringAttr(s))
				continue
			case p.ParseOptionalKeyword("punctuation"):
				var a ir.Attribute
				if p.IsPunct("<") {
					v, err := parseEnumBody(p.Parser, punctuationNames, nil, "::mlir::vector::PrintPunctuation")
					if err != nil {
						return err
					}
					a = PunctuationOf(p.Context(), Punctuation(v))
				} else {
					var err error
					if a, err = p.ParseAttribute(nil); err != nil {
						return err
					}
				}
				st.AddAttr("punctuation", a)
				continue
			}
			break
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		v := Print{op}
		if src := v.Source(); src != nil {
			p.WriteByte(' ')
			p.Operand(src)
			p.WriteString(" : ")
			p.Type(src.Type())
		}
		if s, ok := v.StringLiteral(); ok {
			p.WriteString(" str ")
			p.String(s)
		}
		if pu := v.Punctuation(); pu != NewLine {
			p.WriteString(" punctuation <")
			p.WriteString(pu.String())
			p.WriteByte('>')
		}
		p.OptionalAttrDict(op.Attrs(), "punctuation", "stringLiteral")
	},
	Verify: func(op *ir.Operation) error {
		v := Print{op}
		if src := v.Source(); src != nil {
			t := src.Type()
			if _, ok := t.(*ir.VectorType); !ok && !ir.IsIntOrIndex(t) && !ir.IsFloat(t) {
				return op.Errorf("operand #0 must be , but got %s", typeQuoted(t))
			}
		}
		if a := op.Attr("punctuation"); a != nil {
			if _, ok := a.(*PunctuationAttr); !ok {
				return op.Errorf("attribute 'punctuation' failed to satisfy constraint: Punctuation for separating vectors or vector elements")
			}
		}
		if a := op.Attr("stringLiteral"); a != nil {
			if _, ok := a.(*ir.StringAttr); !ok {
				return op.Errorf("attribute 'stringLiteral' failed to satisfy constraint: string attribute")
			}
			if v.Source() != nil || v.Punctuation() != NewLine {
				return op.Errorf("`source` or `punctuation` are not set when printing strings")
			}
		}
		return nil
	},
}
