package serialize

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Replicated composites (SPV_EXT_replicated_composites) in both directions.

// replicateID returns the id of the OpConstantCompositeReplicateEXT of type
// t that repeats v, writing it once. A value of a nested element type is
// replicated into that element first (MLIR's
// prepareConstantCompositeReplicate).
func (s *serializer) replicateID(v ir.Attribute, t ir.Type) (uint32, error) {
	key := constKey{v, t}
	if id, ok := s.replicateIDs[key]; ok {
		return id, nil
	}
	elem, vt := spirv.CompositeElement(t), spirv.ReplicateValueType(s.ctx, v)
	if elem == nil || vt == nil {
		return 0, fmt.Errorf("cannot replicate %s into %s", ir.AttrString(v), ir.TypeString(t))
	}
	var inner uint32
	var err error
	if elem == vt {
		inner, err = s.constantID(v, elem)
	} else {
		inner, err = s.replicateID(v, elem)
	}
	if err != nil {
		return 0, err
	}
	tid, err := s.typeID(t)
	if err != nil {
		return 0, err
	}
	id := s.newID()
	if _, ok := t.(*spirv.TensorArmType); ok && isZeroAttr(v) {
		// As MLIR: a tensor of zeros is its null constant.
		s.sec[secGlobal].Op(spv.OpConstantNull).Word(tid, id)
	} else {
		s.sec[secGlobal].Op(spv.OpConstantCompositeReplicateEXT).Word(tid, id, inner)
	}
	s.replicateIDs[key] = id
	return id, nil
}

func (s *serializer) specConstantCompositeReplicate(op *ir.Operation) error {
	ta, ok := op.Attr("type").(*ir.TypeAttr)
	ref, ok2 := op.Attr("constituent").(*ir.SymbolRefAttr)
	if !ok || !ok2 {
		return op.Errorf("missing type or constituent")
	}
	if err := s.available(op); err != nil {
		return err
	}
	c := s.symbols[ref.Root]
	if c == 0 {
		return op.Errorf("constituent %s is not a spec constant of the module", ir.AttrString(ref))
	}
	tid, err := s.typeID(ta.Value)
	if err != nil {
		return err
	}
	name := symName(op)
	id := s.symbols[name]
	s.sec[secGlobal].Op(spv.OpSpecConstantCompositeReplicateEXT).Word(tid, id, c)
	s.name(id, name)
	return nil
}

// replicate reads an OpConstantCompositeReplicateEXT: its value is the
// constant it repeats, or the value of the replicate it repeats.
func (d *deserializer) replicate(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	if spirv.CompositeElement(t) == nil {
		return d.errorf("result type %s is not a composite type", ir.TypeString(t))
	}
	id := in.Operands[2].Value()
	if c, ok := d.consts[id]; ok {
		d.replicates[in.Result] = constant{t, c.val}
	} else if r, ok := d.replicates[id]; ok {
		d.replicates[in.Result] = constant{t, r.val}
	} else {
		return d.errorf("cannot find constituent with ID %d", id)
	}
	return nil
}

// specReplicate declares spirv.EXT.SpecConstantCompositeReplicate.
func (d *deserializer) specReplicate(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	c := in.Operands[2].Value()
	sym, ok := d.symbols[c]
	if !ok || d.symKinds[c] != spv.OpSpecConstant && d.symKinds[c] != spv.OpSpecConstantTrue && d.symKinds[c] != spv.OpSpecConstantFalse {
		return d.errorf("constituent %%%d is not a spec constant defined before", c)
	}
	st := &ir.OpState{Name: "spirv.EXT.SpecConstantCompositeReplicate", Loc: d.loc()}
	st.AddAttr("sym_name", d.ctx.StringAttr(d.symbol(in.Result, "spirv_spec_const_composite_replicate")))
	st.AddAttr("type", d.ctx.TypeAttr(t))
	st.AddAttr("constituent", d.ctx.SymbolRef(sym))
	d.symOps[in.Result] = d.ctx.NewOp(st)
	d.body.Append(d.symOps[in.Result])
	return nil
}

// isZeroAttr reports whether v is an integer or float zero (either sign).
func isZeroAttr(v ir.Attribute) bool {
	switch v := v.(type) {
	case *ir.IntegerAttr:
		return v.Int() == 0
	case *ir.FloatAttr:
		return v.Value() == 0
	}
	return false
}
