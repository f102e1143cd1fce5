package pass

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Inline returns the constructor of the inline pass, MLIR's inliner: it
// visits the call graph's strongly connected components bottom-up (callees
// before their callers), simplifies each callable with a pipeline
// (canonicalize unless told otherwise), inlines the calls that the dialects'
// ir.Inliner hooks allow, and erases the private functions left without
// uses. Recursive calls stay. The pipelines' passes are looked up in reg
// when the pass runs.
func Inline(reg Registry) func() *Pass {
	return func() *Pass {
		return &Pass{
			Name:     "Inliner",
			Argument: "inline",
			Summary:  "Inline function calls",
			Options: []Option{
				{Name: "default-pipeline", Kind: StringOption, Default: "canonicalize", Help: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList"},
				{Name: "op-pipelines", Kind: StringOption, Help: "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)"},
				{Name: "max-iterations", Kind: IntOption, Default: "4", Help: "Maximum number of iterations when inlining within an SCC"},
				{Name: "inlining-threshold", Kind: IntOption, Default: "4294967295", Help: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it"},
			},
			Init: func(_ *ir.Context, opts *Options) error {
				if n := opts.Int("inlining-threshold"); n < 0 || n > maxThreshold {
					return fmt.Errorf("option 'inlining-threshold' wants an unsigned 32-bit integer, got %d", n)
				}
				if opts.Int("max-iterations") < 0 {
					return fmt.Errorf("option 'max-iterations' wants an unsigned integer, got %d", opts.Int("max-iterations"))
				}
				if text := opts.String("default-pipeline"); text != "" {
					if err := NewPipeline(AnyOp).ParseElements(text, reg); err != nil {
						return err
					}
				}
				_, err := opPipelines(opts.String("op-pipelines"), reg)
				return err
			},
			Run: func(op *ir.Operation, pc *Context) error {
				if !op.HasTrait(ir.SymbolTable) {
					return op.Errorf(" was scheduled to run under the inliner, but does not define a symbol table")
				}
				o := pc.Options
				pipes, err := opPipelines(o.String("op-pipelines"), reg)
				if err != nil {
					return err
				}
				in := &inliner{
					reg:          reg,
					defaultPipe:  o.String("default-pipeline"),
					pipes:        pipes,
					maxIter:      o.Int("max-iterations"),
					threshold:    o.Int("inlining-threshold"),
					cg:           newCallGraph(op),
					deadSet:      map[*cgNode]bool{},
					historyOfOps: map[*ir.Operation]int{},
				}
				in.uses = newUseList(op, in.cg)
				return in.run()
			},
		}
	}
}

// maxThreshold is MLIR's -1U: no limit on the callee/caller size ratio.
const maxThreshold = 1<<32 - 1

// opPipelines reads op-pipelines, anchored pipelines separated by commas:
// "func.func(canonicalize, cse), spirv.func(cse)".
func opPipelines(text string, reg Registry) (map[string]*Pipeline, error) {
	out := map[string]*Pipeline{}
	if text == "" {
		return out, nil
	}
	all := NewPipeline(AnyOp)
	if err := all.ParseElements(text, reg); err != nil {
		return nil, err
	}
	for _, s := range all.Steps {
		if s.Nested == nil {
			return nil, fmt.Errorf("option 'op-pipelines' wants pipelines anchored on an op, as in 'func.func(%s)'", s.Pass.Argument)
		}
		if len(s.Nested.Steps) > 0 {
			if _, dup := out[s.Nested.Anchor]; !dup {
				out[s.Nested.Anchor] = s.Nested
			}
		}
	}
	return out, nil
}

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
	if _, _, ok := callOf(op); ok {
		if resolve && parent != nil {
			parent.addEdge(cg.resolve(op), callEdge)
		}
		return
	}
	if body, _, ok := callableOf(op); ok {
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
	callee, _, _ := callOf(call)
	if callee == nil {
		return cg.unknown
	}
	if body, _, ok := callableOf(ir.LookupNearestSymbol(call, callee)); ok && body != nil {
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

func callOf(op *ir.Operation) (*ir.SymbolRefAttr, []*ir.Value, bool) {
	if in := ir.InlinerOf(op); in != nil && in.Call != nil {
		return in.Call(op)
	}
	return nil, nil, false
}

func callableOf(op *ir.Operation) (*ir.Region, []ir.Type, bool) {
	if in := ir.InlinerOf(op); in != nil && in.Callable != nil {
		return in.Callable(op)
	}
	return nil, nil, false
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
				if body, _, ok := callableOf(o); ok && body != nil && cg.nodes[body] != nil {
					if isSymbol(o) && ir.Visibility(o) == "private" {
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
			refs(a.Value, func(ref *ir.SymbolRefAttr) {
				if from == nil {
					return
				}
				if body, _, ok := callableOf(ir.LookupNearestSymbol(from, ref)); ok && body != nil {
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
	}
	u := &cgUser{top: map[*cgNode]bool{}, inner: map[*cgNode]int{}}
	ul.uses[n] = u
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

type resolvedCall struct {
	call           *ir.Operation
	source, target *cgNode
}

type historyEntry struct {
	callee *cgNode
	parent int // -1: a call of the original body
}

type inliner struct {
	reg         Registry
	defaultPipe string
	pipes       map[string]*Pipeline
	maxIter     int
	threshold   int
	cg          *callGraph
	uses        *useList
	calls       []resolvedCall
	dead        []*cgNode
	deadSet     map[*cgNode]bool
	// history records each inlining with the inlining that brought its
	// call in; historyOfOps maps the calls that inlining brought in to
	// their entry. Both last for all the iterations on one component, so
	// a recursive call left by one iteration is not expanded by the next.
	history      []historyEntry
	historyOfOps map[*ir.Operation]int
}

func (in *inliner) run() error {
	for _, scc := range in.cg.sccs() {
		if err := in.inlineSCC(scc); err != nil {
			return err
		}
	}
	// A private function whose only users were dead functions is dead too.
	for i := 0; i < len(in.dead); i++ {
		u := in.uses.uses[in.dead[i]]
		if u == nil {
			continue // inlined in place: its uses went to its caller
		}
		in.uses.eraseNode(in.dead[i])
		for _, m := range in.cg.order {
			if c, ok := in.uses.discardable[m]; ok && c == 0 && (u.top[m] || u.inner[m] > 0) && !in.deadSet[m] {
				in.deadSet[m] = true
				in.dead = append(in.dead, m)
			}
		}
	}
	var erase []*ir.Operation
	for _, n := range in.dead {
		op := n.body.ParentOp()
		// A callable nested in another dead one goes with it.
		if !slices.ContainsFunc(in.dead, func(m *cgNode) bool { return m != n && m.body.ParentOp().IsAncestorOf(op) }) {
			erase = append(erase, op)
		}
	}
	for _, op := range erase {
		op.Erase()
	}
	return nil
}

func (in *inliner) inlineSCC(scc []*cgNode) error {
	in.history = in.history[:0]
	clear(in.historyOfOps)
	for iter := 0; ; {
		if err := in.optimize(scc); err != nil {
			return err
		}
		var inlined bool
		if scc, inlined = in.inlineCalls(scc); !inlined {
			return nil
		}
		if iter++; iter >= in.maxIter {
			return nil
		}
	}
}

// optimize runs the callables' pipelines on the nodes of scc that can
// have passes scheduled on them.
func (in *inliner) optimize(scc []*cgNode) error {
	var nodes []*cgNode
	for _, n := range scc {
		if n.body == nil || n.hasChildren() || !n.body.ParentOp().HasTrait(ir.IsolatedFromAbove) {
			continue
		}
		nodes = append(nodes, n)
	}
	for _, n := range nodes {
		op := n.body.ParentOp()
		p := in.pipes[op.Name()]
		if p == nil {
			if in.defaultPipe == "" {
				continue
			}
			p = NewPipeline(op.Name())
			if err := p.ParseElements(in.defaultPipe, in.reg); err != nil {
				return err
			}
			in.pipes[op.Name()] = p
		}
		if err := New(p, Config{DisableThreading: true}).Run(op); err != nil {
			return err
		}
	}
	for _, n := range nodes {
		in.uses.recompute(n)
	}
	return nil
}

// inlineCalls tries every call in the nodes of scc, and the calls that
// inlining brings in. It returns scc without the nodes that died, and
// whether it inlined anything.
func (in *inliner) inlineCalls(scc []*cgNode) ([]*cgNode, bool) {
	var dead []*cgNode
	for _, n := range scc {
		if n.body == nil {
			continue
		}
		if in.uses.hasUses(n, 0) {
			dead = append(dead, n)
		} else {
			in.collectCalls(n.body.BlockList(), n, false)
		}
	}
	callHistory := make([]int, len(in.calls))
	for i, c := range in.calls {
		callHistory[i] = -1
		if h, ok := in.historyOfOps[c.call]; ok {
			callHistory[i] = h
		}
	}
	inlined := false
	for i := 0; i < len(in.calls); i++ {
		c := in.calls[i]
		if slices.Contains(dead, c.source) {
			continue
		}
		h := callHistory[i]
		if in.inHistory(c.target, h) || !in.shouldInline(c) {
			continue
		}
		before := len(in.calls)
		inPlace := in.uses.hasUses(c.target, 1)
		if !in.inlineCall(c, !inPlace) {
			continue
		}
		inlined = true
		id := len(in.history)
		in.history = append(in.history, historyEntry{c.target, h})
		for k := before; k < len(in.calls); k++ {
			callHistory = append(callHistory, id)
			in.historyOfOps[in.calls[k].call] = id
		}
		in.uses.dropCallUses(c.source, c.call)
		in.uses.mergeUses(c.target, c.source)
		delete(in.historyOfOps, c.call)
		c.call.Erase()
		if inPlace {
			in.uses.eraseNode(c.target)
			if !slices.Contains(dead, c.target) {
				dead = append(dead, c.target)
			}
		}
	}
	for _, n := range dead {
		scc = slices.DeleteFunc(scc, func(m *cgNode) bool { return m == n })
		if !in.deadSet[n] {
			in.deadSet[n] = true
			in.dead = append(in.dead, n)
		}
	}
	in.calls = in.calls[:0]
	return scc, inlined
}

func (in *inliner) inHistory(n *cgNode, h int) bool {
	for ; h >= 0; h = in.history[h].parent {
		if in.history[h].callee == n {
			return true
		}
	}
	return false
}

// collectCalls appends the direct calls in blocks to in.calls, attributed
// to the nearest enclosing callable (source at the top). Nested callables
// are entered only when nested is set. Blocks are visited last first, as
// MLIR's worklist does, which fixes the order calls are tried in.
func (in *inliner) collectCalls(blocks []*ir.Block, source *cgNode, nested bool) {
	type item struct {
		b *ir.Block
		n *cgNode
	}
	var work []item
	for _, b := range blocks {
		work = append(work, item{b, source})
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		for op := range it.b.Ops() {
			if callee, _, ok := callOf(op); ok {
				if callee != nil && !callee.IsFlat() {
					continue
				}
				if t := in.cg.resolve(op); t.body != nil {
					in.calls = append(in.calls, resolvedCall{op, it.n, t})
				}
				continue
			}
			for _, r := range op.Regions() {
				n := in.cg.nodes[r]
				if n != nil && !nested {
					continue
				}
				if n == nil {
					n = it.n
				}
				for b := range r.Blocks() {
					work = append(work, item{b, n})
				}
			}
		}
	}
}

func (in *inliner) shouldInline(c resolvedCall) bool {
	if c.call.HasTrait(ir.Terminator) {
		return false
	}
	// Self-recursive callees, and callees that call back (A->B->A), stay.
	for _, e := range c.target.edges {
		if e.target == c.target || e.target == c.source {
			return false
		}
	}
	body := c.target.body
	if isAncestorRegion(body, c.call.ParentRegion()) {
		return false
	}
	// A callee of several blocks goes only where several blocks may be.
	if body.Entry() != body.Last() {
		parent := c.call.ParentOp()
		if body.ParentOp().Name() != parent.Name() && (!parent.IsRegistered() || parent.HasTrait(ir.SingleBlock)) {
			return false
		}
	}
	return in.profitable(c)
}

func isAncestorRegion(r, of *ir.Region) bool {
	for of != nil {
		if of == r {
			return true
		}
		p := of.ParentOp()
		if p == nil {
			return false
		}
		of = p.ParentRegion()
	}
	return false
}

// profitable applies inlining-threshold: the callee's op count as a
// percentage of the caller's.
func (in *inliner) profitable(c resolvedCall) bool {
	switch in.threshold {
	case 0:
		return false
	case maxThreshold:
		return true
	}
	count := func(r *ir.Region) int {
		n := 0
		r.Walk(func(*ir.Operation) bool { n++; return true })
		return n
	}
	callerOps := count(c.source.body)
	if callerOps == 0 {
		return true
	}
	return count(c.target.body)*100/callerOps <= in.threshold
}

// inlineCall replaces c.call by a copy of the callee's body (or by the
// body itself when clone is false), as MLIR's inlineCall, when the
// dialects allow it. It reports whether it did.
func (in *inliner) inlineCall(c resolvedCall, clone bool) bool {
	call, src := c.call, c.target.body
	callable := src.ParentOp()
	_, args, _ := callOf(call)
	_, resultTypes, _ := callableOf(callable)
	entry := src.Entry()
	if entry == nil || len(args) != entry.NumArgs() || call.NumResults() != len(resultTypes) {
		return false
	}
	// No dialect here converts between a call's types and its callee's.
	for i, a := range args {
		if a.Type() != entry.Arg(i).Type() {
			return false
		}
	}
	for i, r := range call.Results() {
		if r.Type() != resultTypes[i] {
			return false
		}
	}
	if ci := ir.InlinerOf(call); ci == nil || ci.CanInlineCall == nil || !ci.CanInlineCall(call, callable) {
		return false
	}
	dest := call.ParentRegion()
	if di := ir.InlinerOf(dest.ParentOp()); di == nil || di.CanInlineInto == nil || !di.CanInlineInto(dest) {
		return false
	}
	if !legalOps(src, dest) {
		return false
	}
	single := src.HasOneBlock()
	if single {
		term := entry.Terminator()
		ti := ir.InlinerOf(term)
		if ti == nil || ti.Returned == nil {
			return false
		}
		if vals, ok := ti.Returned(term); !ok || len(vals) != call.NumResults() {
			return false
		}
	}

	block := call.Block()
	post := block.SplitBefore(call.NextOp())
	if clone {
		src.CloneInto(dest, post, ir.NewMapping())
	} else {
		for b := src.Entry(); b != nil; b = src.Entry() {
			dest.InsertBefore(b, post)
		}
	}
	first := block.Next()
	for i, a := range first.Args() {
		a.ReplaceAllUsesWith(args[i])
	}
	var blocks []*ir.Block
	for b := first; b != post; b = b.Next() {
		blocks = append(blocks, b)
	}
	if _, unknown := call.Loc().(*ir.UnknownLoc); !unknown {
		remapLocations(blocks, call.Loc())
	}
	in.collectInlined(blocks)

	if single {
		term := first.Terminator()
		vals, _ := ir.InlinerOf(term).Returned(term)
		for i, r := range call.Results() {
			r.ReplaceAllUsesWith(vals[i])
		}
		term.Erase()
		for o := post.First(); o != nil; o = post.First() {
			first.Append(o)
		}
		post.Erase()
	} else {
		for i, r := range call.Results() {
			r.ReplaceAllUsesWith(post.AddArgument(resultTypes[i], r.Loc()))
		}
		for _, b := range blocks {
			if term := b.Terminator(); term != nil {
				if ti := ir.InlinerOf(term); ti != nil && ti.ReturnTo != nil {
					ti.ReturnTo(term, post)
				}
			}
		}
	}
	for o := first.First(); o != nil; o = first.First() {
		block.Append(o)
	}
	first.Erase()
	return true
}

// collectInlined adds the calls in newly inlined blocks to in.calls,
// attributed to the nearest enclosing callable.
func (in *inliner) collectInlined(blocks []*ir.Block) {
	r := blocks[0].Parent()
	for in.cg.nodes[r] == nil {
		r = r.ParentOp().ParentRegion()
	}
	in.collectCalls(blocks, in.cg.nodes[r], true)
}

// legalOps reports whether every op in src, nested ones included, may be
// inlined into dest.
func legalOps(src, dest *ir.Region) bool {
	for b := range src.Blocks() {
		for op := range b.Ops() {
			if in := ir.InlinerOf(op); in == nil || in.CanInline == nil || !in.CanInline(op, dest) {
				return false
			}
			for _, r := range op.Regions() {
				if !legalOps(r, dest) {
					return false
				}
			}
		}
	}
	return true
}

// remapLocations makes the locations of inlined ops and block arguments
// call sites of the call's location: loc(callsite(callee at caller)).
func remapLocations(blocks []*ir.Block, callLoc ir.Location) {
	ctx := blocks[0].ParentOp().Context()
	seen := map[ir.Location]ir.Location{}
	stack := func(l ir.Location) ir.Location {
		if m, ok := seen[l]; ok {
			return m
		}
		// An inlined call site nests: callsite(a at callsite(b at call)).
		var chain []*ir.CallSiteLoc
		last := l
		for cs, ok := last.(*ir.CallSiteLoc); ok; cs, ok = last.(*ir.CallSiteLoc) {
			chain = append(chain, cs)
			last = cs.Caller
		}
		m := ir.Location(ctx.CallSiteLoc(last, callLoc))
		for i := len(chain) - 1; i >= 0; i-- {
			m = ctx.CallSiteLoc(chain[i].Callee, m)
		}
		seen[l] = m
		return m
	}
	var remapBlock func(b *ir.Block)
	remapBlock = func(b *ir.Block) {
		for _, a := range b.Args() {
			a.SetLoc(stack(a.Loc()))
		}
		for op := range b.Ops() {
			op.SetLoc(stack(op.Loc()))
			for _, r := range op.Regions() {
				for nb := range r.Blocks() {
					remapBlock(nb)
				}
			}
		}
	}
	for _, b := range blocks {
		remapBlock(b)
	}
}
