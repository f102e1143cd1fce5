package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// funcState is what the deserializer knows inside one function.
type funcState struct {
	op         *ir.Operation
	values     map[uint32]*ir.Value
	blocks     map[uint32]*ir.Block
	cur        *ir.Block
	phis       map[*ir.Block][][]spv.Operand // per block, per argument: the (value, parent) pairs
	terms      []pendingTerm
	constructs []construct
	loc        ir.Location // of OpFunction, for the function's ops
	merging    bool        // a merge instruction was just read
	// redirects send a branch of a switch case that falls through into
	// the next case to that case's test (see switchChain).
	redirects map[*spv.Instruction]map[uint32]*ir.Block
}

// reset returns fs emptied for the next function, keeping its maps'
// storage, or a new funcState when fs is nil.
func (fs *funcState) reset() *funcState {
	if fs == nil {
		return &funcState{values: map[uint32]*ir.Value{}, blocks: map[uint32]*ir.Block{}, phis: map[*ir.Block][][]spv.Operand{}}
	}
	clear(fs.values)
	clear(fs.blocks)
	clear(fs.phis)
	*fs = funcState{values: fs.values, blocks: fs.blocks, phis: fs.phis, terms: fs.terms[:0], constructs: fs.constructs[:0]}
	return fs
}

// A pendingTerm is a branch built after the whole function is read, when
// the values its target's OpPhi takes from it are known.
type pendingTerm struct {
	block *ir.Block
	in    *spv.Instruction
	loc   ir.Location // the OpLine in effect where it was read
}

// function reads one function, from OpFunction to OpFunctionEnd, and
// returns how many instructions it took.
func (d *deserializer) function(ins []spv.Instruction) (int, error) {
	d.cur, d.line = &ins[0], nil
	if ins[0].Opcode != spv.OpFunction {
		return 0, d.errorf("instruction outside a function after the first function")
	}
	end := -1
	for i := range ins {
		if ins[i].Opcode == spv.OpFunctionEnd {
			end = i
			break
		}
	}
	if end < 0 {
		return 0, d.errorf("function has no OpFunctionEnd")
	}
	head := &ins[0]
	t, err := d.typeOf(head.Operands[3].Value())
	if err != nil {
		return 0, err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return 0, d.errorf("function type %s is not a function type", ir.TypeString(t))
	}
	fs := d.spareFn.reset()
	d.fn, d.spareFn = fs, fs
	if d.blockIDs == nil {
		d.blockIDs = map[*ir.Block]uint32{}
	}
	clear(d.blockIDs)
	fs.loc = wordLoc(d.ctx, d.file, head.Offset)
	st := reuse(&d.fnState)
	st.Name, st.Loc = "spirv.func", fs.loc
	st.AddAttr("sym_name", d.ctx.StringAttr(d.symbols[head.Result]))
	ta, ok := d.typeAttrs[ft]
	if !ok {
		ta = d.ctx.TypeAttr(ft)
		d.typeAttrs[ft] = ta
	}
	st.AddAttr("function_type", ta)
	st.AddAttr("function_control", d.enum(spv.KindFunctionControl, head.Operands[2].Value()))
	for _, dec := range d.decos[head.Result] {
		deco := spv.Decoration(dec.Operands[1].Value())
		switch {
		case deco == spv.DecorationLinkageAttributes && len(dec.Operands) == 4:
			st.AddAttr("linkage_attributes", spirv.Linkage(d.ctx, dec.Operands[2].Str(), spv.LinkageType(dec.Operands[3].Value())))
		case len(dec.Operands) == 2:
			st.AddAttr(decorationAttrName(deco), d.ctx.UnitAttr()) // RelaxedPrecision
		}
	}
	region := st.AddRegion()
	// Parameters, then create every block so that branches can refer forward.
	i := 1
	var params []*spv.Instruction
	for ; i < end && ins[i].Opcode == spv.OpFunctionParameter; i++ {
		params = append(params, &ins[i])
	}
	if len(params) != len(ft.Inputs) {
		return 0, d.errorf("function has %d parameters, its type %d", len(params), len(ft.Inputs))
	}
	if a := d.paramAttrs(params); a != nil {
		st.AddAttr("arg_attrs", a)
	}
	first := true
	for j := i; j < end; j++ {
		if ins[j].Opcode != spv.OpLabel {
			continue
		}
		var b *ir.Block
		if first {
			b = ir.NewBlock(ft.Inputs, nil)
			for k, p := range params {
				fs.values[p.Result] = b.Arg(k)
			}
			first = false
		} else {
			b = ir.NewBlock(nil, nil)
		}
		if _, dup := fs.blocks[ins[j].Result]; dup {
			d.cur = &ins[j]
			return 0, d.errorf("label %%%d defined twice", ins[j].Result)
		}
		fs.blocks[ins[j].Result] = b
		d.blockIDs[b] = ins[j].Result
		region.Append(b)
	}
	fs.op = d.ctx.NewOp(st)
	for ; i < end; i++ {
		d.cur = &ins[i]
		if err := d.instruction(&ins[i]); err != nil {
			return 0, err
		}
	}
	d.cur = &ins[end]
	if fs.cur != nil {
		return 0, d.errorf("last block has no terminator")
	}
	for _, pt := range fs.terms {
		d.cur = pt.in
		if err := d.terminator(pt); err != nil {
			return 0, err
		}
	}
	for b := range region.Blocks() {
		if b.Last() == nil {
			d.cur = &ins[end]
			return 0, d.errorf("block %%%d is empty", d.blockIDs[b])
		}
	}
	if err := d.structurize(fs.op, fs.constructs); err != nil {
		return 0, err
	}
	d.body.Append(fs.op)
	d.fn = nil
	return end + 1, nil
}

// instruction reads one instruction of a function body.
func (d *deserializer) instruction(in *spv.Instruction) error {
	fs := d.fn
	switch in.Opcode {
	case spv.OpLabel:
		if fs.cur != nil {
			return d.errorf("block %%%d has no terminator", d.blockIDs[fs.cur])
		}
		fs.cur = fs.blocks[in.Result]
		d.line = nil // an OpLine ends with its block
		return nil
	case spv.OpLine:
		d.line = d.lineLoc(in)
		return nil
	case spv.OpNoLine:
		d.line = nil
		return nil
	}
	if fs.cur == nil {
		return d.errorf("instruction outside a block")
	}
	switch in.Opcode {
	case spv.OpPhi:
		if !fs.cur.Empty() {
			return d.errorf("OpPhi after other instructions of its block")
		}
		t, err := d.typeOf(in.ResultType)
		if err != nil {
			return err
		}
		fs.values[in.Result] = fs.cur.AddArgument(t, d.loc())
		fs.phis[fs.cur] = append(fs.phis[fs.cur], in.Operands[2:])
		return nil
	case spv.OpSelectionMerge, spv.OpLoopMerge:
		if n := len(fs.constructs); n > 0 && fs.constructs[n-1].header == fs.cur {
			return d.errorf("second merge instruction in block %%%d", d.blockIDs[fs.cur])
		}
		c := construct{header: fs.cur, control: in.Operands[len(in.Operands)-1].Value(), loc: d.loc()}
		var ok bool
		if c.merge, ok = fs.blocks[in.Operands[0].Value()]; !ok {
			return d.errorf("merge block %%%d is not a block of this function", in.Operands[0].Value())
		}
		if in.Opcode == spv.OpLoopMerge {
			c.loop = true
			if c.cont, ok = fs.blocks[in.Operands[1].Value()]; !ok {
				return d.errorf("continue target %%%d is not a block of this function", in.Operands[1].Value())
			}
			// Loop control parameters (MinIterations and friends) follow
			// the mask; MLIR keeps the mask only.
			c.control = in.Operands[2].Value()
		}
		if c.merge == c.header || c.cont == c.merge {
			return d.errorf("merge block %%%d is also the header or continue target", in.Operands[0].Value())
		}
		fs.constructs = append(fs.constructs, c)
		fs.merging = true
		return nil
	case spv.OpBranch, spv.OpBranchConditional, spv.OpReturn, spv.OpReturnValue, spv.OpUnreachable, spv.OpKill, spv.OpSwitch:
		if in.Opcode == spv.OpSwitch {
			if n := len(fs.constructs); n == 0 || fs.constructs[n-1].header != fs.cur || fs.constructs[n-1].loop {
				return d.errorf("OpSwitch without an OpSelectionMerge")
			}
		}
		fs.terms = append(fs.terms, pendingTerm{fs.cur, in, d.loc()})
		fs.cur, fs.merging = nil, false
		return nil
	}
	if fs.merging {
		return d.errorf("a merge instruction must come right before its block's branch")
	}
	op, err := d.newOp(in)
	if err != nil {
		return err
	}
	fs.cur.Append(op)
	if op.HasTrait(ir.Terminator) {
		// An instruction with no successors that ends its block
		// (OpEmitMeshTasksEXT).
		fs.cur = nil
	}
	if in.Result != 0 {
		if _, dup := fs.values[in.Result]; dup {
			return d.errorf("%%%d defined twice", in.Result)
		}
		if op.NumResults() == 1 {
			fs.values[in.Result] = op.Result(0)
		}
	}
	return nil
}

// value returns the value of an id at the end of the current block; module
// constants, variables and spec constants are materialized there, as MLIR
// does, at each use.
func (d *deserializer) value(id uint32) (*ir.Value, error) {
	if v, ok := d.fn.values[id]; ok {
		return v, nil
	}
	st := reuse(&d.valueState)
	if c, ok := d.consts[id]; ok {
		st.Name, st.ResultTypes = "spirv.Constant", append(st.ResultTypes, c.typ)
		st.AddAttr("value", c.val)
	} else if c, ok := d.graphConsts[id]; ok {
		st.Name, st.ResultTypes = "spirv.ARM.GraphConstant", append(st.ResultTypes, c.typ)
		st.AddAttr("graph_constant_id", c.val)
	} else if c, ok := d.replicates[id]; ok {
		st.Name, st.ResultTypes = "spirv.EXT.ConstantCompositeReplicate", append(st.ResultTypes, c.typ)
		st.AddAttr("value", c.val)
	} else if sym, ok := d.symbols[id]; ok {
		g := d.symOps[id]
		switch d.symKinds[id] {
		case spv.OpVariable:
			st.Name, st.ResultTypes = "spirv.mlir.addressof", append(st.ResultTypes, g.Attr("type").(*ir.TypeAttr).Value)
			st.AddAttr("variable", d.ctx.SymbolRef(sym))
		case spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstantComposite, spv.OpSpecConstantCompositeReplicateEXT:
			var t ir.Type
			if dv, ok := g.Attr("default_value").(ir.TypedAttr); ok {
				t = dv.Type()
			} else if ta, ok := g.Attr("type").(*ir.TypeAttr); ok {
				t = ta.Value
			}
			st.Name, st.ResultTypes = "spirv.mlir.referenceof", append(st.ResultTypes, t)
			st.AddAttr("spec_const", d.ctx.SymbolRef(sym))
		}
	} else if in, ok := d.specOps[id]; ok {
		return d.specConstantOp(in)
	} else if t, ok := d.undefs[id]; ok {
		st.Name, st.ResultTypes = "spirv.Undef", append(st.ResultTypes, t)
	}
	if st.Name == "" {
		return nil, d.errorf("%%%d is not a value defined before its use", id)
	}
	st.Loc = d.loc()
	op := d.ctx.NewOp(st)
	d.fn.cur.Append(op)
	return op.Result(0), nil
}

// specConstantOp materializes an OpSpecConstantOp as a
// spirv.SpecConstantOperation wrapping the op of its opcode, after its
// operands (which global checked were defined before it, so this ends).
func (d *deserializer) specConstantOp(in *spv.Instruction) (*ir.Value, error) {
	opc := spv.Opcode(in.Operands[2].Value())
	name, ok := spirv.OpNameOf(opc)
	if !ok || d.ctx.LookupOp(name) == nil {
		return nil, d.errorf("OpSpecConstantOp %%%d: opcode %v has no op in the spirv dialect", in.Result, opc)
	}
	t := d.types[in.ResultType]
	loc := d.loc()
	ist := &ir.OpState{Name: name, Loc: loc, ResultTypes: []ir.Type{t}}
	// The operands of the opcode follow it, as for the instruction itself.
	if err := d.operands(&spv.Instruction{Opcode: opc, Offset: in.Offset}, opc.Info().Operands, in.Operands[3:], ist); err != nil {
		return nil, err
	}
	inner := d.ctx.NewOp(ist)
	b := ir.NewBlock(nil, nil)
	b.Append(inner)
	b.Append(d.ctx.NewOp(&ir.OpState{Name: "spirv.mlir.yield", Loc: loc, Operands: []*ir.Value{inner.Result(0)}}))
	st := &ir.OpState{Name: "spirv.SpecConstantOperation", Loc: loc, ResultTypes: []ir.Type{t}}
	st.AddRegion().Append(b)
	op := d.ctx.NewOp(st)
	d.fn.cur.Append(op)
	return op.Result(0), nil
}

// paramAttrs gives each parameter its decoration without operands (Aliased,
// RestrictPointer) as MLIR's {spirv.decoration = #spirv.decoration<...>};
// nil when none has one.
func (d *deserializer) paramAttrs(params []*spv.Instruction) *ir.ArrayAttr {
	dicts := make([]ir.Attribute, len(params))
	found := false
	for k, p := range params {
		var entries []ir.NamedAttr
		for _, dec := range d.decos[p.Result] {
			if len(dec.Operands) == 2 {
				entries = append(entries, ir.NamedAttr{Name: "spirv.decoration", Value: spirv.Enum(d.ctx, spv.KindDecoration, dec.Operands[1].Value())})
				found = true
			}
		}
		dicts[k] = d.ctx.DictionaryAttr(entries)
	}
	if !found {
		return nil
	}
	return d.ctx.ArrayAttr(dicts...)
}
