package rewrite

import (
	"cmp"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Block merging, the aggressive level of region simplification (MLIR's
// mergeIdenticalBlocks and dropRedundantArguments in RegionUtils.cpp):
// blocks of a region that branch to the same successors and hold the same
// ops, differing only in values defined outside them, become one block that
// takes those values as new arguments.

// mergeBlocks merges identical blocks, then drops the block arguments that
// receive one value from every predecessor, in each region under the root.
func (d *greedyDriver) mergeBlocks(regions []*ir.Region) bool {
	changed := false
	for _, r := range regions {
		if !d.root.IsAncestorOf(r.ParentOp()) {
			continue
		}
		for d.mergeIdenticalBlocks(r) {
			changed = true
		}
	}
	for _, r := range regions {
		if !d.root.IsAncestorOf(r.ParentOp()) {
			continue
		}
		for b := range r.Blocks() {
			if d.dropRedundantArguments(b) {
				changed = true
			}
		}
	}
	return changed
}

// blockData numbers the values a block defines, so that two blocks can be
// compared position by position.
type blockData struct {
	block *ir.Block
	order map[*ir.Operation]int // position of an op's first result
}

func newBlockData(b *ir.Block) *blockData {
	d := &blockData{block: b, order: map[*ir.Operation]int{}}
	n := b.NumArgs()
	for op := range b.Ops() {
		if op.NumResults() > 0 {
			d.order[op] = n
			n += op.NumResults()
		}
	}
	return d
}

// orderOf is the position of a value defined in the block.
func (d *blockData) orderOf(v *ir.Value) int {
	if v.IsBlockArgument() {
		return v.Index()
	}
	return d.order[v.DefiningOp()] + v.Index()
}

// operandRef names operand idx of the op at position op of a block.
type operandRef struct{ op, idx int }

// mergeCluster is a leader block and the blocks found identical to it.
type mergeCluster struct {
	leader   *blockData
	blocks   []*ir.Block
	operands []operandRef // operands that differ and become arguments
}

// add puts the block in the cluster when it is identical to the leader.
func (c *mergeCluster) add(data *blockData) bool {
	lb, mb := c.leader.block, data.block
	if !slices.Equal(lb.ArgTypes(), mb.ArgTypes()) {
		return false
	}
	lops, mops := lb.OpList(), mb.OpList()
	if len(lops) != len(mops) {
		return false
	}
	var mismatched []operandRef
	for i, l := range lops {
		m := mops[i]
		if !ir.EquivalentOps(l, m, true) {
			return false
		}
		for j := range l.NumOperands() {
			lv, mv := l.Operand(j), m.Operand(j)
			if lv == mv {
				continue
			}
			if lv.Type() != mv.Type() {
				return false
			}
			lIn, mIn := lv.OwnerBlock() == lb, mv.OwnerBlock() == mb
			if lIn != mIn {
				return false
			}
			if !lIn {
				// A value the merged block takes as an argument must be
				// available to the branches into it.
				if !validSuccessorArg(lb, lv) || !validSuccessorArg(mb, mv) {
					return false
				}
				mismatched = append(mismatched, operandRef{i, j})
				continue
			}
			if c.leader.orderOf(lv) != data.orderOf(mv) {
				return false
			}
		}
		// A result used elsewhere would come from one block or the other
		// depending on the path taken.
		if usedOutside(l, lb) || usedOutside(m, mb) {
			return false
		}
	}
	for _, o := range mismatched {
		if !slices.Contains(c.operands, o) {
			c.operands = append(c.operands, o)
		}
	}
	c.blocks = append(c.blocks, mb)
	return true
}

// validSuccessorArg reports whether v can be passed to block by its
// predecessors: a result of a predecessor's terminator cannot.
func validSuccessorArg(block *ir.Block, v *ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def != v.OwnerBlock().Last() {
		return true
	}
	return !slices.Contains(block.Predecessors(), v.OwnerBlock())
}

// usedOutside reports whether a result of op is used outside block b.
func usedOutside(op *ir.Operation, b *ir.Block) bool {
	for _, r := range op.Results() {
		for u := range r.Users() {
			if u.Block() != b {
				return true
			}
		}
	}
	return false
}

// edges calls fn for each branch into b: the terminator and successor index.
func edges(b *ir.Block, fn func(t *ir.Operation, i int)) {
	for p := range b.Parent().Blocks() {
		if t := p.Last(); t != nil {
			for i, s := range t.Successors() {
				if s == b {
					fn(t, i)
				}
			}
		}
	}
}

// branchesUpdatable reports whether every branch into b can take more operands.
func branchesUpdatable(b *ir.Block) bool {
	ok := true
	edges(b, func(t *ir.Operation, _ int) { ok = ok && t.CanSetSuccessorOperands() })
	return ok
}

// merge folds the cluster's blocks into the leader.
func (c *mergeCluster) merge(d *greedyDriver) bool {
	if len(c.blocks) == 0 {
		return false
	}
	leader := c.leader.block
	if len(c.operands) > 0 {
		if !branchesUpdatable(leader) || slices.ContainsFunc(c.blocks, func(b *ir.Block) bool { return !branchesUpdatable(b) }) {
			return false
		}
		slices.SortFunc(c.operands, func(x, y operandRef) int {
			return cmp.Or(cmp.Compare(x.op, y.op), cmp.Compare(x.idx, y.idx))
		})
		all := append([]*ir.Block{leader}, c.blocks...)
		lists := make([][]*ir.Operation, len(all))
		for i, b := range all {
			lists[i] = b.OpList()
		}
		args := make([][]*ir.Value, len(all))
		numOld := leader.NumArgs()
		for _, o := range c.operands {
			for i := range all {
				op := lists[i][o.op]
				v := op.Operand(o.idx)
				args[i] = append(args[i], v)
				if i == 0 {
					op.SetOperand(o.idx, leader.AddArgument(v.Type(), v.Loc()))
					d.OpModified(op)
				}
			}
		}
		args = pruneRedundantArguments(args, numOld, leader)
		for i, b := range all {
			edges(b, func(t *ir.Operation, si int) {
				start, n := t.SuccessorOperands(si)
				t.SetSuccessorOperands(si, slices.Concat(t.Operands()[start:start+n], args[i]))
				d.OpModified(t)
			})
		}
	}
	for _, b := range c.blocks {
		edges(b, func(t *ir.Operation, si int) {
			t.SetSuccessor(si, leader)
			d.OpModified(t)
		})
		for o := range b.Ops() {
			o.Walk(func(n *ir.Operation) bool {
				d.OpErased(n)
				return true
			})
		}
		b.Erase()
	}
	return true
}

// pruneRedundantArguments drops the new arguments of block (those from
// numOld on) that every branch passes the same value as an earlier new
// argument, and returns the values the branches still pass.
func pruneRedundantArguments(args [][]*ir.Value, numOld int, block *ir.Block) [][]*ir.Value {
	if len(args) == 0 || len(args[0]) == 0 {
		return args
	}
	first := map[*ir.Value]int{}
	for j, v := range args[0] {
		if _, ok := first[v]; !ok {
			first[v] = j
		}
	}
	replace := map[int]int{}
	for j, v := range args[0] {
		k := first[v]
		if k == j {
			continue
		}
		same := true
		for _, list := range args[1:] {
			same = same && list[k] == list[j]
		}
		if same {
			replace[j] = k
		}
	}
	if len(replace) == 0 {
		return args
	}
	pruned := make([][]*ir.Value, len(args))
	for i, list := range args {
		for j, v := range list {
			if _, ok := replace[j]; !ok {
				pruned[i] = append(pruned[i], v)
			}
		}
	}
	for j := len(args[0]) - 1; j >= 0; j-- {
		if k, ok := replace[j]; ok {
			block.Arg(numOld + j).ReplaceAllUsesWith(block.Arg(numOld + k))
			block.EraseArgument(numOld + j)
		}
	}
	return pruned
}

// mergeIdenticalBlocks merges the identical blocks of r (other than its
// entry) and reports whether it merged any.
func (d *greedyDriver) mergeIdenticalBlocks(r *ir.Region) bool {
	if r.Entry() == nil || r.Entry() == r.Last() {
		return false
	}
	// Group the blocks by their successors, in block order.
	var groups [][]*ir.Block
	for b := range r.Blocks() {
		if b == r.Entry() {
			continue
		}
		var succs []*ir.Block
		if t := b.Last(); t != nil {
			succs = t.Successors()
		}
		i := slices.IndexFunc(groups, func(g []*ir.Block) bool {
			t := g[0].Last()
			return t != nil && slices.Equal(t.Successors(), succs) || t == nil && len(succs) == 0
		})
		if i < 0 {
			groups = append(groups, []*ir.Block{b})
		} else {
			groups[i] = append(groups[i], b)
		}
	}
	merged := false
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		var clusters []*mergeCluster
		for _, b := range g {
			if hasNonEmptyRegion(b) || argsUsedOutside(b) {
				continue
			}
			data := newBlockData(b)
			if !slices.ContainsFunc(clusters, func(c *mergeCluster) bool { return c.add(data) }) {
				clusters = append(clusters, &mergeCluster{leader: data})
			}
		}
		for _, c := range clusters {
			if c.merge(d) {
				merged = true
			}
		}
	}
	return merged
}

func hasNonEmptyRegion(b *ir.Block) bool {
	for op := range b.Ops() {
		for _, r := range op.Regions() {
			if !r.Empty() {
				return true
			}
		}
	}
	return false
}

func argsUsedOutside(b *ir.Block) bool {
	for _, a := range b.Args() {
		for u := range a.Users() {
			if u.Block() != b {
				return true
			}
		}
	}
	return false
}

// dropRedundantArguments replaces each argument of b that every branch into
// it passes the same value by that value, and removes it.
func (d *greedyDriver) dropRedundantArguments(b *ir.Block) bool {
	if b.IsEntry() || b.NumArgs() == 0 {
		return false
	}
	type edge struct {
		t *ir.Operation
		i int
	}
	var in []edge
	ok := true
	edges(b, func(t *ir.Operation, i int) {
		in = append(in, edge{t, i})
		ok = ok && t.CanSetSuccessorOperands()
	})
	if !ok || len(in) == 0 {
		return false
	}
	for _, e := range in {
		if _, n := e.t.SuccessorOperands(e.i); n != b.NumArgs() {
			return false // invalid IR: leave it to the verifier
		}
	}
	var drop []int
	for j := range b.NumArgs() {
		var common *ir.Value
		same := true
		for _, e := range in {
			start, _ := e.t.SuccessorOperands(e.i)
			v := e.t.Operand(start + j)
			if common == nil {
				common = v
			} else if v != common {
				same = false
				break
			}
		}
		if same && common != nil && common != b.Arg(j) {
			b.Arg(j).ReplaceAllUsesWith(common)
			drop = append(drop, j)
		}
	}
	for _, j := range slices.Backward(drop) {
		b.EraseArgument(j)
		for _, e := range in {
			start, n := e.t.SuccessorOperands(e.i)
			vals := slices.Delete(slices.Clone(e.t.Operands()[start:start+n]), j, j+1)
			e.t.SetSuccessorOperands(e.i, vals)
			d.OpModified(e.t)
		}
	}
	return len(drop) > 0
}
