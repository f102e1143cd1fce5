package fn

import "github.com/kiln-gpu/kiln/ir"

// Dialect returns the func dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name:                "func",
	Summary:             "Functions, calls and returns.",
	Ops:                 []*ir.OpDef{funcDef, returnDef, callDef, callIndirectDef, constantDef},
	MaterializeConstant: materializeConstant,
	Inliner:             inliner,
}

// materializeConstant turns a folded function reference back into func.constant.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ref, ok := value.(*ir.SymbolRefAttr)
	if _, isFn := t.(*ir.FunctionType); !ok || !ref.IsFlat() || !isFn {
		return nil
	}
	return b.Create(&ir.OpState{Name: "func.constant", Loc: loc, ResultTypes: []ir.Type{t},
		Attrs: []ir.NamedAttr{{Name: "value", Value: ref}}})
}
