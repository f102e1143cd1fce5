package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// Values and edges that a construct's region cannot carry across its
// boundary go through Function variables.

// An exitEdge is a branch from inside a construct to a block of the
// enclosing construct other than the merge: a break or continue of the
// enclosing loop taken inside a selection, or a branch to the enclosing
// construct's merge.
type exitEdge struct {
	term *ir.Operation
	succ int
}

// exit reroutes the exit edges of construct c through its merge: each
// stores which exit it takes in a Function variable, and after the
// construct op, a chain of conditional branches on that variable goes on
// to the real target (break and continue branches need no merge
// instruction in SPIR-V's structured control flow rules).
//
// An exit edge of a conditional branch gets a block of its own for its
// stores, which must not happen when the branch goes the other way. It
// returns these blocks, which belong to the construct.
func (d *deserializer) exit(fnOp *ir.Operation, c construct, op *ir.Operation, edges []exitEdge) (*ir.Value, []*ir.Block, error) {
	if len(edges) == 0 {
		return nil, nil, nil
	}
	i32 := d.ctx.I(32)
	flag := d.newFunctionVar(fnOp.Region(0).Entry(), i32)
	home := op.Block()
	var targets []*ir.Block
	index := map[*ir.Block]int{}
	args := map[*ir.Block][]*ir.Value{} // variables for what exits pass to their target
	var splits []*ir.Block
	for _, e := range edges {
		target := e.term.Successor(e.succ)
		k, ok := index[target]
		if !ok {
			targets = append(targets, target)
			k = len(targets)
			index[target] = k
			for _, a := range target.Args() {
				args[target] = append(args[target], d.newFunctionVar(fnOp.Region(0).Entry(), a.Type()))
			}
		}
		start, n := e.term.SuccessorOperands(e.succ)
		if n != target.NumArgs() {
			return nil, nil, d.errorf("a branch out of the construct headed by %s passes %d values to a block of %d arguments", d.blockName(c.header), n, target.NumArgs())
		}
		at := e.term // what the stores go before
		if e.term.NumSuccessors() > 1 {
			split := ir.NewBlock(nil, nil)
			e.term.Block().Parent().InsertAfter(split, e.term.Block())
			at = d.newBranch(c.merge, nil)
			split.Append(at)
			splits = append(splits, split)
		}
		for i := range n {
			d.insertStore(at, args[target][i], e.term.Operand(start+i))
		}
		d.dropSuccessorOperands(e.term, e.succ)
		d.insertStore(at, flag, d.newConst(at.Block(), at, int64(k)))
		if at == e.term {
			e.term.SetSuccessor(e.succ, c.merge)
		} else {
			e.term.SetSuccessor(e.succ, at.Block())
		}
	}
	// home ends with a branch to the merge block; replace it by the chain.
	home.Last().Erase()
	cur := home
	load := d.newLoad(flag, i32)
	home.Append(load)
	for i, target := range targets {
		next := c.merge
		if i+1 < len(targets) {
			next = ir.NewBlock(nil, nil)
			home.Parent().InsertBefore(next, c.merge)
		}
		cmp := d.ctx.NewOp(&ir.OpState{Name: "spirv.IEqual", Loc: d.loc(), Operands: []*ir.Value{load.Result(0), d.newConst(cur, nil, int64(i+1))}, ResultTypes: []ir.Type{d.ctx.I(1)}})
		cur.Append(cmp)
		var vals []*ir.Value
		for _, v := range args[target] {
			ld := d.newLoad(v, v.Type().(*spirv.PointerType).Pointee)
			cur.Append(ld)
			vals = append(vals, ld.Result(0))
		}
		cur.Append(d.newCondBranch(cmp.Result(0), target, vals, next, nil))
		cur = next
	}
	return flag, splits, nil
}

// demote replaces, through Function variables, the merge block's arguments
// and every value of the construct used after it, so that no value crosses
// the region boundary.
func (d *deserializer) demote(fnOp *ir.Operation, c construct, in map[*ir.Block]bool) error {
	entry := fnOp.Region(0).Entry()
	if n := c.merge.NumArgs(); n > 0 {
		vars := make([]*ir.Value, n)
		for i, a := range c.merge.Args() {
			vars[i] = d.newFunctionVar(entry, a.Type())
		}
		// Each predecessor stores what it passed, then branches without arguments.
		for _, p := range c.merge.Predecessors() {
			t := p.Last()
			for si, s := range t.Successors() {
				if s != c.merge {
					continue
				}
				start, cnt := t.SuccessorOperands(si)
				if cnt != n {
					return d.errorf("branch to merge block %s passes %d values, want %d", d.blockName(c.merge), cnt, n)
				}
				for i := 0; i < cnt; i++ {
					d.insertStore(t, vars[i], t.Operand(start+i))
				}
				d.dropSuccessorOperands(t, si)
			}
		}
		for c.merge.NumArgs() > 0 {
			a := c.merge.Arg(0)
			ld := d.newLoad(vars[len(vars)-c.merge.NumArgs()], a.Type())
			c.merge.InsertBefore(ld, c.merge.First())
			a.ReplaceAllUsesWith(ld.Result(0))
			c.merge.EraseArgument(0)
		}
	}
	// Values defined inside and used outside.
	escapes := func(v *ir.Value) bool {
		for u := range v.Uses() {
			if b := ownerBlockIn(u.Owner(), c.header.Parent()); b == nil || !in[b] {
				return true
			}
		}
		return false
	}
	for b := range c.header.Parent().Blocks() {
		if !in[b] {
			continue
		}
		vals := append(d.scratchVals[:0], b.Args()...)
		for op := range b.Ops() {
			vals = append(vals, op.Results()...)
		}
		d.scratchVals = vals
		for _, v := range vals {
			if !escapes(v) {
				continue
			}
			if !c.loop && b == c.header {
				continue // a selection header's values stay outside the region
			}
			slot := d.newFunctionVar(entry, v.Type())
			var at *ir.Operation
			if v.IsBlockArgument() {
				at = b.First()
			} else {
				at = v.DefiningOp().NextOp()
			}
			st := d.newStore(slot, v)
			if at == nil {
				b.Append(st)
			} else {
				b.InsertBefore(st, at)
			}
			var outside []*ir.OpOperand
			for u := range v.Uses() {
				if ob := ownerBlockIn(u.Owner(), c.header.Parent()); ob == nil || !in[ob] {
					outside = append(outside, u)
				}
			}
			for _, u := range outside {
				user := u.Owner()
				ld := d.newLoad(slot, v.Type())
				user.Block().InsertBefore(ld, user)
				u.Set(ld.Result(0))
			}
		}
	}
	return nil
}

// ownerBlockIn returns the block of region r that holds op, directly or
// through nested regions; nil if op is outside r.
func ownerBlockIn(op *ir.Operation, r *ir.Region) *ir.Block {
	for op != nil {
		b := op.Block()
		if b == nil {
			return nil
		}
		if b.Parent() == r {
			return b
		}
		op = b.ParentOp()
	}
	return nil
}
