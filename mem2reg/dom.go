package mem2reg

import "github.com/kiln-gpu/kiln/ir"

// cfg is the control flow of one region: ir's dominator tree (reverse
// post-order, predecessors, immediate dominators) with each block's
// dominator tree children and dominance frontier.
type cfg struct {
	*ir.DomTree
	children map[*ir.Block][]*ir.Block
	frontier map[*ir.Block][]*ir.Block
}

func newCFG(r *ir.Region) *cfg {
	g := &cfg{DomTree: ir.NewDomTree(r), children: map[*ir.Block][]*ir.Block{}, frontier: map[*ir.Block][]*ir.Block{}}
	rpo := g.RPO()
	for _, b := range rpo[1:] {
		g.children[g.IDom(b)] = append(g.children[g.IDom(b)], b)
	}
	for _, b := range rpo {
		preds := g.Preds(b)
		if len(preds) < 2 {
			continue
		}
		for _, p := range preds {
			for r := p; r != g.IDom(b); r = g.IDom(r) {
				if fr := g.frontier[r]; len(fr) == 0 || fr[len(fr)-1] != b {
					g.frontier[r] = append(fr, b)
				}
			}
		}
	}
	return g
}

// iteratedFrontier is the iterated dominance frontier of defs, limited to
// the blocks in live, in reverse post-order.
func (g *cfg) iteratedFrontier(defs, live map[*ir.Block]bool) []*ir.Block {
	in := map[*ir.Block]bool{}
	work := make([]*ir.Block, 0, len(defs))
	for _, b := range g.RPO() {
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
	for _, b := range g.RPO() {
		if in[b] {
			out = append(out, b)
		}
	}
	return out
}
