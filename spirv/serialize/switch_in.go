package serialize

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// switchTerm builds the terminator of a block ending in OpSwitch, the
// header of a selection. Without fall-through between its targets it is a
// spirv.Switch, as in MLIR, passing each target the values its OpPhi take
// from the header. A switch whose cases fall through (which other
// producers write) is read as a loop that runs once (see switchAsLoop),
// as the selection region could not keep the order of the targets that
// fall-through requires.
func (d *deserializer) switchTerm(pt pendingTerm) error {
	fs := d.fn
	li := slices.IndexFunc(fs.constructs, func(c construct) bool { return c.header == pt.block && !c.loop })
	if li < 0 {
		return d.errorf("OpSwitch without an OpSelectionMerge")
	}
	ops := pt.in.Operands
	dflt, ok := fs.blocks[ops[1].Value()]
	if !ok {
		return d.errorf("%%%d is not a block of this function", ops[1].Value())
	}
	targets := []*ir.Block{dflt}
	for k := 2; k+1 < len(ops); k += 2 {
		t, ok := fs.blocks[ops[k+1].Value()]
		if !ok {
			return d.errorf("%%%d is not a block of this function", ops[k+1].Value())
		}
		if !slices.Contains(targets, t) {
			targets = append(targets, t)
		}
	}
	falls, err := d.fallThroughs(pt, fs.constructs[li].merge, targets)
	if err != nil {
		return err
	}
	if len(falls) > 0 {
		pt.block = d.switchAsLoop(&fs.constructs[li])
		return d.switchChain(pt)
	}
	sel, err := d.value(ops[0].Value())
	if err != nil {
		return err
	}
	if _, ok := sel.Type().(*ir.IntegerType); !ok {
		return d.errorf("selector is not an integer")
	}
	var lits []*big.Int
	var succs []*ir.Block
	var args [][]*ir.Value
	for k := 2; k+1 < len(ops); k += 2 {
		t := fs.blocks[ops[k+1].Value()]
		a, err := d.phiArgs(nil, pt.block, t)
		if err != nil {
			return err
		}
		lits = append(lits, big.NewInt(ops[k].Int64()))
		succs = append(succs, t)
		args = append(args, a)
	}
	dargs, err := d.phiArgs(nil, pt.block, dflt)
	if err != nil {
		return err
	}
	st := spirv.NewSwitch(d.ctx, pt.loc, sel, dflt, dargs, lits, succs, args)
	pt.block.Append(d.ctx.NewOp(st))
	return nil
}

// switchAsLoop makes the selection c, headed by a switch whose cases fall
// through, a loop that runs once: branches to its merge block become
// breaks, the continue target is a new unreachable block, and the header,
// which switchChain then fills, is a new block after the one with the
// OpSwitch (see splitHeader), which it returns.
func (d *deserializer) switchAsLoop(c *construct) *ir.Block {
	fs := d.fn
	fs.cur = c.header
	d.splitHeader(c)
	cont := ir.NewBlock(nil, nil)
	fs.op.Region(0).Append(cont)
	cont.Append(d.newBranch(c.header, nil))
	c.loop, c.cont, c.control = true, cont, 0
	return c.header
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
// as a loop by switchAsLoop: a chain of selections, one per target, each
// testing the selector against that target's values and falling to the
// next; the last target of the chain needs no test. Case bodies end with
// breaks (to the loop's merge block). A case that falls through into
// another target (the default included) comes right before it in the
// chain and branches to its test instead, which then also takes the
// values that led into that case (see fallThroughs); the default's values
// are those of no case.
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
	var caseVals []int64 // the values of the cases, which the default's test excludes
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
		caseVals = append(caseVals, ops[k].Int64())
	}
	targets = append(targets, dflt)
	falls, err := d.fallThroughs(pt, fs.constructs[li].merge, targets)
	if err != nil {
		return err
	}
	order := fallOrder(targets, falls, dflt)
	if len(order) != len(targets) {
		return d.errorf("the cases of the switch in %%%d fall through in a cycle", d.blockIDs[pt.block])
	}
	region := pt.block.Parent()
	// One block per target, holding its test.
	chain := make([]*ir.Block, len(order))
	index := map[*ir.Block]int{}
	for i, t := range order {
		chain[i] = ir.NewBlock(nil, nil)
		region.Append(chain[i])
		index[t] = i
	}
	pt.block.Append(d.newBranch(chain[0], nil))
	// A case falling through into t goes to t's test instead. When t has
	// OpPhi, its test block takes their values, from the switch header or
	// from the case.
	for _, f := range falls {
		if fs.redirects == nil {
			fs.redirects = map[*spv.Instruction]map[uint32]*ir.Block{}
		}
		if fs.redirects[f.term.in] == nil {
			fs.redirects[f.term.in] = map[uint32]*ir.Block{}
		}
		test := chain[index[f.to]]
		fs.redirects[f.term.in][d.blockIDs[f.to]] = test
		if test.NumArgs() == 0 {
			for _, a := range f.to.Args() {
				test.AddArgument(a.Type(), a.Loc())
			}
		}
	}
	// entryArgs are what the chain passes to block i of the chain or to
	// its target: the header's OpPhi values, or the block's arguments.
	entryArgs := func(i int) ([]*ir.Value, error) {
		if chain[i].NumArgs() > 0 {
			return chain[i].Args(), nil
		}
		return d.phiArgs(nil, pt.block, order[i])
	}
	var sels []construct
	last := len(order) - 1
	for i, t := range order[:last] {
		fs.cur = chain[i]
		vs, withDefault := caseValues(t, falls, values, dflt)
		cond := d.caseTest(chain[i], sel, it, vs, withDefault, caseVals)
		if cond == nil {
			return d.errorf("target %%%d of the switch in %%%d has no value", d.blockIDs[t], d.blockIDs[pt.block])
		}
		targs, err := entryArgs(i)
		if err != nil {
			return err
		}
		var fargs []*ir.Value
		if chain[i+1].NumArgs() > 0 {
			if fargs, err = d.phiArgs(nil, pt.block, order[i+1]); err != nil {
				return err
			}
		}
		chain[i].Append(d.newCondBranch(cond, t, targs, chain[i+1], fargs))
		sels = append(sels, construct{header: chain[i], merge: chain[i+1]})
	}
	fs.cur = chain[last]
	args, err := entryArgs(last)
	if err != nil {
		return err
	}
	fs.cur.Append(d.newBranch(order[last], args))
	fs.cur = pt.block
	fs.constructs = slices.Insert(fs.constructs, li+1, sels...)
	return nil
}

// caseTest appends to b the test that sel is one of vs or, withDefault,
// none of caseVals; nil when there is nothing to test.
func (d *deserializer) caseTest(b *ir.Block, sel *ir.Value, it *ir.IntegerType, vs []int64, withDefault bool, caseVals []int64) *ir.Value {
	i1 := d.ctx.I(1)
	combine := func(name string, acc, v *ir.Value) *ir.Value {
		if acc == nil {
			return v
		}
		op := d.ctx.NewOp(&ir.OpState{Name: name, Loc: d.loc(), Operands: []*ir.Value{acc, v}, ResultTypes: []ir.Type{i1}})
		b.Append(op)
		return op.Result(0)
	}
	compare := func(name string, v int64) *ir.Value {
		c := d.ctx.NewOp(&ir.OpState{Name: "spirv.Constant", Loc: d.loc(), ResultTypes: []ir.Type{it}})
		c.SetAttr("value", d.ctx.IntegerAttr(it, v))
		cmp := d.ctx.NewOp(&ir.OpState{Name: name, Loc: d.loc(), Operands: []*ir.Value{sel, c.Result(0)}, ResultTypes: []ir.Type{i1}})
		b.Append(c)
		b.Append(cmp)
		return cmp.Result(0)
	}
	var cond *ir.Value
	for _, v := range vs {
		cond = combine("spirv.LogicalOr", cond, compare("spirv.IEqual", v))
	}
	if withDefault {
		var none *ir.Value
		for _, v := range caseVals {
			none = combine("spirv.LogicalAnd", none, compare("spirv.INotEqual", v))
		}
		if none != nil {
			cond = combine("spirv.LogicalOr", cond, none)
		}
	}
	return cond
}

// A fallThrough is a branch from inside the case construct of target from
// into target to.
type fallThrough struct {
	term     pendingTerm
	from, to *ir.Block
}

// fallThroughs finds the branches from one target's case construct into
// another target (the default among them): the case construct of a
// target is what it reaches without going through the switch's header,
// its merge block or another target. SPIR-V lets a case fall through into
// one target at most, and a target be fallen into from one case at most.
func (d *deserializer) fallThroughs(pt pendingTerm, merge *ir.Block, targets []*ir.Block) ([]fallThrough, error) {
	fs := d.fn
	isTarget := map[*ir.Block]bool{}
	for _, t := range targets {
		isTarget[t] = true
	}
	delete(isTarget, merge)
	pending := map[*ir.Block]int{}
	for i, t := range fs.terms {
		pending[t.block] = i
	}
	var falls []fallThrough
	seen := map[*ir.Block]bool{}
	var work, succs []*ir.Block
	for _, from := range targets {
		if from == merge {
			continue
		}
		clear(seen)
		seen[from] = true
		work = append(work[:0], from)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			k, isPending := pending[b]
			succs = succs[:0]
			if isPending {
				for _, o := range labelOperands(fs.terms[k].in) {
					if s, ok := fs.blocks[o.Value()]; ok {
						succs = append(succs, s)
					}
				}
			} else if t := b.Last(); t != nil {
				succs = append(succs, t.Successors()...)
			}
			for _, s := range succs {
				switch {
				case s == merge || s == pt.block || seen[s]:
				case isTarget[s]:
					if !isPending || fs.terms[k].in.Opcode == spv.OpSwitch {
						d.cur = pt.in
						return nil, d.errorf("block %%%d enters case %%%d of the switch in %%%d other than by a branch", d.blockIDs[b], d.blockIDs[s], d.blockIDs[pt.block])
					}
					for _, f := range falls {
						if f.to == s && f.from != from || f.from == from && f.to != s {
							d.cur = fs.terms[k].in
							return nil, d.errorf("block %%%d falls through to case %%%d of the switch in %%%d, which another case falls into or this case falls out of already",
								d.blockIDs[b], d.blockIDs[s], d.blockIDs[pt.block])
						}
					}
					falls = append(falls, fallThrough{fs.terms[k], from, s})
				default:
					seen[s] = true
					work = append(work, s)
				}
			}
		}
	}
	return falls, nil
}

// labelOperands are the operands of a terminator that name blocks.
func labelOperands(in *spv.Instruction) []spv.Operand {
	ops := in.Operands
	switch in.Opcode {
	case spv.OpBranch:
		return ops[:1]
	case spv.OpBranchConditional:
		return ops[1:3]
	case spv.OpSwitch:
		var labels []spv.Operand
		for k := 1; k < len(ops); k += 2 {
			labels = append(labels, ops[k])
		}
		return labels
	}
	return nil
}

// fallOrder orders the targets so that a case that falls through comes
// right before the target it falls into; the run holding the default
// comes last.
func fallOrder(targets []*ir.Block, falls []fallThrough, dflt *ir.Block) []*ir.Block {
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
		for b := t; b != nil; b = next[b] {
			run = append(run, b)
		}
		if slices.Contains(run, dflt) {
			last = run
			continue
		}
		out = append(out, run...)
	}
	return append(out, last...)
}

// caseValues are the selector values that lead into target t: its own and
// those of the targets that fall through into it; withDefault when the
// default is among those.
func caseValues(t *ir.Block, falls []fallThrough, values map[*ir.Block][]int64, dflt *ir.Block) (vs []int64, withDefault bool) {
	for n := 0; t != nil && n <= len(falls); n++ {
		vs = append(vs, values[t]...)
		withDefault = withDefault || t == dflt
		i := slices.IndexFunc(falls, func(f fallThrough) bool { return f.to == t })
		if i < 0 {
			break
		}
		t = falls[i].from
	}
	return vs, withDefault
}
