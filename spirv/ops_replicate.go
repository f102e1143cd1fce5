package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// Replicated composites (SPV_EXT_replicated_composites): a composite
// constant whose elements are all one value, written once.

// CompositeElement returns the type of the first element of a SPIR-V
// composite (MLIR's CompositeType: vectors of 2, 3, 4, 8 or 16 scalars,
// arrays, runtime arrays, structs, matrices, cooperative matrices), or nil.
func CompositeElement(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		if len(v.Dims) != 1 || v.Scalable != nil || !isScalar(v.Elem) {
			return nil
		}
		switch v.Dims[0] {
		case 2, 3, 4, 8, 16:
			return v.Elem
		}
		return nil
	}
	if a, ok := t.(*TensorArmType); ok {
		// A tensor replicates its scalar element, whatever its rank.
		return a.Elem
	}
	if s, ok := t.(*StructType); ok && s.NumMembers() == 0 {
		return nil
	}
	return ElementType(t, 0)
}

// ReplicateValueType is the type of a replicated value: a typed
// attribute's type, or for an array attribute an array of its first
// element's type; nil for another attribute.
func ReplicateValueType(ctx *ir.Context, v ir.Attribute) ir.Type {
	switch v := v.(type) {
	case ir.TypedAttr:
		return v.Type()
	case *ir.ArrayAttr:
		if len(v.Elems) == 0 {
			return nil
		}
		if e := ReplicateValueType(ctx, v.Elems[0]); e != nil {
			return Array(ctx, e, int64(len(v.Elems)), 0)
		}
	}
	return nil
}

// verifyReplicateValue checks that value is an element of t or of one of
// its nested composites.
func verifyReplicateValue(op *ir.Operation, value ir.Attribute, t ir.Type) error {
	elem := CompositeElement(t)
	if elem == nil {
		return op.Errorf("result type must be a composite type, but provided %s", quotedType(t))
	}
	vt := ReplicateValueType(op.Context(), value)
	if vt == nil {
		return op.Errorf("unknown value attribute type")
	}
	var possible []string
	for e := elem; e != nil; e = CompositeElement(e) {
		if e == vt {
			return nil
		}
		possible = append(possible, quotedType(e))
	}
	return op.Errorf("expected value attribute type %s, but got: %s", strings.Join(possible, " or "), quotedType(vt))
}

// constantCompositeReplicateOp: `%0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : vector<2xi32>`.
var constantCompositeReplicateOp = &ir.OpDef{
	Name:     "spirv.EXT.ConstantCompositeReplicate",
	Summary:  "A composite constant whose elements all have one value.",
	Example:  "%0 = spirv.EXT.ConstantCompositeReplicate [dense<[1, 2]> : vector<2xi32>] : !spirv.array<2 x vector<2xi32>>",
	Traits:   ir.Pure,
	Results:  ir.Exactly(1),
	Inherent: []string{"value"},
	Format: &ir.Format{Syntax: "` ` `[` $value `]` attr-dict `:` type($replicated_constant)",
		Results: []string{"replicated_constant"}, Attrs: []ir.FormatAttr{{Name: "value"}}},
	Verify: func(op *ir.Operation) error {
		return verifyReplicateValue(op, op.Attr("value"), op.Result(0).Type())
	},
}

// specConstantCompositeReplicateOp:
// `spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : !spirv.array<3 x i32>`.
var specConstantCompositeReplicateOp = &ir.OpDef{
	Name:     "spirv.EXT.SpecConstantCompositeReplicate",
	Summary:  "A composite specialization constant whose elements are all one specialization constant.",
	Example:  "spirv.SpecConstant @sc = 1 : i32\nspirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : !spirv.array<3 x i32>",
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "type", "constituent"},
	// Hand-written: the format engine has no symbol-name directive.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
			return err
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		c, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		st.AddAttr("constituent", p.Context().SymbolRef(c))
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.AddAttr("type", p.Context().TypeAttr(t))
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		ir.PrintSymbolNameAttr(p, op, "sym_name")
		p.WriteString(" (")
		p.Attr(op.Attr("constituent"))
		p.WriteString(")")
		p.OptionalAttrDict(op.Attrs(), "sym_name", "constituent", "type")
		p.WriteString(" : ")
		if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
			p.Type(ta.Value)
		}
	},
	Verify: func(op *ir.Operation) error {
		ta, ok := op.Attr("type").(*ir.TypeAttr)
		if !ok {
			return op.Errorf("requires attribute 'type'")
		}
		elem := CompositeElement(ta.Value)
		if elem == nil {
			return op.Errorf("result type must be a composite type, but provided %s", quotedType(ta.Value))
		}
		ref, _ := op.Attr("constituent").(*ir.SymbolRefAttr)
		sc := ir.LookupNearestSymbol(op, ref)
		if sc == nil {
			return op.Errorf("splat spec constant reference defining constituent not found")
		}
		if sc.Name() != specConstantOp.Name {
			return op.Errorf("constituent is not a spec constant")
		}
		if got := SpecConstantType(sc); got != elem {
			return op.Errorf("constituent has incorrect type: expected %s, but provided %s", quotedType(elem), quotedType(got))
		}
		return nil
	},
}

func replicateOps() []*ir.OpDef {
	return []*ir.OpDef{constantCompositeReplicateOp, specConstantCompositeReplicateOp}
}
