package serialize

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// switchAsLoop reads an OpSwitch construct as a loop that runs once (the
// spirv dialect, like MLIR 16's, has no spirv.Switch): branches to its
// merge block become breaks, the continue target is a new unreachable
// block, and the header branches to the default target or, when there are
// cases, to a chain of selections built with the terminators (see
// switchChain). A switch without cases is what spirv-opt makes of early
// returns. It returns the instruction to build the header's terminator
// from.
func (d *deserializer) switchAsLoop(in *spv.Instruction) (*spv.Instruction, error) {
	fs := d.fn
	n := len(fs.constructs)
	if n == 0 || fs.constructs[n-1].header != fs.cur || fs.constructs[n-1].loop {
		return nil, d.errorf("OpSwitch without an OpSelectionMerge")
	}
	c := &fs.constructs[n-1]
	if fs.cur.IsEntry() {
		d.splitEntry(c)
	}
	cont := ir.NewBlock(nil, nil)
	fs.op.Region(0).Append(cont)
	var args []*ir.Value
	for _, a := range c.header.Args() {
		u := d.ctx.NewOp(&ir.OpState{Name: "spirv.Undef", Loc: d.loc(), ResultTypes: []ir.Type{a.Type()}})
		cont.Append(u)
		args = append(args, u.Result(0))
	}
	cont.Append(d.newBranch(c.header, args))
	c.loop, c.cont, c.control = true, cont, 0
	if len(in.Operands) == 2 {
		return &spv.Instruction{Opcode: spv.OpBranch, Offset: in.Offset, Operands: in.Operands[1:]}, nil
	}
	return in, nil
}

// splitEntry moves the ops of a function's entry block that heads c, but
// its variables and constants, into a new block after it: a loop header cannot be the
// entry block, whose arguments are the function's parameters.
func (d *deserializer) splitEntry(c *construct) {
	fs := d.fn
	entry := fs.cur
	h := ir.NewBlock(nil, nil)
	entry.Parent().InsertAfter(h, entry)
	for op := range entry.Ops() {
		if op.Name() == "spirv.Variable" || op.Name() == "spirv.Constant" {
			continue // constants may be variables' initializers
		}
		op.Remove()
		h.Append(op)
	}
	entry.Append(d.newBranch(h, nil))
	id := d.blockIDs[entry]
	fs.blocks[id], d.blockIDs[h] = h, id
	c.header, fs.cur = h, h
}

// switchChain builds the header's terminator of a switch with cases, read
// as a loop by switchAsLoop: a chain of selections, one per case target,
// each testing the selector against that target's values and falling to
// the next; the last one goes to the default target. Case bodies end with
// breaks (to the loop's merge block); a fall-through from one case into
// the next is not supported (the structurizer reports it).
func (d *deserializer) switchChain(pt pendingTerm) error {
	fs := d.fn
	li := slices.IndexFunc(fs.constructs, func(c construct) bool { return c.header == pt.block })
	if li < 0 {
		return d.errorf("OpSwitch without an OpSelectionMerge")
	}
	ops := pt.in.Operands
	sel, err := d.value(ops[0].Value())
	if err != nil {
		return err
	}
	it, ok := sel.Type().(*ir.IntegerType)
	if !ok {
		return d.errorf("selector is not an integer")
	}
	dflt, ok := fs.blocks[ops[1].Value()]
	if !ok {
		return d.errorf("%%%d is not a block of this function", ops[1].Value())
	}
	var targets []*ir.Block
	values := map[*ir.Block][]int64{}
	for k := 2; k+1 < len(ops); k += 2 {
		t, ok := fs.blocks[ops[k+1].Value()]
		if !ok {
			return d.errorf("%%%d is not a block of this function", ops[k+1].Value())
		}
		if t == dflt {
			continue
		}
		if _, seen := values[t]; !seen {
			targets = append(targets, t)
		}
		values[t] = append(values[t], ops[k].Int64())
	}
	// A case entered from elsewhere than the header is a fall-through.
	isCase := func(b *ir.Block) bool { _, ok := values[b]; return ok || b == dflt && b != fs.constructs[li].merge }
	for _, other := range fs.terms {
		if other.block == pt.block || other.in.Opcode == spv.OpSwitch {
			continue
		}
		for _, o := range other.in.Operands {
			if b, ok := fs.blocks[o.Value()]; ok && o.Kind == spv.KindIdRef && isCase(b) && other.in.Opcode != spv.OpReturnValue {
				d.cur = other.in
				return d.errorf("block %%%d falls through to case %%%d of the switch in %%%d: not supported", d.blockIDs[other.block], o.Value(), d.blockIDs[pt.block])
			}
		}
	}
	region := pt.block.Parent()
	// One header per target, then a block that goes on to the default.
	chain := make([]*ir.Block, len(targets)+1)
	for i := range chain {
		chain[i] = ir.NewBlock(nil, nil)
		region.Append(chain[i])
	}
	pt.block.Append(d.newBranch(chain[0], nil))
	var sels []construct
	for i, t := range targets {
		fs.cur = chain[i]
		var cond *ir.Value
		for _, v := range values[t] {
			c := d.ctx.NewOp(&ir.OpState{Name: "spirv.Constant", Loc: d.loc(), ResultTypes: []ir.Type{it}})
			c.SetAttr("value", d.ctx.IntegerAttr(it, v))
			eq := d.ctx.NewOp(&ir.OpState{Name: "spirv.IEqual", Loc: d.loc(), Operands: []*ir.Value{sel, c.Result(0)}, ResultTypes: []ir.Type{d.ctx.I(1)}})
			chain[i].Append(c)
			chain[i].Append(eq)
			if cond == nil {
				cond = eq.Result(0)
				continue
			}
			or := d.ctx.NewOp(&ir.OpState{Name: "spirv.LogicalOr", Loc: d.loc(), Operands: []*ir.Value{cond, eq.Result(0)}, ResultTypes: []ir.Type{d.ctx.I(1)}})
			chain[i].Append(or)
			cond = or.Result(0)
		}
		args, err := d.phiArgs(pt.block, t)
		if err != nil {
			return err
		}
		chain[i].Append(d.newCondBranch(cond, t, args, chain[i+1]))
		sels = append(sels, construct{header: chain[i], merge: chain[i+1]})
	}
	fs.cur = chain[len(targets)]
	args, err := d.phiArgs(pt.block, dflt)
	if err != nil {
		return err
	}
	fs.cur.Append(d.newBranch(dflt, args))
	fs.cur = pt.block
	fs.constructs = slices.Insert(fs.constructs, li+1, sels...)
	return nil
}
