package ir

// domTree is the dominator tree of a region's blocks, computed with the
// Cooper-Harvey-Kennedy iterative algorithm over reverse post-order.
type domTree struct {
	idom  map[*Block]*Block
	order map[*Block]int // reverse post-order number; absent: unreachable
}

func newDomTree(r *Region) *domTree {
	t := &domTree{idom: map[*Block]*Block{}, order: map[*Block]int{}}
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
	preds := map[*Block][]*Block{}
	for _, b := range rpo {
		if b.last != nil {
			for _, s := range b.last.succs() {
				preds[s] = append(preds[s], b)
			}
		}
	}
	t.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *Block
			for _, p := range preds[b] {
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

// ImmediateDominators maps each block of r reachable from its entry to its
// immediate dominator, the entry to itself.
func ImmediateDominators(r *Region) map[*Block]*Block { return newDomTree(r).idom }

func (t *domTree) intersect(a, b *Block) *Block {
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

// reachable reports whether b is reachable from the region's entry.
func (t *domTree) reachable(b *Block) bool {
	_, ok := t.order[b]
	return ok
}

// dominates reports whether a dominates b; unreachable blocks are dominated
// by everything, as MLIR's verifier does not check them.
func (t *domTree) dominates(a, b *Block) bool {
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
