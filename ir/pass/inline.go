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
				{Name: "default-pipeline", Kind: StringOption, Default: "canonicalize", Help: "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList", Check: func(v string) error {
					if v == "" {
						return nil
					}
					return NewPipeline(AnyOp).ParseElements(v, reg)
				}},
				{Name: "op-pipelines", Kind: ListOption, Help: "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)", Check: func(v string) error {
					_, err := opPipelines(v, reg)
					return err
				}},
				{Name: "max-iterations", Kind: UnsignedOption, Default: "4", Help: "Maximum number of iterations when inlining within an SCC"},
				{Name: "inlining-threshold", Kind: UnsignedOption, Default: "4294967295", Help: "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it"},
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
				var cg *callGraph
				pc.Analysis("CallGraph", func() { cg = newCallGraph(op) })
				in := &inliner{
					pc:           pc,
					reg:          reg,
					defaultPipe:  o.String("default-pipeline"),
					pipes:        pipes,
					maxIter:      o.Int("max-iterations"),
					threshold:    o.Int("inlining-threshold"),
					cg:           cg,
					deadSet:      map[*cgNode]bool{},
					inited:       map[*Pipeline]bool{},
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

type resolvedCall struct {
	call           *ir.Operation
	source, target *cgNode
}

type historyEntry struct {
	callee *cgNode
	parent int // -1: a call of the original body
}

type inliner struct {
	// pc runs the callables' pipelines within the running pass manager.
	pc          *Context
	inited      map[*Pipeline]bool
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
		if !in.inited[p] {
			if err := InitPipeline(p, op.Context()); err != nil {
				return err
			}
			in.inited[p] = true
		}
		if err := in.pc.RunPipeline(p, op); err != nil {
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
			if callee, _, ok := ir.CallOf(op); ok {
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
	if body.IsAncestorOf(c.call) {
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
	_, args, _ := ir.CallOf(call)
	_, resultTypes, _ := ir.CallableOf(callable)
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
