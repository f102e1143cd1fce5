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
	Format: &ir.Format{Syntax: "($source^ `:` type($source))? oilist(`str` $stringLiteral | `punctuation` $punctuation) attr-dict",
		Operands: []string{"source?"}, Attrs: []ir.FormatAttr{{Name: "stringLiteral", Kind: isStringAttr}, punctuationFormat}},
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
