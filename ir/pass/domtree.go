package pass

import "github.com/kiln-gpu/kiln/ir"

// domChildren returns, for each block of r reachable from its entry, the
// blocks it immediately dominates, computed with the Cooper-Harvey-Kennedy
// iterative algorithm over reverse post-order.
func domChildren(r *ir.Region) map[*ir.Block][]*ir.Block {
	entry := r.Entry()
	order := map[*ir.Block]int{}
	var post []*ir.Block
	type frame struct {
		b *ir.Block
		i int
	}
	visited := map[*ir.Block]bool{entry: true}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		var succs []*ir.Block
		if t := f.b.Last(); t != nil {
			succs = t.Successors()
		}
		if f.i < len(succs) {
			s := succs[f.i]
			f.i++
			if s != nil && !visited[s] && s.Parent() == r {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	rpo := make([]*ir.Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
		order[b] = len(post) - 1 - i
	}
	preds := map[*ir.Block][]*ir.Block{}
	for _, b := range rpo {
		if t := b.Last(); t != nil {
			for _, s := range t.Successors() {
				preds[s] = append(preds[s], b)
			}
		}
	}
	idom := map[*ir.Block]*ir.Block{entry: entry}
	intersect := func(a, b *ir.Block) *ir.Block {
		for a != b {
			for order[a] > order[b] {
				a = idom[a]
			}
			for order[b] > order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *ir.Block
			for _, p := range preds[b] {
				if _, ok := idom[p]; !ok {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != nil && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	children := map[*ir.Block][]*ir.Block{}
	for _, b := range rpo[1:] {
		children[idom[b]] = append(children[idom[b]], b)
	}
	return children
}
