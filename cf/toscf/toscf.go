// Package toscf is MLIR's lift-cf-to-scf pass (ControlFlowToSCF over the
// CFGToSCF transformation): the cf.br, cf.cond_br and cf.switch graphs of
// each function's regions become scf.while, scf.if and scf.index_switch.
//
// The algorithm is MLIR's (Bahmann et al., "Perfect Reconstructability of
// Control Flow from Demand Dependence Graphs"): every return-like op of a
// kind is made a branch to one exit block; then, from the region entry,
// each outermost cycle becomes a do-while loop with one header and one
// latch (multiplexer blocks dispatching on an i32 flag), and the first
// conditional branch becomes a structured branch op whose regions are the
// blocks each edge alone dominates; the new regions are processed the same
// way. Values undefined on a path are ub.poison. A region with several
// kinds of return-like op keeps one cf.switch choosing among their exits.
//
// The output is meant to match MLIR's op for op, which depends on the order
// in which MLIR visits a block's predecessors: its use list, most recently
// added edge first. The pass keeps that order itself (uses below).
package toscf

import (
	"math/big"
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Pass is lift-cf-to-scf.
func Pass() *pass.Pass {
	return &pass.Pass{Name: "LiftControlFlowToSCFPass", Argument: "lift-cf-to-scf",
		Summary: "Lift ControlFlow dialect to SCF dialect",
		Run:     func(op *ir.Operation, _ *pass.Context) error { return Lift(op) }}
}

// Register adds the pass to reg.
func Register(reg pass.Registry) { reg.Add(Pass) }

// Lift transforms the regions of every func.func nested in root (root
// included), innermost regions first, as MLIR's pass does.
func Lift(root *ir.Operation) error {
	var funcs []*ir.Operation
	root.Walk(func(o *ir.Operation) bool {
		if o.Name() == "func.func" && o.NumRegions() == 1 && !o.Region(0).Empty() {
			funcs = append(funcs, o)
		}
		return true
	})
	for _, f := range funcs {
		l := &lifter{ctx: f.Context(), b: ir.NewBuilder(f.Context()), cb: ir.NewBuilder(f.Context()), uses: newUses(f), dom: map[*ir.Region]*domTree{}}
		var ops []*ir.Operation
		f.Walk(func(o *ir.Operation) bool { ops = append(ops, o); return true })
		for _, o := range ops {
			for _, r := range o.Regions() {
				if err := l.transform(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// edge is successor idx of a block's terminator.
type edge struct {
	from *ir.Block
	idx  int
}

func (e edge) succ() *ir.Block                { return e.from.Terminator().Successor(e.idx) }
func (e edge) operands() []*ir.Value          { return succOperands(e.from.Terminator(), e.idx) }
func (l *lifter) setSucc(e edge, b *ir.Block) { l.uses.set(e.from.Terminator(), e.idx, b) }

func succOperands(op *ir.Operation, i int) []*ir.Value {
	start, n := op.SuccessorOperands(i)
	return slices.Clone(op.Operands()[start : start+n])
}

func appendSuccOperand(op *ir.Operation, i int, v *ir.Value) {
	op.SetSuccessorOperands(i, append(succOperands(op, i), v))
}

func successorEdges(b *ir.Block) []edge {
	t := b.Terminator()
	if t == nil {
		return nil
	}
	es := make([]edge, t.NumSuccessors())
	for i := range es {
		es[i] = edge{b, i}
	}
	return es
}

// useRef is successor idx of op.
type useRef struct {
	op  *ir.Operation
	idx int
}

// uses keeps each block's incoming edges in MLIR's use-list order: a new
// edge goes first, so the edges of parsed IR come in reverse order of
// appearance and a redirected edge moves to the front of its new target.
type uses map[*ir.Block][]useRef

func newUses(root *ir.Operation) uses {
	u := uses{}
	root.WalkPre(func(o *ir.Operation) (bool, bool) {
		u.add(o)
		return true, true
	})
	return u
}

func (u uses) add(op *ir.Operation) {
	for i, s := range op.Successors() {
		u[s] = append([]useRef{{op, i}}, u[s]...)
	}
}

func (u uses) drop(op *ir.Operation) {
	for _, s := range op.Successors() {
		u[s] = slices.DeleteFunc(u[s], func(r useRef) bool { return r.op == op })
	}
}

func (u uses) set(op *ir.Operation, i int, b *ir.Block) {
	old := op.Successor(i)
	u[old] = slices.DeleteFunc(u[old], func(r useRef) bool { return r.op == op && r.idx == i })
	op.SetSuccessor(i, b)
	u[b] = append([]useRef{{op, i}}, u[b]...)
}

// preds returns b's incoming edges in use-list order.
func (u uses) preds(b *ir.Block) []edge {
	es := make([]edge, len(u[b]))
	for i, r := range u[b] {
		es[i] = edge{r.op.Block(), r.idx}
	}
	return es
}

// singlePred is MLIR's getSinglePredecessor: the source of b's only edge.
func (u uses) singlePred(b *ir.Block) *ir.Block {
	if len(u[b]) != 1 {
		return nil
	}
	return u[b][0].op.Block()
}

// replaceBlock redirects every edge to old to nw, in use-list order (each
// moving to the front of nw's list, as MLIR's replaceAllUsesWith does).
func (u uses) replaceBlock(old, nw *ir.Block) {
	for _, r := range slices.Clone(u[old]) {
		u.set(r.op, r.idx, nw)
	}
}

type lifter struct {
	ctx *ir.Context
	b   *ir.Builder
	// cb creates the constants and poison values at the region's start,
	// leaving b where it was.
	cb   *ir.Builder
	uses uses
	dom  map[*ir.Region]*domTree

	// Per transformed region.
	region     *ir.Region
	switchVals []*ir.Value
	undefs     map[ir.Type]*ir.Value
	exits      []exitKind
}

// exitKind is the exit block of one kind of return-like op.
type exitKind struct {
	op    *ir.Operation
	block *ir.Block
}

func (l *lifter) erase(op *ir.Operation) {
	l.uses.drop(op)
	op.Erase()
}

// switchValue is MLIR's getSwitchValue: an i32 constant at the start of
// the region's entry block, made once per value.
func (l *lifter) switchValue(v int) *ir.Value {
	if v < len(l.switchVals) && l.switchVals[v] != nil {
		return l.switchVals[v]
	}
	if v >= len(l.switchVals) {
		l.switchVals = append(l.switchVals, make([]*ir.Value, v+1-len(l.switchVals))...)
	}
	l.cb.SetInsertionPointToStart(l.region.Entry())
	i32 := l.ctx.I(32)
	l.switchVals[v] = arith.NewConstant(l.cb, l.ctx.IntegerAttr(i32, int64(v)), i32, l.region.ParentOp().Loc())
	return l.switchVals[v]
}

// undef is MLIR's getUndefValue: a ub.poison of t at the start of the
// region's entry block, made once per type.
func (l *lifter) undef(t ir.Type) *ir.Value {
	if v, ok := l.undefs[t]; ok {
		return v
	}
	l.cb.SetInsertionPointToStart(l.region.Entry())
	v := poison(l.cb, l.region.ParentOp().Loc(), t)
	l.undefs[t] = v
	return v
}

func poison(b *ir.Builder, loc ir.Location, t ir.Type) *ir.Value {
	return b.Create(&ir.OpState{Name: "ub.poison", Loc: loc, ResultTypes: []ir.Type{t}}).Result(0)
}

// switchOp creates a cf.switch on flag at the builder's point: case
// values[i] goes to dests[i], anything else to def.
func (l *lifter) switchOp(loc ir.Location, flag *ir.Value, values []int, dests []*ir.Block, args [][]*ir.Value, def *ir.Block, defArgs []*ir.Value) {
	cases := make([]cf.SwitchCase, len(values))
	for i, v := range values {
		cases[i] = cf.SwitchCase{Value: big.NewInt(int64(v)), Dest: dests[i], Args: args[i]}
	}
	op := cf.NewSwitch(l.b, loc, flag, def, defArgs, cases)
	l.uses.add(op)
}

// transform is MLIR's transformCFGToSCF on one region.
func (l *lifter) transform(r *ir.Region) error {
	if r.Empty() || r.HasOneBlock() {
		return nil
	}
	if err := l.checkPreconditions(r); err != nil {
		return err
	}
	l.region, l.switchVals, l.undefs, l.exits = r, nil, map[ir.Type]*ir.Value{}, nil
	for _, b := range r.BlockList() {
		if t := b.Terminator(); t != nil && t.NumSuccessors() == 0 {
			l.combineExit(t)
		}
	}
	delete(l.dom, r)
	work := []*ir.Block{r.Entry()}
	for len(work) > 0 {
		cur := work[len(work)-1]
		work = work[:len(work)-1]
		loops, err := l.cyclesToLoops(cur)
		if err != nil {
			return err
		}
		work = append(work, loops...)
		if len(loops) > 0 {
			delete(l.dom, cur.Parent())
		}
		branches, err := l.structuredBranches(cur)
		if err != nil {
			return err
		}
		work = append(work, branches...)
	}
	return nil
}

// checkPreconditions reports what the transformation cannot handle: a
// block unreachable from the entry (even one with predecessors), or an op with successors whose operands it cannot
// rewrite, that has effects, or (with several successors) that has no
// structured counterpart.
func (l *lifter) checkPreconditions(r *ir.Region) error {
	reached := map[*ir.Block]bool{}
	var reach func(b *ir.Block)
	reach = func(b *ir.Block) {
		reached[b] = true
		for _, s := range succs(b) {
			if !reached[s] {
				reach(s)
			}
		}
	}
	reach(r.Entry())
	for _, b := range r.BlockList() {
		if !reached[b] {
			// At the block's first op, as MLIR; an empty block (allowed in
			// an unregistered op's region) has none: at the region's op.
			at := b.First()
			if at == nil {
				at = r.ParentOp()
			}
			return at.Errorf("transformation does not support unreachable blocks")
		}
	}
	var err error
	r.Walk(func(o *ir.Operation) bool {
		if o.NumSuccessors() == 0 {
			return true
		}
		switch {
		case !o.CanSetSuccessorOperands():
			err = o.Errorf("transformation does not support terminators with successors not implementing BranchOpInterface")
		case !ir.IsPure(o):
			err = o.Errorf("transformation does not support terminators with side effects")
		case o.NumSuccessors() > 1 && o.Name() != "cf.cond_br" && o.Name() != "cf.switch":
			err = o.Errorf("cannot convert unknown control flow op to structured control flow")
		}
		return err == nil
	})
	return err
}

// equivalentReturn is MLIR's ReturnLikeOpEquivalence: equivalent ops
// (ir.EquivalentOps) whose operands may differ, though not in type.
func equivalentReturn(a, b *ir.Operation) bool {
	return ir.EquivalentOps(a, b, true) && slices.Equal(a.OperandTypes(), b.OperandTypes())
}

// combineExit makes ret a branch to the single exit block of its kind,
// creating the block (and moving ret there) for the first of a kind.
func (l *lifter) combineExit(ret *ir.Operation) {
	k := slices.IndexFunc(l.exits, func(e exitKind) bool { return equivalentReturn(e.op, ret) })
	if k >= 0 && l.exits[k].op == ret {
		return
	}
	var exit *ir.Block
	if k >= 0 {
		exit = l.exits[k].block
	} else {
		n := ret.NumOperands()
		exit = ir.NewBlock(ret.OperandTypes(), slices.Repeat([]ir.Location{ret.Loc()}, n))
		l.region.Append(exit)
		l.exits = append(l.exits, exitKind{ret, exit})
	}
	flag := l.switchValue(0)
	l.b.SetInsertionPointBefore(ret)
	l.switchOp(ret.Loc(), flag, nil, nil, nil, exit, ret.Operands())
	if k >= 0 {
		l.erase(ret)
		return
	}
	exit.Append(ret)
	ret.SetOperands(exit.Args())
}

// multiplexer is MLIR's EdgeMultiplexer: a block that the edges to several
// blocks are redirected to, passing the arguments of every target (poison
// for the others), a discriminator naming the target when there are
// several, and extra values.
type multiplexer struct {
	block   *ir.Block
	targets []*ir.Block
	offsets []int
	disc    *ir.Value
}

func (l *lifter) newMultiplexer(loc ir.Location, entries []*ir.Block, extra []ir.Type) *multiplexer {
	m := &multiplexer{block: ir.NewBlock(nil, nil)}
	entries[0].Parent().InsertAfter(m.block, entries[0])
	for _, e := range entries {
		if slices.Contains(m.targets, e) {
			continue
		}
		m.targets = append(m.targets, e)
		m.offsets = append(m.offsets, m.block.NumArgs())
		for _, a := range e.Args() {
			m.block.AddArgument(a.Type(), a.Loc())
		}
	}
	if len(m.targets) > 1 {
		m.disc = m.block.AddArgument(l.switchValue(0).Type(), loc)
	}
	for _, t := range extra {
		m.block.AddArgument(t, loc)
	}
	return m
}

// redirect makes e branch to the multiplexer, passing extra last.
func (l *lifter) redirect(m *multiplexer, e edge, extra []*ir.Value) {
	k := slices.Index(m.targets, e.succ())
	ops := e.operands()
	target := m.targets[k]
	n := m.block.NumArgs()
	extraBegin := n - len(extra)
	discIndex := -1
	if m.disc != nil {
		discIndex = extraBegin - 1
	}
	vals := make([]*ir.Value, n)
	for i, a := range m.block.Args() {
		switch {
		case i >= m.offsets[k] && i < m.offsets[k]+target.NumArgs():
			vals[i] = ops[i-m.offsets[k]]
		case i == discIndex:
			vals[i] = l.switchValue(k)
		case i >= extraBegin:
			vals[i] = extra[i-extraBegin]
		default:
			vals[i] = l.undef(a.Type())
		}
	}
	l.setSucc(e, m.block)
	e.from.Terminator().SetSuccessorOperands(e.idx, vals)
}

// dispatch creates, at the builder's point, the cf.switch from the
// multiplexer to its targets but excluded; the last becomes the default.
func (l *lifter) dispatch(m *multiplexer, loc ir.Location, excluded *ir.Block) {
	var values []int
	var dests []*ir.Block
	var args [][]*ir.Value
	for i, t := range m.targets {
		if t == excluded {
			continue
		}
		values = append(values, i)
		args = append(args, m.block.Args()[m.offsets[i]:m.offsets[i]+t.NumArgs()])
		dests = append(dests, t)
	}
	flag := m.disc
	if flag == nil || len(args) == 1 {
		flag = l.switchValue(0)
	}
	last := len(dests) - 1
	l.switchOp(loc, flag, values[:last], dests[:last], args[:last], dests[last], args[last])
}

func edgeTargets(es []edge) []*ir.Block {
	bs := make([]*ir.Block, len(es))
	for i, e := range es {
		bs[i] = e.succ()
	}
	return bs
}

// singleEntry routes es through a new multiplexer block and returns it.
func (l *lifter) singleEntry(loc ir.Location, es []edge) *ir.Block {
	m := l.newMultiplexer(loc, edgeTargets(es), nil)
	for _, e := range es {
		l.redirect(m, e, nil)
	}
	l.b.SetInsertionPointToStart(m.block)
	l.dispatch(m, loc, nil)
	return m.block
}

// blockSet is an insertion-ordered set of blocks.
type blockSet struct {
	list []*ir.Block
	has  map[*ir.Block]bool
}

func newBlockSet(bs []*ir.Block) *blockSet {
	s := &blockSet{has: map[*ir.Block]bool{}}
	for _, b := range bs {
		s.insert(b)
	}
	return s
}

func (s *blockSet) insert(b *ir.Block) {
	if !s.has[b] {
		s.has[b] = true
		s.list = append(s.list, b)
	}
}

// cycleEdges are the entry, exit and back edges of a cycle.
func (l *lifter) cycleEdges(cycle *blockSet) (entries, exits, backs []edge) {
	entryBlocks := map[*ir.Block]bool{}
	for _, b := range cycle.list {
		for _, p := range l.uses.preds(b) {
			if !cycle.has[p.from] {
				entries = append(entries, p)
				entryBlocks[b] = true
			}
		}
		for _, e := range successorEdges(b) {
			if !cycle.has[e.succ()] {
				exits = append(exits, e)
			}
		}
	}
	for _, b := range cycle.list {
		for _, e := range successorEdges(b) {
			if entryBlocks[e.succ()] {
				backs = append(backs, e)
			}
		}
	}
	return entries, exits, backs
}

// singleExitingLatch routes the back and exit edges of a loop through one
// latch block that either repeats (flag 1) or leaves to a new exit block,
// which dispatches to the original exits. It returns the latch, its repeat
// flag and the exit block.
func (l *lifter) singleExitingLatch(loc ir.Location, backs, exits []edge) (latch *ir.Block, cond *ir.Value, exit *ir.Block, err error) {
	targets := append(edgeTargets(backs), edgeTargets(exits)...)
	m := l.newMultiplexer(loc, targets, []ir.Type{l.switchValue(0).Type()})
	latch = m.block
	exit = ir.NewBlock(nil, nil)
	latch.Parent().InsertAfter(exit, latch)
	header := backs[0].succ()
	for _, e := range backs {
		l.redirect(m, e, []*ir.Value{l.switchValue(1)})
	}
	for _, e := range exits {
		l.redirect(m, e, []*ir.Value{l.switchValue(0)})
	}
	cond = latch.Arg(latch.NumArgs() - 1)
	l.b.SetInsertionPointToStart(latch)
	l.switchOp(l.ctx.UnknownLoc(), cond, []int{0}, []*ir.Block{exit}, [][]*ir.Value{nil}, header, latch.Args()[:header.NumArgs()])
	l.b.SetInsertionPointToStart(exit)
	if len(exits) > 0 {
		l.dispatch(m, loc, header)
		return latch, cond, exit, nil
	}
	// A loop without exits never ends: the region still needs a
	// terminator after the loop.
	ret, err := l.unreachableTerminator(loc, latch.Parent())
	if err != nil {
		return nil, nil, nil, err
	}
	l.combineExit(ret)
	return latch, cond, exit, nil
}

// unreachableTerminator is a func.return of poison values, MLIR's stand-in
// for an unreachable terminator.
func (l *lifter) unreachableTerminator(loc ir.Location, r *ir.Region) (*ir.Operation, error) {
	parent := r.ParentOp()
	if parent.Name() != "func.func" {
		return nil, ir.Errorf(loc, "Cannot create unreachable terminator for '%s'", parent.Name())
	}
	ft := ir.FunctionTypeOf(parent)
	vals := make([]*ir.Value, len(ft.Results))
	for i, t := range ft.Results {
		vals[i] = poison(l.b, loc, t)
	}
	return l.b.Create(&ir.OpState{Name: "func.return", Loc: loc, Operands: vals}), nil
}

// ancestorIn returns the block of r holding op, or nil.
func ancestorIn(op *ir.Operation, r *ir.Region) *ir.Block {
	for ; op != nil; op = op.ParentOp() {
		if op.ParentRegion() == r {
			return op.Block()
		}
	}
	return nil
}

// reduceLoop is MLIR's transformToReduceLoop: values of the loop used after
// it are passed through the latch and the loop header (so the loop's
// iteration values are its results), and the exit block takes them as
// arguments. It returns the values the latch passes to the header.
func (l *lifter) reduceLoop(header, exit *ir.Block, loop *blockSet) []*ir.Value {
	latch := l.uses.singlePred(exit)
	term := latch.Terminator()
	headerIdx, exitIdx := 0, 1
	if term.Successor(headerIdx) != header {
		headerIdx, exitIdx = exitIdx, headerIdx
	}
	region := header.Parent()
	inLoop := func(u *ir.OpOperand) bool { return loop.has[ancestorIn(u.Owner(), region)] }
	next := succOperands(term, headerIdx)
	for _, v := range next {
		a := exit.AddArgument(v.Type(), v.Loc())
		appendSuccOperand(latch.Terminator(), exitIdx, v)
		v.ReplaceUsesIf(a, func(u *ir.OpOperand) bool { return !inLoop(u) })
	}
	latchArgs := slices.Clone(latch.Args())
	headerArgs := slices.Clone(header.Args())
	for _, lb := range loop.list {
		cache := map[*ir.Block]bool{}
		dominates := func(b *ir.Block) bool {
			d, ok := cache[b]
			if !ok {
				d = l.dominates(lb, b)
				cache[b] = d
			}
			return d
		}
		check := func(v *ir.Value) {
			var arg *ir.Value
			for _, u := range slices.Collect(v.Uses()) {
				if inLoop(u) {
					continue
				}
				if arg == nil {
					arg = exit.AddArgument(v.Type(), v.Loc())
					header.AddArgument(v.Type(), v.Loc())
					passed := v
					preds := l.uses.preds(latch)
					if v.OwnerBlock() != latch && slices.ContainsFunc(preds, func(p edge) bool { return !dominates(p.from) }) {
						passed = latch.AddArgument(v.Type(), v.Loc())
						for _, p := range preds {
							in := v
							if !dominates(p.from) {
								in = l.undef(v.Type())
							}
							appendSuccOperand(p.from.Terminator(), p.idx, in)
						}
					}
					next = append(next, passed)
					for _, e := range successorEdges(latch) {
						appendSuccOperand(latch.Terminator(), e.idx, passed)
					}
				}
				u.Set(arg)
			}
		}
		var args []*ir.Value
		switch lb {
		case latch:
			args = latchArgs
		case header:
			args = headerArgs
		default:
			args = lb.Args()
		}
		for _, a := range args {
			check(a)
		}
		for op := range lb.Ops() {
			for _, r := range op.Results() {
				check(r)
			}
		}
	}
	for _, p := range l.uses.preds(header) {
		if p.from == latch {
			continue
		}
		t := p.from.Terminator()
		ops := succOperands(t, p.idx)
		for _, a := range header.Args()[len(ops):] {
			ops = append(ops, l.undef(a.Type()))
		}
		t.SetSuccessorOperands(p.idx, ops)
	}
	return next
}

// cyclesToLoops is MLIR's transformCyclesToSCFLoops: each outermost cycle
// reachable from entry becomes an scf.while; it returns the loop bodies'
// entry blocks.
func (l *lifter) cyclesToLoops(entry *ir.Block) ([]*ir.Block, error) {
	var bodies []*ir.Block
	it := newSCCIter(entry)
	// Like MLIR, take the next component before changing the graph.
	scc, cyclic, ok := it.next()
	for ok {
		if !cyclic {
			scc, cyclic, ok = it.next()
			continue
		}
		cycle := newBlockSet(scc)
		scc, cyclic, ok = it.next()
		entries, exits, backs := l.cycleEdges(cycle)
		header := entries[0].succ()
		if len(entries) > 1 {
			header = l.singleEntry(header.Terminator().Loc(), append(slices.Clone(entries), backs...))
		}
		cycle.insert(header)
		latch, cond, exit, err := l.singleExitingLatch(backs[0].from.Terminator().Loc(), backs, exits)
		if err != nil {
			return nil, err
		}
		cycle.insert(latch)
		next := l.reduceLoop(header, exit, cycle)

		parent := ir.NewBlock(header.ArgTypes(), argLocs(header))
		header.Parent().InsertBefore(parent, header)
		body := ir.NewRegion()
		body.Append(header)
		for _, b := range cycle.list {
			if b != latch && b != header {
				body.Append(b)
			}
		}
		body.Append(latch)
		old := latch.Terminator()
		old.Remove()
		l.b.SetInsertionPointToStart(parent)
		loop := l.whileLoop(old.Loc(), parent.Args(), cond, next, body)
		l.uses.drop(old)
		old.Erase()
		bodies = append(bodies, header)
		for i, a := range exit.Args() {
			a.ReplaceAllUsesWith(loop.Result(i))
		}
		l.uses.replaceBlock(header, parent)
		for _, op := range exit.OpList() {
			parent.Append(op)
		}
		l.eraseBlock(exit)
	}
	return bodies, nil
}

func argLocs(b *ir.Block) []ir.Location {
	locs := make([]ir.Location, b.NumArgs())
	for i, a := range b.Args() {
		locs[i] = a.Loc()
	}
	return locs
}

// whileLoop is the do-while scf.while of body, ending in
// scf.condition(trunci cond) next, its after region forwarding its
// arguments.
func (l *lifter) whileLoop(loc ir.Location, init []*ir.Value, cond *ir.Value, next []*ir.Value, body *ir.Region) *ir.Operation {
	types := make([]ir.Type, len(init))
	for i, v := range init {
		types[i] = v.Type()
	}
	st := &ir.OpState{Name: "scf.while", Loc: loc, Operands: init, ResultTypes: types}
	before := st.AddRegion()
	after := st.AddRegion()
	before.TakeBody(body)
	loop := l.b.Create(st)
	l.b.SetInsertionPointToEnd(before.Last())
	c := l.b.CreateOp("arith.trunci", loc, []*ir.Value{cond}, []ir.Type{l.ctx.I(1)}).Result(0)
	l.b.Create(&ir.OpState{Name: "scf.condition", Loc: loc, Operands: append([]*ir.Value{c}, next...)})
	ab := ir.NewBlock(types, slices.Repeat([]ir.Location{loc}, len(types)))
	after.Append(ab)
	l.b.SetInsertionPointToEnd(ab)
	l.b.Create(&ir.OpState{Name: "scf.yield", Loc: loc, Operands: ab.Args()})
	return loop
}

// singleExitBranchRegion moves a branch region's blocks into r, giving it
// one edge to the continuation (through a new empty block, recorded in
// empty, when there were several).
func (l *lifter) singleExitBranchRegion(blocks []*ir.Block, cont *ir.Block, empty *[]emptyBlock, r *ir.Region) {
	var single *ir.Block
	var prev *edge
	for _, b := range blocks {
		for _, e := range successorEdges(b) {
			if e.succ() != cont {
				continue
			}
			if prev == nil {
				prev = &e
				continue
			}
			if single == nil {
				single = ir.NewBlock(cont.ArgTypes(), argLocs(cont))
				l.setSucc(*prev, single)
				*empty = append(*empty, emptyBlock{single, single.Args()})
			}
			l.setSucc(e, single)
		}
		r.Append(b)
	}
	if single != nil {
		r.Append(single)
	}
}

// emptyBlock is a block of a new branch region that yields vals.
type emptyBlock struct {
	block *ir.Block
	vals  []*ir.Value
}

// structuredBranches is MLIR's transformToStructuredCFBranches on the
// branch ending entry; it returns the entry blocks of regions to process.
func (l *lifter) structuredBranches(entry *ir.Block) ([]*ir.Block, error) {
	term := entry.Terminator()
	if term == nil || term.NumSuccessors() == 0 {
		return nil, nil
	}
	if term.NumSuccessors() == 1 {
		succ := term.Successor(0)
		vals := succOperands(term, 0)
		for i, a := range succ.Args() {
			a.ReplaceAllUsesWith(vals[i])
		}
		l.erase(term)
		for _, op := range succ.OpList() {
			entry.Append(op)
		}
		l.eraseBlock(succ)
		return []*ir.Block{entry}, nil
	}

	notCont := map[*ir.Block]bool{entry: true}
	branchRegions := make([][]*ir.Block, term.NumSuccessors())
	for i, succ := range term.Successors() {
		if l.uses.singlePred(succ) != entry {
			continue
		}
		branchRegions[i] = l.domTree(succ.Parent()).preorder(succ)
		for _, b := range branchRegions[i] {
			notCont[b] = true
		}
	}

	var contEdges []edge
	postDominatesAll, noContEdge := true, true
	for i, e := range successorEdges(entry) {
		if len(branchRegions[i]) == 0 {
			contEdges = append(contEdges, e)
			noContEdge = false
			continue
		}
		for _, b := range branchRegions[i] {
			if t := b.Terminator(); t != nil && t.NumSuccessors() == 0 {
				postDominatesAll = false
				contEdges = append(contEdges, l.uses.preds(b)...)
				continue
			}
			for _, se := range successorEdges(b) {
				if !notCont[se.succ()] {
					contEdges = append(contEdges, se)
					noContEdge = false
				}
			}
		}
	}
	if noContEdge {
		return slices.Clone(term.Successors()), nil
	}
	var cont *ir.Block
	for _, e := range contEdges {
		if s := e.succ(); cont == nil {
			cont = s
		} else if cont != s {
			cont = nil
			break
		}
	}
	if cont == nil || !postDominatesAll {
		cont = l.singleEntry(contEdges[0].from.Terminator().Loc(), contEdges)
	}
	if !postDominatesAll {
		delete(l.dom, entry.Parent())
		return []*ir.Block{entry}, nil
	}

	var subRegions []*ir.Block
	var empty []emptyBlock
	regions := make([]*ir.Region, len(branchRegions))
	for i, blocks := range branchRegions {
		regions[i] = ir.NewRegion()
		e := edge{entry, i}
		if len(blocks) == 0 {
			b := ir.NewBlock(nil, nil)
			empty = append(empty, emptyBlock{b, e.operands()})
			regions[i].Append(b)
			continue
		}
		l.singleExitBranchRegion(blocks, cont, &empty, regions[i])
		sub := regions[i].Entry()
		for j, v := range e.operands() {
			sub.Arg(j).ReplaceAllUsesWith(v)
		}
		for sub.NumArgs() > 0 {
			sub.EraseArgument(sub.NumArgs() - 1)
		}
		subRegions = append(subRegions, sub)
	}

	l.b.SetInsertionPointBefore(term)
	op := l.branchOp(term, cont.ArgTypes(), regions)
	l.erase(term)
	for _, eb := range empty {
		l.b.SetInsertionPointToEnd(eb.block)
		l.b.Create(&ir.OpState{Name: "scf.yield", Loc: op.Loc(), Operands: eb.vals})
	}
	for _, u := range slices.Clone(l.uses[cont]) {
		user := u.op
		l.b.SetInsertionPointBefore(user)
		l.b.Create(&ir.OpState{Name: "scf.yield", Loc: user.Loc(), Operands: succOperands(user, 0)})
		l.erase(user)
	}
	for i, a := range cont.Args() {
		a.ReplaceAllUsesWith(op.Result(i))
	}
	for _, o := range cont.OpList() {
		entry.Append(o)
	}
	l.eraseBlock(cont)
	return append(subRegions, entry), nil
}

func (l *lifter) eraseBlock(b *ir.Block) {
	delete(l.uses, b)
	b.Erase()
}

// branchOp creates the scf.if or scf.index_switch replacing term (a
// cf.cond_br or cf.switch; checkPreconditions rejected the others).
func (l *lifter) branchOp(term *ir.Operation, types []ir.Type, regions []*ir.Region) *ir.Operation {
	loc := term.Loc()
	if term.Name() == "cf.cond_br" {
		st := &ir.OpState{Name: "scf.if", Loc: loc, Operands: []*ir.Value{term.Operand(0)}, ResultTypes: types}
		st.AddRegion().TakeBody(regions[0])
		st.AddRegion().TakeBody(regions[1])
		return l.b.Create(st)
	}
	sw := cf.Switch{Operation: term}
	idx := l.b.CreateOp("arith.index_castui", loc, []*ir.Value{sw.Flag()}, []ir.Type{l.ctx.Index()}).Result(0)
	width := sw.Flag().Type().(*ir.IntegerType).Width
	cases := make([]int64, sw.NumCases())
	for i := range cases {
		v := sw.CaseValueBig(i)
		if v.Sign() < 0 {
			v = new(big.Int).Add(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
		}
		cases[i] = int64(v.Uint64())
	}
	st := &ir.OpState{Name: "scf.index_switch", Loc: loc, Operands: []*ir.Value{idx}, ResultTypes: types,
		Attrs: []ir.NamedAttr{{Name: "cases", Value: l.ctx.DenseI64Array(cases...)}}}
	for _, r := range regions {
		st.AddRegion().TakeBody(r)
	}
	return l.b.Create(st)
}
