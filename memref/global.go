package memref

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

var global = &ir.OpDef{
	Name: "memref.global", Summary: "Declares or defines a named global memref.",
	Example:  `memref.global "private" constant @g : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}`,
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"},
	Format: &ir.Format{
		Syntax: "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
		Attrs: []ir.FormatAttr{{Name: "sym_visibility", Str: true}, {Name: "constant", Unit: true}, {Name: "sym_name", SymbolName: true},
			{Name: "type"}, {Name: "initial_value"}},
		Custom: map[string]ir.CustomDirective{"GlobalMemrefOpTypeAndInitialValue": globalTypeAndInitialValue},
	},
	Verify: verifyGlobal,
}

// globalTypeAndInitialValue is MLIR's
// custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value):
// `type (= uninitialized | = elements)?`, the initializer's type implied by
// the memref type.
var globalTypeAndInitialValue = ir.CustomDirective{
	Parse: func(p *ir.OpParser, args []*ir.FormatArg) error {
		ctx := p.Context()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		args[0].Attr = ctx.TypeAttr(t)
		if !p.ParseOptionalPunct("=") {
			return nil
		}
		if p.ParseOptionalKeyword("uninitialized") {
			args[1].Attr = ctx.UnitAttr()
			return nil
		}
		var hint ir.Type
		if mt, ok := t.(*ir.MemRefType); ok {
			hint = ctx.Tensor(mt.Dims, mt.Elem, nil)
		}
		args[1].Attr, err = p.ParseElementsOfType(hint)
		return err
	},
	Print: func(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		if t, ok := args[0].Attr.(*ir.TypeAttr); ok {
			p.Type(t.Value)
		}
		switch v := args[1].Attr.(type) {
		case nil:
		case *ir.UnitAttr:
			p.WriteString(" = uninitialized")
		default:
			p.WriteString(" = ")
			p.PrintElementsOfType(v)
		}
	},
}

func verifyGlobal(op *ir.Operation) error {
	ta, ok := op.Attr("type").(*ir.TypeAttr)
	if !ok {
		return op.Errorf("requires attribute 'type'")
	}
	mt, ok := ta.Value.(*ir.MemRefType)
	if !ok || !ir.HasStaticShape(mt) {
		return op.Errorf("type should be static shaped memref, but got %s", ir.TypeString(ta.Value))
	}
	// GlobalOp's alignment is a plain I64Attr; its verifier checks the power of two.
	if a := op.Attr("alignment"); a != nil {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok || ir.IntOrFloatBitWidth(ia.Type()) != 64 {
			return op.Errorf("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute")
		}
		if v := uint64(ia.Int()); v == 0 || v&(v-1) != 0 {
			return op.EmitErrorf("alignment attribute value %d is not a power of 2", v)
		}
	}
	switch v := op.Attr("initial_value").(type) {
	case nil, *ir.UnitAttr:
	case *ir.DenseElementsAttr:
		st := v.ShapedType()
		if st.ElementType() != mt.Elem {
			return op.Errorf("initial value element expected to be of type '%s', but was of type '%s'", ir.TypeString(mt.Elem), ir.TypeString(st.ElementType()))
		}
		if !slices.Equal(st.Shape(), mt.Dims) {
			return op.Errorf("initial value shape expected to be %s but was %s", joinDims(mt.Dims), joinDims(st.Shape()))
		}
	default:
		if _, elements := v.(ir.TypedAttr); !elements || !isElementsAttr(v) {
			return op.Errorf("initial value should be a unit or elements attribute, but got %s", ir.AttrString(v))
		}
	}
	return nil
}

// isElementsAttr accepts the elements attributes other than dense ones
// (dense_resource, sparse) by their spelling.
func isElementsAttr(a ir.Attribute) bool {
	s := ir.AttrString(a)
	return strings.HasPrefix(s, "dense_resource<") || strings.HasPrefix(s, "sparse<")
}

func joinDims(ds []int64) string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(dynOrStatic(d))
	}
	return b.String()
}

// Global is a typed view of memref.global.
type Global struct{ *ir.Operation }

// Type returns the global's memref type (nil when invalid).
func (g Global) Type() *ir.MemRefType {
	if ta, ok := g.Attr("type").(*ir.TypeAttr); ok {
		mt, _ := ta.Value.(*ir.MemRefType)
		return mt
	}
	return nil
}

var getGlobal = &ir.OpDef{
	Name: "memref.get_global", Summary: "Returns a memref that refers to a memref.global.",
	Example:  "memref.global \"private\" @g : memref<4xf32> = uninitialized\n%r = memref.get_global @g : memref<4xf32>",
	Traits:   ir.Pure,
	Results:  ir.Exactly(1),
	Inherent: []string{"name"},
	Format: &ir.Format{Syntax: "$name `:` type($result) attr-dict", Results: []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "name"}}},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("name").(*ir.SymbolRefAttr); !ok {
			return op.Errorf("requires attribute 'name'")
		}
		return checkResult(op, 0, func(t ir.Type) bool { m, ok := t.(*ir.MemRefType); return ok && ir.HasStaticShape(m) }, "statically shaped memref of any type values")
	},
	VerifySymbolUses: func(op *ir.Operation) error {
		ref := op.Attr("name").(*ir.SymbolRefAttr)
		g := ir.LookupNearestSymbol(op, ref)
		if g == nil || g.Name() != "memref.global" {
			return op.Errorf("'%s' does not reference a valid global memref", ref.Leaf())
		}
		if gt := (Global{g}).Type(); gt != op.Result(0).Type() {
			return op.Errorf("result type '%s' does not match type '%s' of the global memref @%s", ir.TypeString(op.Result(0).Type()), typeOrNone(gt), ref.Leaf())
		}
		return nil
	},
}
