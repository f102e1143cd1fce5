package pass

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Call graph (MLIR's CallGraph): one node per callable body, an external
// node with an edge to every top-level callable, and an unknown node that
// unresolved calls point at.

type edgeKind uint8

const (
	abstractEdge edgeKind = iota
	callEdge
	childEdge
)

type cgEdge struct {
	target *cgNode
	kind   edgeKind
}

type cgNode struct {
	body  *ir.Region // nil for the external and unknown nodes
	edges []cgEdge
}

func (n *cgNode) addEdge(t *cgNode, k edgeKind) {
	if e := (cgEdge{t, k}); !slices.Contains(n.edges, e) {
		n.edges = append(n.edges, e)
	}
}

func (n *cgNode) hasChildren() bool {
	return slices.ContainsFunc(n.edges, func(e cgEdge) bool { return e.kind == childEdge })
}

type callGraph struct {
	nodes             map[*ir.Region]*cgNode
	order             []*cgNode
	external, unknown *cgNode
}

func newCallGraph(op *ir.Operation) *callGraph {
	cg := &callGraph{nodes: map[*ir.Region]*cgNode{}, external: &cgNode{}, unknown: &cgNode{}}
	// Callables first, then calls, as nested callables may be called
	// before they are seen.
	cg.compute(op, nil, false)
	cg.compute(op, nil, true)
	return cg
}

func (cg *callGraph) compute(op *ir.Operation, parent *cgNode, resolve bool) {
	if _, _, ok := ir.CallOf(op); ok {
		if resolve && parent != nil {
			parent.addEdge(cg.resolve(op), callEdge)
		}
		return
	}
	if body, _, ok := ir.CallableOf(op); ok {
		if body == nil {
			return
		}
		parent = cg.node(body, parent)
	}
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			for o := range b.Ops() {
				cg.compute(o, parent, resolve)
			}
		}
	}
}

func (cg *callGraph) node(body *ir.Region, parent *cgNode) *cgNode {
	if n := cg.nodes[body]; n != nil {
		return n
	}
	n := &cgNode{body: body}
	cg.nodes[body] = n
	cg.order = append(cg.order, n)
	if parent != nil {
		parent.addEdge(n, childEdge)
	} else {
		cg.external.addEdge(n, abstractEdge)
	}
	return n
}

// resolve returns the node a call calls, or the unknown node.
func (cg *callGraph) resolve(call *ir.Operation) *cgNode {
	callee, _, _ := ir.CallOf(call)
	if callee == nil {
		return cg.unknown
	}
	if body, _, ok := ir.CallableOf(ir.LookupNearestSymbol(call, callee)); ok && body != nil {
		if n := cg.nodes[body]; n != nil {
			return n
		}
	}
	return cg.unknown
}

// sccs returns the strongly connected components reachable from the
// external node in post-order, callees first, as LLVM's scc_iterator (with
// the nodes of a component in the same order).
func (cg *callGraph) sccs() [][]*cgNode {
	type frame struct {
		n        *cgNode
		next     int
		minVisit uint
	}
	const done = ^uint(0)
	num := map[*cgNode]uint{}
	var visits uint
	var stack []*cgNode
	var frames []frame
	var out [][]*cgNode
	visit := func(n *cgNode) {
		visits++
		num[n] = visits
		stack = append(stack, n)
		frames = append(frames, frame{n, 0, visits})
	}
	visit(cg.external)
	for len(frames) > 0 {
		top := &frames[len(frames)-1]
		if top.next < len(top.n.edges) {
			c := top.n.edges[top.next].target
			top.next++
			if m, seen := num[c]; !seen {
				visit(c)
			} else if m < top.minVisit {
				top.minVisit = m
			}
			continue
		}
		f := *top
		frames = frames[:len(frames)-1]
		if len(frames) > 0 && frames[len(frames)-1].minVisit > f.minVisit {
			frames[len(frames)-1].minVisit = f.minVisit
		}
		if f.minVisit != num[f.n] {
			continue
		}
		var scc []*cgNode
		for {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			num[x] = done
			scc = append(scc, x)
			if x == f.n {
				break
			}
		}
		out = append(out, scc)
	}
	return out
}

// useList counts, for each discardable callable (a private function), the
// symbol uses held by the other callables, as MLIR's CGUseList: a node
// whose count falls to zero is dead.
type useList struct {
	cg          *callGraph
	discardable map[*cgNode]int
	uses        map[*cgNode]*cgUser
}

// cgUser is what one callable refers to: from its own attributes (counted
// once each) and from the ops in its body.
type cgUser struct {
	top   map[*cgNode]bool
	inner map[*cgNode]int
}

func newUseList(op *ir.Operation, cg *callGraph) *useList {
	ul := &useList{cg: cg, discardable: map[*cgNode]int{}, uses: map[*cgNode]*cgUser{}}
	alwaysLive := map[*cgNode]bool{}
	op.Walk(func(t *ir.Operation) bool {
		if !t.HasTrait(ir.SymbolTable) || t.NumRegions() == 0 {
			return true
		}
		for b := range t.Region(0).Blocks() {
			for o := range b.Ops() {
				if body, _, ok := ir.CallableOf(o); ok && body != nil && cg.nodes[body] != nil {
					if ir.IsNamedSymbol(o) && ir.Visibility(o) == "private" {
						ul.discardable[cg.nodes[body]] = 0
					}
					continue
				}
				ul.walkReferenced(o, func(n *cgNode, _ *ir.Operation) { alwaysLive[n] = true })
			}
		}
		return true
	})
	for n := range alwaysLive {
		delete(ul.discardable, n)
	}
	for _, n := range cg.order {
		ul.recompute(n)
	}
	return ul
}

// walkReferenced calls fn for each callable node that op or the ops nested
// in it refer to by symbol, with the referring op.
func (ul *useList) walkReferenced(op *ir.Operation, fn func(*cgNode, *ir.Operation)) {
	from := op.ParentOp()
	op.WalkPre(func(o *ir.Operation) (bool, bool) {
		for _, a := range o.Attrs() {
			ir.WalkSymbolRefs(a.Value, func(ref *ir.SymbolRefAttr) {
				if from == nil {
					return
				}
				if body, _, ok := ir.CallableOf(ir.LookupNearestSymbol(from, ref)); ok && body != nil {
					if n := ul.cg.nodes[body]; n != nil {
						fn(n, o)
					}
				}
			})
		}
		return !o.HasTrait(ir.SymbolTable), true
	})
}

func (ul *useList) decrement(u *cgUser) {
	for n := range u.top {
		ul.discardable[n]--
	}
	for n, c := range u.inner {
		ul.discardable[n] -= c
	}
}

func (ul *useList) recompute(n *cgNode) {
	if u := ul.uses[n]; u != nil {
		ul.decrement(u)
		delete(ul.uses, n)
	}
	u := ul.user(n)
	parent := n.body.ParentOp()
	ul.walkReferenced(parent, func(ref *cgNode, user *ir.Operation) {
		if _, ok := ul.discardable[ref]; !ok {
			return
		}
		if user != parent {
			u.inner[ref]++
		} else if u.top[ref] {
			return
		} else {
			u.top[ref] = true
		}
		ul.discardable[ref]++
	})
}

// dropCallUses forgets the uses that call, about to be erased, held in n.
func (ul *useList) dropCallUses(n *cgNode, call *ir.Operation) {
	u := ul.user(n)
	ul.walkReferenced(call, func(ref *cgNode, _ *ir.Operation) {
		if _, ok := u.inner[ref]; !ok {
			return
		}
		u.inner[ref]--
		ul.discardable[ref]--
	})
}

// mergeUses adds the uses of callee, just inlined, to caller.
func (ul *useList) mergeUses(callee, caller *cgNode) {
	from, to := ul.user(callee), ul.user(caller)
	for n, c := range from.inner {
		to.inner[n] += c
		ul.discardable[n] += c
	}
}

func (ul *useList) user(n *cgNode) *cgUser {
	u := ul.uses[n]
	if u == nil {
		u = &cgUser{top: map[*cgNode]bool{}, inner: map[*cgNode]int{}}
		ul.uses[n] = u
	}
	return u
}

func (ul *useList) eraseNode(n *cgNode) {
	for _, e := range n.edges {
		if e.kind == childEdge {
			ul.eraseNode(e.target)
		}
	}
	if u := ul.uses[n]; u != nil {
		ul.decrement(u)
	}
	delete(ul.uses, n)
	delete(ul.discardable, n)
}

// hasUses reports whether n's callable may be erased once it has want
// uses left: a discardable symbol with that many uses, or a pure op that is
// no symbol with that many result uses.
func (ul *useList) hasUses(n *cgNode, want int) bool {
	op := n.body.ParentOp()
	if !op.HasTrait(ir.Symbol) {
		uses := 0
		for _, r := range op.Results() {
			uses += r.NumUses()
		}
		return ir.IsPure(op) && uses == want
	}
	c, ok := ul.discardable[n]
	return ok && c == want
}
