package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_ARM_graph and the TOSA set, serialized as MLIR does: graph entry
// points and graphs after the functions (the extension's layout), each
// graph as OpGraphARM, one OpGraphInputARM per argument, its ops,
// OpGraphSetOutputARM per output and OpGraphEndARM; graph constants as
// module-level OpGraphConstantARM.

// graphType returns the id of OpTypeGraphARM for a graph's signature.
func (s *serializer) graphType(ft *ir.FunctionType) (uint32, error) {
	operands := []uint32{uint32(len(ft.Inputs))}
	for _, t := range append(append([]ir.Type{}, ft.Inputs...), ft.Results...) {
		id, err := s.typeID(t)
		if err != nil {
			return 0, err
		}
		operands = append(operands, id)
	}
	key := typeKey(spv.OpTypeGraphARM, operands, 0)
	if id, ok := s.typeKeys[key]; ok {
		return id, nil
	}
	id := s.newID()
	s.sec[secGlobal].Op(spv.OpTypeGraphARM).Word(id).Word(operands...)
	s.typeKeys[key] = id
	return id, nil
}

// graph writes a spirv.ARM.Graph into the graph section.
func (s *serializer) graph(op *ir.Operation) error {
	ft := spirv.FuncType(op)
	if ft == nil {
		return op.Errorf("missing function_type")
	}
	if err := s.available(op); err != nil {
		return err
	}
	gt, err := s.graphType(ft)
	if err != nil {
		return err
	}
	name := symName(op)
	id := s.symbols[name]
	s.name(id, name)
	// The ops write into the function section: point it at the graphs'
	// for the while.
	s.sec[secFunction], s.sec[secGraph] = s.sec[secGraph], s.sec[secFunction]
	defer func() { s.sec[secFunction], s.sec[secGraph] = s.sec[secGraph], s.sec[secFunction] }()
	e := &s.sec[secFunction]
	e.Op(spv.OpGraphARM).Word(gt, id)
	// OpLine has no place in a graph: its debug info closes it instead.
	s.inGraph = true
	defer func() { s.inGraph = false }()
	var dbg *graphDebug
	if s.debugInfo {
		dbg = &graphDebug{graph: id, name: locName(op.Loc())}
	}
	s.fn = s.spareFn.reset()
	defer func() { s.spareFn, s.fn = s.fn, nil; clear(s.values) }()
	body := op.Region(0)
	if body.Empty() {
		return op.Errorf("a graph without a body has no SPIR-V form")
	}
	if !body.HasOneBlock() {
		return op.Errorf("a graph of more than one block has no SPIR-V form")
	}
	for i, a := range body.Entry().Args() {
		tid, err := s.typeID(a.Type())
		if err != nil {
			return err
		}
		idx, err := s.constantID(s.ctx.I32Attr(int64(i)), s.ctx.I(32))
		if err != nil {
			return err
		}
		aid, _ := s.valueID(a)
		e.Op(spv.OpGraphInputARM).Word(tid, aid, idx)
		if dbg != nil {
			dbg.inputs, dbg.names = append(dbg.inputs, aid), append(dbg.names, locName(a.Loc()))
		}
	}
	for o := range body.Entry().Ops() {
		if o.Name() != "spirv.ARM.GraphOutputs" {
			if err := s.op(o); err != nil {
				return at(o, err)
			}
			if dbg != nil {
				dbg.addOp(s, o)
			}
			continue
		}
		for i, v := range o.Operands() {
			vid, err := s.valueID(v)
			if err != nil {
				return at(o, err)
			}
			idx, err := s.constantID(s.ctx.I32Attr(int64(i)), s.ctx.I(32))
			if err != nil {
				return at(o, err)
			}
			e.Op(spv.OpGraphSetOutputARM).Word(vid, idx)
		}
	}
	if dbg != nil {
		if err := dbg.write(s); err != nil {
			return err
		}
	}
	e.Op(spv.OpGraphEndARM)
	return nil
}

// graphEntryPoint writes OpGraphEntryPointARM.
func (s *serializer) graphEntryPoint(op *ir.Operation) error {
	if err := s.available(op); err != nil {
		return err
	}
	gid, gname, err := s.symbolID(op, "fn")
	if err != nil {
		return err
	}
	iface, err := s.interfaceIDs(op)
	if err != nil {
		return err
	}
	s.sec[secGraphEntryPoint].Op(spv.OpGraphEntryPointARM).Word(gid).Str(gname).Word(iface...)
	return nil
}

// graphConstant returns the id of the OpGraphConstantARM a
// spirv.ARM.GraphConstant stands for, writing it once per id and type.
func (s *serializer) graphConstant(op *ir.Operation) (uint32, error) {
	if err := s.available(op); err != nil {
		return 0, err
	}
	n, ok := op.Attr("graph_constant_id").(*ir.IntegerAttr)
	if !ok {
		return 0, op.Errorf("missing graph_constant_id")
	}
	t := op.Result(0).Type()
	tid, err := s.typeID(t)
	if err != nil {
		return 0, err
	}
	key := constKey{n, t}
	if id, ok := s.graphConsts[key]; ok {
		return id, nil
	}
	id := s.newID()
	s.sec[secGlobal].Op(spv.OpGraphConstantARM).Word(tid, id, uint32(n.Int()))
	s.graphConsts[key] = id
	return id, nil
}

// tosaOp writes a spirv.Tosa op as OpExtInst of the TOSA set: its
// attributes first, as constants (i32 for numbers and enums, bool, i32
// tensors for lists), then its operands, in the grammar's order.
func (s *serializer) tosaOp(op *ir.Operation, t spirv.TosaOp) error {
	if t.Inst == nil || op.NumResults() != 1 {
		return op.Errorf("has no TOSA instruction")
	}
	tid, err := s.typeID(op.Result(0).Type())
	if err != nil {
		return err
	}
	rid, _ := s.valueID(op.Result(0))
	words := []uint32{tid, rid, s.extImport(spv.ExtTOSA), t.Inst.Number}
	for i := range t.NumAttrs() {
		a := op.Attr(t.AttrName(i))
		var v ir.Attribute
		var vt ir.Type
		switch t.AttrKind(i) {
		case spirv.TosaAttrI32, spirv.TosaAttrBool:
			if ta, ok := a.(ir.TypedAttr); ok {
				v, vt = a, ta.Type()
			}
		case spirv.TosaAttrI32Array:
			if d, ok := a.(*ir.DenseElementsAttr); ok {
				v, vt = d, d.Type()
			}
		case spirv.TosaAttrEnum:
			if n, ok := spirv.EnumValue(a); ok {
				v, vt = s.ctx.I32Attr(int64(n)), s.ctx.I(32)
			}
		}
		if v == nil {
			return op.Errorf("missing or bad attribute '%s'", t.AttrName(i))
		}
		id, err := s.constantID(v, vt)
		if err != nil {
			return err
		}
		words = append(words, id)
	}
	ids, err := s.valueIDs(op.Operands())
	if err != nil {
		return err
	}
	s.sec[secFunction].Op(spv.OpExtInst).Word(words...).Word(ids...)
	return nil
}
