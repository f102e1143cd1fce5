package toscf

import "github.com/kiln-gpu/kiln/ir"

// domTree is a region's dominator tree as MLIR's DominanceInfo keeps it:
// computed when first asked after an invalidation and not updated as the
// transformation changes the graph, so a block created since is dominated
// by every block and dominates none. A node's children come in depth-first
// pre-order of the graph, successors in order (LLVM's SemiNCA builder).
type domTree struct {
	dom      *ir.DomTree
	children map[*ir.Block][]*ir.Block
}

func (l *lifter) domTree(r *ir.Region) *domTree {
	if t, ok := l.dom[r]; ok {
		return t
	}
	t := newDomTree(r)
	l.dom[r] = t
	return t
}

// dominates reports whether a dominates b (both of one region).
func (l *lifter) dominates(a, b *ir.Block) bool {
	return a == b || l.domTree(a.Parent()).dom.Dominates(a, b)
}

func succs(b *ir.Block) []*ir.Block {
	if t := b.Terminator(); t != nil {
		return t.Successors()
	}
	return nil
}

func newDomTree(r *ir.Region) *domTree {
	t := &domTree{dom: ir.NewDomTree(r), children: map[*ir.Block][]*ir.Block{}}
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, s := range succs(b) {
			if !seen[s] && s.Parent() == r {
				p := t.dom.IDom(s)
				t.children[p] = append(t.children[p], s)
				visit(s)
			}
		}
	}
	visit(r.Entry())
	return t
}

// preorder returns the blocks b dominates, b first, depth first.
func (t *domTree) preorder(b *ir.Block) []*ir.Block {
	out := []*ir.Block{b}
	for _, c := range t.children[b] {
		out = append(out, t.preorder(c)...)
	}
	return out
}

// sccIter is LLVM's scc_iterator over a region's blocks from an entry:
// Tarjan's algorithm yielding strongly connected components sinks first.
// Like LLVM's, it reads successors as it goes, so the graph may change
// under it between components.
type sccIter struct {
	visitNum int
	nums     map[*ir.Block]int
	stack    []*ir.Block
	visit    []sccFrame
}

type sccFrame struct {
	b        *ir.Block
	next     int
	minVisit int
}

// sccDone marks a block whose component was yielded.
const sccDone = int(^uint(0) >> 1)

func newSCCIter(entry *ir.Block) *sccIter {
	it := &sccIter{nums: map[*ir.Block]int{}}
	it.visitOne(entry)
	return it
}

func (it *sccIter) visitOne(b *ir.Block) {
	it.visitNum++
	it.nums[b] = it.visitNum
	it.stack = append(it.stack, b)
	it.visit = append(it.visit, sccFrame{b, 0, it.visitNum})
}

func (it *sccIter) visitChildren() {
	for {
		top := &it.visit[len(it.visit)-1]
		ss := succs(top.b)
		if top.next >= len(ss) {
			return
		}
		c := ss[top.next]
		top.next++
		n, seen := it.nums[c]
		if !seen {
			it.visitOne(c)
			continue
		}
		if top.minVisit > n {
			top.minVisit = n
		}
	}
}

// next returns the next component and whether it has a cycle.
func (it *sccIter) next() (scc []*ir.Block, cyclic, ok bool) {
	for len(it.visit) > 0 {
		it.visitChildren()
		f := it.visit[len(it.visit)-1]
		it.visit = it.visit[:len(it.visit)-1]
		if len(it.visit) > 0 && it.visit[len(it.visit)-1].minVisit > f.minVisit {
			it.visit[len(it.visit)-1].minVisit = f.minVisit
		}
		if f.minVisit != it.nums[f.b] {
			continue
		}
		for {
			b := it.stack[len(it.stack)-1]
			it.stack = it.stack[:len(it.stack)-1]
			scc = append(scc, b)
			it.nums[b] = sccDone
			if b == f.b {
				break
			}
		}
		cyclic = len(scc) > 1
		if !cyclic {
			for _, s := range succs(scc[0]) {
				if s == scc[0] {
					cyclic = true
				}
			}
		}
		return scc, cyclic, true
	}
	return nil, false, false
}
