package pass

import "github.com/kiln-gpu/kiln/ir"

// domChildren returns, for each block of r reachable from its entry, the
// blocks it immediately dominates, in reverse post-order.
func domChildren(r *ir.Region) map[*ir.Block][]*ir.Block {
	t := ir.NewDomTree(r)
	children := map[*ir.Block][]*ir.Block{}
	for _, b := range t.RPO()[1:] {
		p := t.IDom(b)
		children[p] = append(children[p], b)
	}
	return children
}
