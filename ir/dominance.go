package ir

// DomTree is the dominator tree of a region's blocks, computed with the
// Cooper-Harvey-Kennedy iterative algorithm over reverse post-order, for
// the verifier and for passes (MLIR's DominanceInfo of one region).
type DomTree struct {
	idom  map[*Block]*Block
	order map[*Block]int // reverse post-order number; absent: unreachable
	rpo   []*Block
	preds map[*Block][]*Block
}

// NewDomTree computes the dominator tree of r.
func NewDomTree(r *Region) *DomTree {
	t := &DomTree{idom: map[*Block]*Block{}, order: map[*Block]int{}, preds: map[*Block][]*Block{}}
	entry := r.first
	if entry == nil {
		return t
	}
	// Iterative post-order DFS over successors.
	var post []*Block
	visited := map[*Block]bool{entry: true}
	type frame struct {
		b *Block
		i int
	}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		var succs []*Block
		if f.b.last != nil {
			succs = f.b.last.succs()
		}
		if f.i < len(succs) {
			s := succs[f.i]
			f.i++
			if !visited[s] && s.parent == r {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	rpo := make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
		t.order[b] = len(post) - 1 - i
	}
	t.rpo = rpo
	for _, b := range rpo {
		if b.last != nil {
			for _, s := range b.last.succs() {
				t.preds[s] = append(t.preds[s], b)
			}
		}
	}
	t.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *Block
			for _, p := range t.preds[b] {
				if _, ok := t.idom[p]; !ok {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = t.intersect(p, nd)
				}
			}
			if nd != nil && t.idom[b] != nd {
				t.idom[b] = nd
				changed = true
			}
		}
	}
	return t
}

func (t *DomTree) intersect(a, b *Block) *Block {
	for a != b {
		for t.order[a] > t.order[b] {
			a = t.idom[a]
		}
		for t.order[b] > t.order[a] {
			b = t.idom[b]
		}
	}
	return a
}

// RPO returns the blocks reachable from the region's entry in reverse
// post-order, the entry first.
func (t *DomTree) RPO() []*Block { return t.rpo }

// Preds returns the predecessors of b reachable from the entry, in
// reverse post-order.
func (t *DomTree) Preds(b *Block) []*Block { return t.preds[b] }

// IDom returns the immediate dominator of a reachable b (the entry's is
// itself), nil for an unreachable one.
func (t *DomTree) IDom(b *Block) *Block { return t.idom[b] }

// Reachable reports whether b is reachable from the region's entry.
func (t *DomTree) Reachable(b *Block) bool {
	_, ok := t.order[b]
	return ok
}

// Dominates reports whether a dominates b; unreachable blocks are dominated
// by everything, as MLIR's verifier does not check them.
func (t *DomTree) Dominates(a, b *Block) bool {
	if _, reachable := t.order[b]; !reachable {
		return true
	}
	for {
		if a == b {
			return true
		}
		p, ok := t.idom[b]
		if !ok || p == b {
			return false
		}
		b = p
	}
}
