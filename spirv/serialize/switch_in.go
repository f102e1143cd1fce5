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
	d.splitHeader(c)
	cont := ir.NewBlock(nil, nil)
	fs.op.Region(0).Append(cont)
	cont.Append(d.newBranch(c.header, nil))
	c.loop, c.cont, c.control = true, cont, 0
	if len(in.Operands) == 2 {
		return &spv.Instruction{Opcode: spv.OpBranch, Offset: in.Offset, Operands: in.Operands[1:]}, nil
	}
	return in, nil
}

// splitHeader gives the loop of a switch a header of its own after the
// block with the OpSwitch, which keeps its ops and arguments: values it
// defines then dominate the whole function rather than only the loop
// (a value used after the switch needs no Function variable, which a
// pointer could not have), and the entry block, whose arguments are the
// function's parameters, never heads a loop.
func (d *deserializer) splitHeader(c *construct) {
	fs := d.fn
	h := ir.NewBlock(nil, nil)
	fs.cur.Parent().InsertAfter(h, fs.cur)
	fs.cur.Append(d.newBranch(h, nil))
	d.blockIDs[h] = d.blockIDs[fs.cur]
	c.header, fs.cur = h, h
}

// switchChain builds the header's terminator of a switch with cases, read
// as a loop by switchAsLoop: a chain of selections, one per case target,
// each testing the selector against that target's values and falling to
// the next; the last one goes to the default target. Case bodies end with
// breaks (to the loop's merge block); a case that falls through into the
// next one branches to that case's test instead (see fallThroughs).
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
	falls, err := d.fallThroughs(pt, li, dflt, targets, values)
	if err != nil {
		return err
	}
	targets = fallOrder(targets, falls, dflt)
	region := pt.block.Parent()
	// One header per target, then a block that goes on to the default.
	chain := make([]*ir.Block, len(targets)+1)
	for i := range chain {
		chain[i] = ir.NewBlock(nil, nil)
		region.Append(chain[i])
	}
	pt.block.Append(d.newBranch(chain[0], nil))
	// A case falling through into t goes to t's test instead, which
	// then also takes the values that led into that case.
	index := map[*ir.Block]int{dflt: len(targets)}
	for i, t := range targets {
		index[t] = i
	}
	for _, f := range falls {
		if fs.redirects == nil {
			fs.redirects = map[*spv.Instruction]map[uint32]*ir.Block{}
		}
		fs.redirects[f.term.in] = map[uint32]*ir.Block{d.blockIDs[f.to]: chain[index[f.to]]}
	}
	var sels []construct
	for i, t := range targets {
		fs.cur = chain[i]
		var cond *ir.Value
		for _, v := range caseValues(t, falls, values) {
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

// A fallThrough is a branch from inside case from into case to.
type fallThrough struct {
	term     pendingTerm
	from, to *ir.Block
}

// fallThroughs finds the branches into a case target (or the default)
// from elsewhere than the switch header. SPIR-V lets only a case branch
// into the case after it; the one it comes from is the branching block
// itself when it is a case target, else the target before in the
// OpSwitch. A default that falls into a case, or a target with OpPhi,
// is not supported.
func (d *deserializer) fallThroughs(pt pendingTerm, li int, dflt *ir.Block, targets []*ir.Block, values map[*ir.Block][]int64) ([]fallThrough, error) {
	fs := d.fn
	isCase := func(b *ir.Block) bool { _, ok := values[b]; return ok || b == dflt && b != fs.constructs[li].merge }
	var falls []fallThrough
	for _, other := range fs.terms {
		if other.block == pt.block || other.in.Opcode == spv.OpSwitch || other.in.Opcode == spv.OpReturnValue {
			continue
		}
		for _, o := range other.in.Operands {
			to, ok := fs.blocks[o.Value()]
			if !ok || o.Kind != spv.KindIdRef || !isCase(to) {
				continue
			}
			from := other.block
			if _, ok := values[from]; !ok {
				from = nil
				if i := slices.Index(targets, to); i > 0 {
					from = targets[i-1]
				}
			}
			d.cur = other.in
			if from == nil || from == dflt || len(fs.phis[to]) > 0 || slices.ContainsFunc(falls, func(f fallThrough) bool { return f.to == to && f.from != from }) {
				return nil, d.errorf("block %%%d falls through to case %%%d of the switch in %%%d: not supported", d.blockIDs[other.block], o.Value(), d.blockIDs[pt.block])
			}
			falls = append(falls, fallThrough{other, from, to})
		}
	}
	return falls, nil
}

// fallOrder orders the case targets so that a case that falls through
// comes right before the one it falls into, and one that falls into the
// default comes last (the chain's last block goes on to the default).
func fallOrder(targets []*ir.Block, falls []fallThrough, dflt *ir.Block) []*ir.Block {
	if len(falls) == 0 {
		return targets
	}
	next := map[*ir.Block]*ir.Block{}
	entered := map[*ir.Block]bool{}
	for _, f := range falls {
		next[f.from], entered[f.to] = f.to, true
	}
	var out, last []*ir.Block
	for _, t := range targets {
		if entered[t] {
			continue
		}
		var run []*ir.Block
		for b := t; b != nil && b != dflt; b = next[b] {
			run = append(run, b)
		}
		if next[run[len(run)-1]] == dflt {
			last = run
			continue
		}
		out = append(out, run...)
	}
	return append(out, last...)
}

// caseValues are the selector values that lead into target t: its own and
// those of the cases that fall through into it.
func caseValues(t *ir.Block, falls []fallThrough, values map[*ir.Block][]int64) []int64 {
	vs := values[t]
	for {
		i := slices.IndexFunc(falls, func(f fallThrough) bool { return f.to == t })
		if i < 0 {
			return vs
		}
		t = falls[i].from
		vs = append(slices.Clip(vs), values[t]...)
	}
}
