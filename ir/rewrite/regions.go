package rewrite

import "github.com/kiln-gpu/kiln/ir"

// simplifyRegions erases the blocks that cannot be reached from their
// region's entry, in every region under the root (MLIR's
// eraseUnreachableBlocks), then what no live op needs (regionDCE), then
// with MergeBlocks merges identical blocks, and reports whether it changed
// anything: MLIR's simplifyRegions, what patterns cannot do because blocks
// are not ops.
func (d *greedyDriver) simplifyRegions() bool {
	var regions []*ir.Region
	d.root.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			if r.Entry() != nil && r.Entry() != r.Last() {
				regions = append(regions, r)
			}
		}
		return true
	})
	changed := false
	for _, r := range regions {
		if d.root.IsAncestorOf(r.ParentOp()) && d.eraseUnreachable(r) {
			changed = true
		}
	}
	// With one block per region, the worklist has already removed what
	// regionDCE would (block arguments need a second block).
	if len(regions) > 0 && d.regionDCE() {
		changed = true
	}
	if d.cfg.MergeBlocks && d.mergeBlocks(regions) {
		changed = true
	}
	return changed
}

// reachable returns the blocks reachable from r's entry through terminator
// successors.
func reachable(r *ir.Region) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{r.Entry(): true}
	stack := []*ir.Block{r.Entry()}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t := b.Last(); t != nil {
			for _, s := range t.Successors() {
				if s != nil && !seen[s] && s.Parent() == r {
					seen[s] = true
					stack = append(stack, s)
				}
			}
		}
	}
	return seen
}

func (d *greedyDriver) eraseUnreachable(r *ir.Region) bool {
	live := reachable(r)
	var dead []*ir.Block
	for b := range r.Blocks() {
		if !live[b] {
			dead = append(dead, b)
		}
	}
	if len(dead) == 0 || !usedOnlyWithin(dead) {
		return false
	}
	// Notify first (operands are still there, so their defining ops get
	// revisited), then drop every reference so the blocks can go in any order.
	for _, b := range dead {
		for o := range b.Ops() {
			o.Walk(func(n *ir.Operation) bool {
				d.OpErased(n)
				return true
			})
		}
	}
	for _, b := range dead {
		for o := range b.Ops() {
			o.DropAllReferences()
		}
	}
	for _, b := range dead {
		b.Erase()
	}
	return true
}

// usedOnlyWithin reports whether the values defined in the blocks are used
// only in them. Invalid IR may use them elsewhere; then the blocks stay.
func usedOnlyWithin(blocks []*ir.Block) bool {
	in := map[*ir.Block]bool{}
	for _, b := range blocks {
		in[b] = true
	}
	inside := func(u *ir.Operation) bool {
		for o := u; o != nil; o = o.ParentOp() {
			if in[o.Block()] {
				return true
			}
		}
		return false
	}
	check := func(v *ir.Value) bool {
		for u := range v.Users() {
			if !inside(u) {
				return false
			}
		}
		return true
	}
	for _, b := range blocks {
		for _, a := range b.Args() {
			if !check(a) {
				return false
			}
		}
		for o := range b.Ops() {
			ok := o.Walk(func(n *ir.Operation) bool {
				for _, v := range n.Results() {
					if !check(v) {
						return false
					}
				}
				return true
			})
			if !ok {
				return false
			}
		}
	}
	return true
}
