package mem2reg

import "github.com/kiln-gpu/kiln/ir"

// cfg is the control flow of one region: its blocks reachable from the
// entry in reverse post-order, predecessors, immediate dominators (the
// Cooper-Harvey-Kennedy iteration) and dominance frontiers.
type cfg struct {
	rpo      []*ir.Block
	order    map[*ir.Block]int
	preds    map[*ir.Block][]*ir.Block
	idom     map[*ir.Block]*ir.Block
	children map[*ir.Block][]*ir.Block
	frontier map[*ir.Block][]*ir.Block
}

func successors(b *ir.Block) []*ir.Block {
	if t := b.Last(); t != nil {
		return t.Successors()
	}
	return nil
}

func newCFG(r *ir.Region) *cfg {
	g := &cfg{order: map[*ir.Block]int{}, preds: map[*ir.Block][]*ir.Block{},
		idom: map[*ir.Block]*ir.Block{}, children: map[*ir.Block][]*ir.Block{}, frontier: map[*ir.Block][]*ir.Block{}}
	entry := r.Entry()
	type frame struct {
		b *ir.Block
		i int
	}
	var post []*ir.Block
	seen := map[*ir.Block]bool{entry: true}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if succs := successors(f.b); f.i < len(succs) {
			s := succs[f.i]
			f.i++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, f.b)
		stack = stack[:len(stack)-1]
	}
	for i := len(post) - 1; i >= 0; i-- {
		g.order[post[i]] = len(g.rpo)
		g.rpo = append(g.rpo, post[i])
	}
	for _, b := range g.rpo {
		for _, s := range successors(b) {
			g.preds[s] = append(g.preds[s], b)
		}
	}
	g.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range g.rpo[1:] {
			var d *ir.Block
			for _, p := range g.preds[b] {
				if g.idom[p] == nil {
					continue
				}
				if d == nil {
					d = p
				} else {
					d = g.intersect(d, p)
				}
			}
			if g.idom[b] != d {
				g.idom[b], changed = d, true
			}
		}
	}
	for _, b := range g.rpo[1:] {
		g.children[g.idom[b]] = append(g.children[g.idom[b]], b)
	}
	for _, b := range g.rpo {
		if len(g.preds[b]) < 2 {
			continue
		}
		for _, p := range g.preds[b] {
			for r := p; r != g.idom[b]; r = g.idom[r] {
				if fr := g.frontier[r]; len(fr) == 0 || fr[len(fr)-1] != b {
					g.frontier[r] = append(fr, b)
				}
			}
		}
	}
	return g
}

func (g *cfg) intersect(a, b *ir.Block) *ir.Block {
	for a != b {
		for g.order[a] > g.order[b] {
			a = g.idom[a]
		}
		for g.order[b] > g.order[a] {
			b = g.idom[b]
		}
	}
	return a
}

func (g *cfg) reachable(b *ir.Block) bool {
	_, ok := g.order[b]
	return ok
}

// iteratedFrontier is the iterated dominance frontier of defs, limited to
// the blocks in live, in reverse post-order.
func (g *cfg) iteratedFrontier(defs, live map[*ir.Block]bool) []*ir.Block {
	in := map[*ir.Block]bool{}
	work := make([]*ir.Block, 0, len(defs))
	for _, b := range g.rpo {
		if defs[b] {
			work = append(work, b)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, f := range g.frontier[b] {
			if in[f] || !live[f] {
				continue
			}
			in[f] = true
			if !defs[f] {
				work = append(work, f)
			}
		}
	}
	var out []*ir.Block
	for _, b := range g.rpo {
		if in[b] {
			out = append(out, b)
		}
	}
	return out
}
