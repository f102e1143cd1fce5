package rewrite

import "github.com/kiln-gpu/kiln/ir"

// Region dead-code elimination, part of the normal level of region
// simplification (MLIR's runRegionDCE in RegionUtils.cpp): ops and block
// arguments that nothing live uses go, including cycles through block
// arguments that per-op dead-code removal cannot see. A value passed to a
// block argument is used only if that argument is live.

type liveness struct {
	ops     map[*ir.Operation]bool
	values  map[*ir.Value]bool
	changed bool
}

func (l *liveness) markOp(op *ir.Operation) {
	if !l.ops[op] {
		l.ops[op], l.changed = true, true
	}
}

func (l *liveness) markValue(v *ir.Value) {
	if !l.values[v] {
		l.values[v], l.changed = true, true
	}
}

// branchArg returns the block argument that operand i of a terminator
// whose successor operands can change feeds, or nil.
func branchArg(t *ir.Operation, i int) *ir.Value {
	if !t.CanSetSuccessorOperands() {
		return nil
	}
	for s := range t.NumSuccessors() {
		if start, n := t.SuccessorOperands(s); i >= start && i < start+n && i-start < t.Successor(s).NumArgs() {
			return t.Successor(s).Arg(i - start)
		}
	}
	return nil
}

// value marks v live when a live op uses it other than by passing it to a
// dead block argument.
func (l *liveness) value(v *ir.Value) {
	for u := range v.Uses() {
		owner := u.Owner()
		if owner.HasTrait(ir.Terminator) {
			if arg := branchArg(owner, u.Index()); arg != nil && !l.values[arg] {
				continue
			}
		}
		if l.ops[owner] {
			l.markValue(v)
			return
		}
	}
}

func (l *liveness) op(op *ir.Operation) {
	for _, r := range op.Regions() {
		l.region(r)
	}
	if op.HasTrait(ir.Terminator) {
		l.markOp(op)
		// Arguments of successors the terminator cannot change stay.
		if !op.CanSetSuccessorOperands() {
			for _, s := range op.Successors() {
				for _, a := range s.Args() {
					l.markValue(a)
				}
			}
		}
		return
	}
	if l.ops[op] {
		return
	}
	if !ir.RemovableWhenUnused(op) {
		l.markOp(op)
		return
	}
	for _, v := range op.Results() {
		l.value(v)
		if l.values[v] {
			l.markOp(op)
		}
	}
}

func (l *liveness) region(r *ir.Region) {
	if r.Empty() {
		return
	}
	reached := postOrder(r)
	if len(reached) != len(r.BlockList()) {
		// Unreachable blocks the driver could not erase (their values
		// are used elsewhere) keep what they use.
		in := map[*ir.Block]bool{}
		for _, b := range reached {
			in[b] = true
		}
		for b := range r.Blocks() {
			if !in[b] {
				for op := range b.Ops() {
					op.Walk(func(n *ir.Operation) bool {
						l.markOp(n)
						return true
					})
				}
			}
		}
	}
	for _, b := range reached {
		ops := b.OpList()
		for i := len(ops) - 1; i >= 0; i-- {
			l.op(ops[i])
		}
		// Entry arguments belong to the region's op: they stay.
		if b.IsEntry() {
			continue
		}
		for _, a := range b.Args() {
			if !l.values[a] {
				l.value(a)
			}
		}
	}
}

// postOrder lists the blocks reachable from r's entry, successors first.
func postOrder(r *ir.Region) []*ir.Block {
	var out []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		if t := b.Last(); t != nil {
			for _, s := range t.Successors() {
				if s != nil && !seen[s] && s.Parent() == r {
					visit(s)
				}
			}
		}
		out = append(out, b)
	}
	visit(r.Entry())
	return out
}

// regionDCE erases what no live op needs in the root's regions and reports
// whether it erased anything.
func (d *greedyDriver) regionDCE() bool {
	l := &liveness{ops: map[*ir.Operation]bool{}, values: map[*ir.Value]bool{}}
	for l.changed = true; l.changed; {
		l.changed = false
		for _, r := range d.root.Regions() {
			l.region(r)
		}
	}
	var dead []*ir.Operation
	type deadArg struct {
		b *ir.Block
		i int
	}
	var deadArgs []deadArg // highest index first within a block
	erased := false
	var sweep func(r *ir.Region)
	sweep = func(r *ir.Region) {
		if r.Empty() {
			return
		}
		for _, b := range postOrder(r) {
			if t := b.Last(); t != nil && !r.HasOneBlock() && t.CanSetSuccessorOperands() {
				for s := range t.NumSuccessors() {
					start, n := t.SuccessorOperands(s)
					succ := t.Successor(s)
					var keep []*ir.Value
					for i := range n {
						if i >= succ.NumArgs() || l.values[succ.Arg(i)] {
							keep = append(keep, t.Operand(start+i))
						}
					}
					if len(keep) != n {
						t.SetSuccessorOperands(s, keep)
						d.OpModified(t)
						erased = true
					}
				}
			}
			for _, op := range b.OpList() {
				if l.ops[op] {
					for _, nr := range op.Regions() {
						sweep(nr)
					}
				} else {
					dead = append(dead, op)
				}
			}
		}
		for _, b := range postOrder(r) {
			if b.IsEntry() {
				continue
			}
			for i := b.NumArgs() - 1; i >= 0; i-- {
				if !l.values[b.Arg(i)] {
					deadArgs = append(deadArgs, deadArg{b, i})
				}
			}
		}
	}
	for _, r := range d.root.Regions() {
		sweep(r)
	}
	// Dead ops are used only by dead ops: drop every reference first so
	// they can go in any order.
	for _, op := range dead {
		op.Walk(func(n *ir.Operation) bool {
			d.OpErased(n)
			return true
		})
	}
	for _, op := range dead {
		op.DropAllReferences()
	}
	for _, op := range dead {
		op.Erase()
		erased = true
	}
	// Then the block arguments, whose users were among them.
	for _, a := range deadArgs {
		a.b.EraseArgument(a.i)
		erased = true
	}
	return erased
}
