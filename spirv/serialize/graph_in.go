package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Reading SPV_ARM_graph: graph entry points and graphs follow the
// functions; graph constants are module-level and, like constants, become
// a spirv.ARM.GraphConstant at each use; TOSA instructions take their
// leading constant operands back as attributes.

// isGraphInst reports whether op starts the graph part of a module.
func isGraphInst(op spv.Opcode) bool {
	return op == spv.OpGraphEntryPointARM || op == spv.OpGraphARM
}

// graphType reads OpTypeGraphARM as the function type of its inputs and
// outputs.
func (d *deserializer) graphType(ops []spv.Operand) (ir.Type, error) {
	n := int(ops[0].Value())
	ts, err := d.typesOf(ops[1:])
	if err != nil {
		return nil, err
	}
	if n > len(ts) {
		return nil, d.errorf("graph type of %d inputs has %d types", n, len(ts))
	}
	return d.ctx.FunctionType(ts[:n], ts[n:]), nil
}

// graphConstant records an OpGraphConstantARM.
func (d *deserializer) graphConstant(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	d.graphConsts[in.Result] = constant{t, d.ctx.I32Attr(int64(in.Operands[2].Value()))}
	return nil
}

// graphEntryPoint reads OpGraphEntryPointARM into spirv.ARM.GraphEntryPoint.
func (d *deserializer) graphEntryPoint(in *spv.Instruction) error {
	g := in.Operands[0].Value()
	sym, ok := d.symbols[g]
	if !ok || d.symKinds[g] != spv.OpGraphARM {
		return d.errorf("%%%d is not a graph", g)
	}
	var iface []ir.Attribute
	for _, o := range in.Operands[2:] {
		v, ok := d.symbols[o.Value()]
		if !ok || d.symKinds[o.Value()] != spv.OpVariable {
			return d.errorf("interface %%%d is not a global variable", o.Value())
		}
		iface = append(iface, d.ctx.SymbolRef(v))
	}
	d.graphEntries[g] = true
	st := &ir.OpState{Name: "spirv.ARM.GraphEntryPoint", Loc: d.loc()}
	st.AddAttr("fn", d.ctx.SymbolRef(sym))
	st.AddAttr("interface", d.ctx.ArrayAttr(iface...))
	d.body.Append(d.ctx.NewOp(st))
	return nil
}

// graph reads one graph, from OpGraphARM to OpGraphEndARM, into a
// spirv.ARM.Graph of one block, and returns how many instructions it took.
func (d *deserializer) graph(ins []spv.Instruction) (int, error) {
	head := &ins[0]
	d.cur, d.line = head, nil
	t, err := d.typeOf(head.ResultType)
	if err != nil {
		return 0, err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return 0, d.errorf("graph type %s is not a graph type", ir.TypeString(t))
	}
	fs := d.spareFn.reset()
	d.fn, d.spareFn = fs, fs
	fs.loc = wordLoc(d.ctx, d.file, head.Offset)
	st := &ir.OpState{Name: "spirv.ARM.Graph", Loc: fs.loc}
	st.AddAttr("sym_name", d.ctx.StringAttr(d.symbols[head.Result]))
	st.AddAttr("function_type", d.ctx.TypeAttr(ft))
	st.AddAttr("entry_point", d.ctx.BoolAttr(d.graphEntries[head.Result]))
	entry := ir.NewBlock(ft.Inputs, nil)
	st.AddRegion().Append(entry)
	fs.op, fs.cur = d.ctx.NewOp(st), entry
	outputs := make([]*ir.Value, len(ft.Results))
	var dbg graphDebugIn
	for i := 1; i < len(ins); i++ {
		in := &ins[i]
		d.cur = in
		switch in.Opcode {
		case spv.OpGraphInputARM:
			idx, err := d.graphIndex(in.Operands[2].Value(), len(ft.Inputs))
			if err != nil {
				return 0, err
			}
			fs.values[in.Result] = entry.Arg(idx)
		case spv.OpGraphSetOutputARM:
			idx, err := d.graphIndex(in.Operands[1].Value(), len(ft.Results))
			if err != nil {
				return 0, err
			}
			if outputs[idx], err = d.value(in.Operands[0].Value()); err != nil {
				return 0, err
			}
		case spv.OpExtInst:
			if d.extSets[in.Operands[2].Value()] == extGraphDebug {
				if err := dbg.read(d, in); err != nil {
					return 0, err
				}
				continue
			}
			if err := d.instruction(in); err != nil {
				return 0, err
			}
		case spv.OpGraphEndARM:
			ost := &ir.OpState{Name: "spirv.ARM.GraphOutputs", Loc: d.loc()}
			for j, v := range outputs {
				if v == nil {
					return 0, d.errorf("graph output %d is not set", j)
				}
				ost.Operands = append(ost.Operands, v)
			}
			entry.Append(d.ctx.NewOp(ost))
			dbg.apply(d, fs.op)
			d.body.Append(fs.op)
			d.fn = nil
			return i + 1, nil
		case spv.OpFunction, spv.OpFunctionEnd, spv.OpFunctionParameter, spv.OpGraphARM, spv.OpGraphEntryPointARM,
			spv.OpLabel, spv.OpPhi, spv.OpSelectionMerge, spv.OpLoopMerge:
			return 0, d.errorf("not allowed in a graph")
		default:
			if err := d.instruction(in); err != nil {
				return 0, err
			}
			if fs.cur == nil { // a branch: a graph is one block
				return 0, d.errorf("not allowed in a graph")
			}
		}
	}
	return 0, d.errorf("graph has no OpGraphEndARM")
}

// graphIndex reads an input or output index, an i32 constant below n.
func (d *deserializer) graphIndex(id uint32, n int) (int, error) {
	c, ok := d.consts[id]
	v, isInt := c.val.(*ir.IntegerAttr)
	if !ok || !isInt || v.Int() < 0 || v.Int() >= int64(n) {
		return 0, d.errorf("index %%%d is not an integer constant below %d", id, n)
	}
	return int(v.Int()), nil
}

// tosaOperands gives a TOSA op its attributes, from the constants its
// leading operands name, and its operands.
func (d *deserializer) tosaOperands(name string, ops []spv.Operand, st *ir.OpState) error {
	t, ok := spirv.TosaOpOf(name)
	if !ok || len(ops) < t.NumAttrs() {
		return d.errorf("%s needs %d attribute operands", name, t.NumAttrs())
	}
	for i := range t.NumAttrs() {
		c, ok := d.consts[ops[i].Value()]
		if !ok {
			return d.errorf("%s operand '%s' (%%%d) is not a constant", name, t.AttrName(i), ops[i].Value())
		}
		a := c.val
		switch t.AttrKind(i) {
		case spirv.TosaAttrI32, spirv.TosaAttrEnum:
			a = nil
			if n, ok := c.val.(*ir.IntegerAttr); ok {
				a = t.AttrFromInt(d.ctx, i, n.Int())
			}
		}
		if a == nil {
			return d.errorf("%s operand '%s' (%%%d) is not a valid value", name, t.AttrName(i), ops[i].Value())
		}
		st.AddAttr(t.AttrName(i), a)
	}
	for _, o := range ops[t.NumAttrs():] {
		v, err := d.value(o.Value())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}
