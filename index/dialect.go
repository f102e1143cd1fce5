package index

import "github.com/kiln-gpu/kiln/ir"

// Dialect returns the index dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "index",
	// All ops inlinable, as MLIR's index inliner interface says.
	Inliner: ir.OpsInlinable(),
	Summary: "Integer arithmetic, comparisons and casts on the target-width index type.",
	Ops: []*ir.OpDef{
		add, sub, mul, divs, divu, ceildivs, ceildivu, floordivs, rems, remu,
		maxs, maxu, mins, minu, shl, shrs, shru, and, or, xor,
		cmp, constantOp, boolConstant, sizeof, casts, castu,
	},
	ParseAttr:           parseAttr,
	MaterializeConstant: BuildConstant,
}

// BuildConstant materializes a folded index value as index.constant and an
// i1 value as index.bool.constant (nil for anything else).
func BuildConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ia, ok := value.(*ir.IntegerAttr)
	if !ok || ia.Type() != t {
		return nil
	}
	name := "index.constant"
	switch {
	case isIndex(t):
	case t == b.Context().I(1):
		name = "index.bool.constant"
	default:
		return nil
	}
	return b.Create(&ir.OpState{Name: name, Loc: loc, ResultTypes: []ir.Type{t}, Attrs: []ir.NamedAttr{{Name: "value", Value: value}}})
}

func isIndex(t ir.Type) bool {
	_, ok := t.(*ir.IndexType)
	return ok
}
