package fn

import "github.com/kiln-gpu/kiln/ir"

var constantDef = &ir.OpDef{
	Name:    "func.constant",
	Summary: "Turns a function symbol into an SSA value of function type.",
	Example: "func.func private @callee(i32) -> f32\n" +
		"func.func @f() -> ((i32) -> f32) {\n  %f = constant @callee : (i32) -> f32\n  return %f : (i32) -> f32\n}",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{Syntax: "attr-dict $value `:` type(results)", Results: []string{"result"},
		Attrs: []ir.FormatAttr{flatSymbolRef("value")}},
	Verify:           verifyConstant,
	VerifySymbolUses: verifyConstantSymbolUses,
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if v := op.Attr("value"); v != nil {
			return []ir.FoldResult{{Attr: v}}, true
		}
		return nil, false
	},
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if op.NumResults() > 0 {
			name(op.Result(0), "f")
		}
	},
}

// verifyConstant checks the value attribute.
func verifyConstant(op *ir.Operation) error { return verifyFlatSymbolRef(op, "value") }

// verifyConstantSymbolUses checks the referenced function; it runs when the
// enclosing symbol table is verified.
func verifyConstantSymbolUses(op *ir.Operation) error {
	ref, ok := op.Attr("value").(*ir.SymbolRefAttr)
	if !ok {
		return nil // verifyConstant reports it
	}
	f, ok := AsFunc(ir.LookupNearestSymbol(op, ref))
	if !ok {
		return op.Errorf("reference to undefined function '%s'", ref.Root)
	}
	if ft := f.FunctionType(); ft != nil && ft != op.Result(0).Type() {
		return op.Errorf("reference to function with mismatched type")
	}
	return nil
}
