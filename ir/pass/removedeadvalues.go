package pass

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// RemoveDeadValues returns the remove-dead-values pass, MLIR's
// RemoveDeadValues on its liveness analysis: a value is live when it has
// memory effects through its users, is returned by a public function, is
// yielded by a terminator whose parent the pass does not understand, or is
// used to compute a live value. Then it removes what is dead:
//
//   - arguments and results of functions that only calls use and that no
//     IR outside the pass's op may call (private ones, and nested ones in
//     tables hidden from the IR above), with the matching call operands
//     and results (a result goes when no call uses it);
//   - results, entry block arguments and forwarded operands of ops that
//     describe their region flow (ir.RegionSuccessor: scf.for, scf.while,
//     scf.if, scf.index_switch, scf.execute_region, affine.for, affine.if,
//     memref.alloca_scope), a group of them that values flow between
//     going only when none of the group is live;
//   - block arguments of branch successors, with the branch operands;
//   - ops with no memory effects whose results are all dead.
//
// Ops with effects, public function signatures and the IR of ops the pass
// does not understand stay.
//
// The canonicalize option is MLIR's: with false, as in MLIR, the results and
// block arguments of region-branch ops stay and the operands passed only to
// dead ones become ub.poison (created before their op); with true (the
// default) the pass erases them directly, which for the scf ops gives what
// MLIR's poison and canonicalization give, and then applies the
// canonicalization patterns of the region-branch ops' kinds to the IR, with
// folding, as MLIR does after its poisoning.
func RemoveDeadValues() *Pass {
	return &Pass{
		Name:     "RemoveDeadValues",
		Argument: "remove-dead-values",
		Summary:  "Remove dead values",
		Options: []Option{{Name: "canonicalize", Kind: BoolOption, Default: "true",
			Help: "Whether to canonicalize the IR after dead values are removed"}},
		Run: func(op *ir.Operation, pc *Context) error {
			canon := pc.Options.Bool("canonicalize")
			if !canon && op.Context().LookupOp("ub.poison") == nil {
				// MLIR's pass depends on the ub dialect for the same reason.
				return op.Errorf("remove-dead-values: canonicalize=false needs the ub dialect for ub.poison")
			}
			a := &rdv{
				top:     op,
				poison:  !canon,
				live:    map[*ir.Value]bool{},
				forced:  map[*ir.Value]bool{},
				parent:  map[*ir.Value]*ir.Value{},
				fwd:     map[pos]*ir.Value{},
				control: map[pos]*ir.Operation{},
				funcs:   map[*ir.Operation]*callee{},
				calls:   map[*ir.Operation]*callee{},
				returns: map[*ir.Operation]*callee{},
			}
			a.findFunctions()
			a.describe()
			a.solve()
			if err := a.remove(); err != nil {
				return err
			}
			if canon {
				return canonicalizeRegionBranchOps(op)
			}
			return nil
		},
	}
}

// pos is one operand of an op.
type pos struct {
	op *ir.Operation
	i  int
}

// callee is a private function whose every use is a call: its signature
// may change with its calls.
type callee struct {
	fn      *ir.Operation
	calls   []*ir.Operation
	returns []*ir.Operation // the terminators of its body
}

type rdv struct {
	top *ir.Operation
	// poison keeps the inputs and results of region-branch ops and passes
	// ub.poison to the dead ones instead (canonicalize=false).
	poison bool
	live   map[*ir.Value]bool
	// forced values are live whatever their uses: arguments of blocks some
	// branch reaches without a way to change its operands.
	forced map[*ir.Value]bool
	// parent is a union-find over the inputs of region successors: inputs
	// one operand is passed to are in one group, live or dead together.
	parent map[*ir.Value]*ir.Value
	// fwd maps an operand passed along a region edge to one input it feeds.
	fwd map[pos]*ir.Value
	// control maps the other operands of region-branch ops and of their
	// terminators (bounds, conditions) to the region-branch op.
	control map[pos]*ir.Operation
	funcs   map[*ir.Operation]*callee // by function
	calls   map[*ir.Operation]*callee // by call
	returns map[*ir.Operation]*callee // by terminator of the body
}

// isFunction reports whether op is a function with a body (its dialect's
// ir.Inliner says it is callable).
func isFunction(op *ir.Operation) bool {
	body, _, ok := ir.CallableOf(op)
	return ok && body != nil && !body.Empty() && op.HasTrait(ir.Symbol) && ir.FunctionTypeOf(op) != nil
}

// findFunctions finds the functions of the symbol tables in top whose
// every use is a call that matches their signature: private functions, and
// nested ones in a table hidden from the IR above top (as symbol-dce sees
// it: the top-level op, a table that is not a symbol, a private table, or
// one inside a hidden table). A call is what its dialect's ir.Inliner says
// is one (func.call, spirv.FunctionCall), direct, with a flat reference,
// and whose operands are all arguments. An unregistered op with regions
// may be a symbol table using anything: the functions of its table and of
// the tables inside that one stay.
func (a *rdv) findFunctions() {
	cands := map[*ir.Operation]*callee{}
	tableOf := map[*ir.Operation]*ir.Operation{} // candidate -> its table
	hidden := map[*ir.Operation]bool{}
	unknown := map[*ir.Operation]bool{} // tables holding an unregistered op with regions
	hiddenTop := a.top.ParentOp() == nil || !ir.IsNamedSymbol(a.top) || ir.Visibility(a.top) == "private"
	var users []*ir.Operation
	a.top.WalkPre(func(u *ir.Operation) (bool, bool) {
		table := ir.EnclosingSymbolTable(u, a.top)
		if u.NumRegions() > 0 && !u.IsRegistered() {
			unknown[table] = true
			return false, true
		}
		if u != a.top {
			users = append(users, u)
		}
		if !u.HasTrait(ir.SymbolTable) || u.NumRegions() == 0 {
			return true, true
		}
		h := hiddenTop
		if u != a.top {
			h = hidden[table] || !ir.IsNamedSymbol(u) || ir.Visibility(u) == "private"
		}
		hidden[u] = h
		for b := range u.Region(0).Blocks() {
			for f := range b.Ops() {
				if vis := ir.Visibility(f); isFunction(f) && (vis == "private" || vis == "nested" && h) {
					cands[f] = &callee{fn: f}
					tableOf[f] = u
				}
			}
		}
		return true, true
	})
	escaped := map[*ir.Operation]bool{}
	for _, u := range users {
		for _, at := range u.Attrs() {
			ir.WalkSymbolRefs(at.Value, func(r *ir.SymbolRefAttr) {
				chain := ir.SymbolRefChain(ir.EnclosingSymbolTable(u, nil), r)
				if len(chain) != len(r.Nested)+1 {
					return
				}
				c := cands[chain[len(chain)-1]]
				if c == nil {
					return
				}
				if isCallOf(u, r, c.fn) {
					c.calls = append(c.calls, u)
				} else {
					escaped[c.fn] = true
				}
			})
		}
	}
	// Candidates in document order, for a deterministic result.
	a.top.Walk(func(f *ir.Operation) bool {
		c := cands[f]
		if c == nil || escaped[f] {
			return true
		}
		for t := tableOf[f]; t != nil; t = ir.EnclosingSymbolTable(t, a.top) {
			if unknown[t] {
				return true
			}
			if t == a.top {
				break
			}
		}
		a.funcs[c.fn] = c
		for _, call := range c.calls {
			a.calls[call] = c
		}
		exits(c.fn.Region(0), func(term *ir.Operation) {
			a.returns[term] = c
			c.returns = append(c.returns, term)
		})
		return true
	})
}

// isCallOf reports whether call calls fn, which r names, directly with
// all its operands as arguments and fn's signature.
func isCallOf(call *ir.Operation, r *ir.SymbolRefAttr, fn *ir.Operation) bool {
	callee, args, ok := ir.CallOf(call)
	ft := ir.FunctionTypeOf(fn)
	return ok && callee != nil && callee.Root == r.Root && len(callee.Nested) == 0 && len(r.Nested) == 0 &&
		len(args) == call.NumOperands() && slices.Equal(call.OperandTypes(), ft.Inputs) && slices.Equal(call.ResultTypes(), ft.Results)
}

// describe records the region edges of every region-branch op.
func (a *rdv) describe() {
	a.top.Walk(func(op *ir.Operation) bool {
		if op.NumSuccessors() > 0 && !op.CanSetSuccessorOperands() {
			for _, s := range op.Successors() {
				for _, arg := range s.Args() {
					a.forced[arg] = true
				}
			}
		}
		if op == a.top || !op.IsRegionBranch() {
			return true
		}
		a.edges(op, op.RegionSuccessors(nil), op)
		for _, r := range op.Regions() {
			exits(r, func(t *ir.Operation) { a.edges(t, op.RegionSuccessors(t), op) })
		}
		return true
	})
}

// edges records the operands of from (the region-branch op rb or one of
// its terminators) that succs pass on, and the others as control operands.
func (a *rdv) edges(from *ir.Operation, succs []ir.RegionSuccessor, rb *ir.Operation) {
	for _, s := range succs {
		for k := range s.N {
			p := pos{from, s.Start + k}
			if prev, ok := a.fwd[p]; ok {
				a.union(prev, s.Inputs[k])
			} else {
				a.fwd[p] = s.Inputs[k]
				a.find(s.Inputs[k])
			}
		}
	}
	for i := range from.NumOperands() {
		if _, ok := a.fwd[pos{from, i}]; !ok {
			a.control[pos{from, i}] = rb
		}
	}
}

// exits calls fn for each terminator of r's blocks that leaves r (one
// with no successors).
func exits(r *ir.Region, fn func(t *ir.Operation)) {
	for b := range r.Blocks() {
		if t := b.Last(); t != nil && t.HasTrait(ir.Terminator) && t.NumSuccessors() == 0 {
			fn(t)
		}
	}
}

func (a *rdv) find(v *ir.Value) *ir.Value {
	p, ok := a.parent[v]
	if !ok {
		a.parent[v] = v
		return v
	}
	if p == v {
		return v
	}
	r := a.find(p)
	a.parent[v] = r
	return r
}

func (a *rdv) union(x, y *ir.Value) { a.parent[a.find(x)] = a.find(y) }

// solve computes the live values: optimistically none, then whatever a
// live use or a forced value makes live. A worklist revisits the values
// whose liveness may depend on one that became live.
func (a *rdv) solve() {
	// Members of each group, to mark a group live at once, and the
	// operands passed to each group.
	groups := map[*ir.Value][]*ir.Value{}
	for v := range a.parent {
		r := a.find(v)
		groups[r] = append(groups[r], v)
	}
	feeds := map[*ir.Value][]pos{}
	for p, in := range a.fwd {
		r := a.find(in)
		feeds[r] = append(feeds[r], p)
	}
	var work []*ir.Value
	a.top.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for b := range r.Blocks() {
				work = append(work, b.Args()...)
			}
		}
		if op != a.top {
			work = append(work, op.Results()...)
		}
		return true
	})
	// The values whose liveness may depend on v's.
	dependents := func(v *ir.Value) {
		if o := v.DefiningOp(); o != nil {
			work = append(work, o.Operands()...)
			if o.IsRegionBranch() {
				for _, r := range o.Regions() {
					for b := range r.Blocks() {
						if t := b.Last(); t != nil {
							work = append(work, t.Operands()...)
						}
					}
				}
			}
			if c := a.calls[o]; c != nil {
				for _, t := range c.returns {
					work = append(work, t.Operands()...)
				}
			}
			return
		}
		b := v.OwnerBlock()
		for _, p := range b.Predecessors() {
			work = append(work, p.Last().Operands()...)
		}
		if _, ok := a.parent[v]; ok {
			for _, p := range feeds[a.find(v)] {
				work = append(work, p.op.Operand(p.i))
			}
		}
		if c := a.funcs[b.ParentOp()]; c != nil && b.IsEntry() {
			for _, call := range c.calls {
				work = append(work, call.Operand(v.Index()))
			}
		}
	}
	markLive := func(v *ir.Value) {
		if !a.live[v] {
			a.live[v] = true
			dependents(v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if a.live[v] || !a.forced[v] && !a.hasLiveUse(v) {
			continue
		}
		markLive(v)
		if _, ok := a.parent[v]; ok {
			for _, m := range groups[a.find(v)] {
				markLive(m)
			}
		}
	}
}

func (a *rdv) hasLiveUse(v *ir.Value) bool {
	for u := range v.Uses() {
		if a.liveUse(u.Owner(), u.Index()) {
			return true
		}
	}
	return false
}

// liveUse reports whether operand i of o keeps its value live.
func (a *rdv) liveUse(o *ir.Operation, i int) bool {
	if o.NumSuccessors() > 0 {
		if arg := successorArg(o, i); arg != nil {
			return a.live[arg]
		}
		return true // a condition decides where control goes
	}
	if in, ok := a.fwd[pos{o, i}]; ok {
		return a.live[in]
	}
	if rb, ok := a.control[pos{o, i}]; ok {
		return !ir.IsPure(rb) || anyLive(a.live, rb.Results())
	}
	if c, ok := a.calls[o]; ok {
		return a.live[c.fn.Region(0).Entry().Arg(i)]
	}
	if c, ok := a.returns[o]; ok {
		return i >= len(ir.FunctionTypeOf(c.fn).Results) || slices.ContainsFunc(c.calls, func(call *ir.Operation) bool {
			return a.live[call.Result(i)]
		})
	}
	if o.HasTrait(ir.Terminator) {
		// Yields of functions with unknown callers and of ops whose
		// region flow is not described.
		return true
	}
	return !ir.IsPure(o) || anyLive(a.live, o.Results())
}

func anyLive(live map[*ir.Value]bool, vs []*ir.Value) bool {
	return slices.ContainsFunc(vs, func(v *ir.Value) bool { return live[v] })
}

// successorArg returns the block argument operand i of branch t is passed
// to, or nil when it is not passed to one.
func successorArg(t *ir.Operation, i int) *ir.Value {
	for s := range t.NumSuccessors() {
		if start, n := t.SuccessorOperands(s); i >= start && i < start+n && i-start < t.Successor(s).NumArgs() {
			return t.Successor(s).Arg(i - start)
		}
	}
	return nil
}

// remove erases what solve found dead: first the operands passed to dead
// values, then the dead ops (whose values are now used only among
// themselves), then the dead block arguments and results.
func (a *rdv) remove() error {
	doomed := a.deadOps()
	inDoomed := func(op *ir.Operation) bool {
		for p := op; p != nil && p != a.top; p = p.ParentOp() {
			if doomed[p] {
				return true
			}
		}
		return false
	}
	var blocks []*ir.Block // blocks that lose arguments
	type shrink struct {
		op   *ir.Operation
		dead []bool
	}
	var shrinks []shrink // ops that lose results

	// Region-branch ops: drop the operands passed to dead groups.
	a.top.Walk(func(rb *ir.Operation) bool {
		if rb == a.top || !rb.IsRegionBranch() || inDoomed(rb) {
			return true
		}
		if a.poison {
			a.poisonForwarded(rb)
			for _, r := range rb.Regions() {
				exits(r, a.poisonForwarded)
			}
			return true
		}
		a.dropForwarded(rb)
		for _, r := range rb.Regions() {
			exits(r, a.dropForwarded)
			if !r.Empty() {
				blocks = append(blocks, r.Entry())
			}
		}
		if dead := a.deadMask(rb.Results()); slices.Contains(dead, true) {
			shrinks = append(shrinks, shrink{rb, dead})
		}
		return true
	})

	// Branches: drop the operands passed to dead block arguments.
	a.top.Walk(func(t *ir.Operation) bool {
		if t.NumSuccessors() == 0 || !t.CanSetSuccessorOperands() || inDoomed(t) {
			return true
		}
		for s, b := range t.Successors() {
			start, n := t.SuccessorOperands(s)
			if dead := a.deadMask(b.Args()); n == b.NumArgs() && slices.Contains(dead, true) {
				t.SetSuccessorOperands(s, keep(t.Operands()[start:start+n], dead))
				blocks = append(blocks, b)
			}
		}
		return true
	})

	// Private functions: drop the dead arguments from the calls and the
	// results no call uses from the returns and the calls.
	type signature struct {
		fn            *ir.Operation
		args, results []bool
	}
	var sigs []signature
	for _, c := range a.funcs {
		entry := c.fn.Region(0).Entry()
		args := a.deadMask(entry.Args())
		results := make([]bool, len(ir.FunctionTypeOf(c.fn).Results))
		for i := range results {
			results[i] = !slices.ContainsFunc(c.calls, func(call *ir.Operation) bool { return a.live[call.Result(i)] })
		}
		if !slices.Contains(args, true) && !slices.Contains(results, true) {
			continue
		}
		sigs = append(sigs, signature{c.fn, args, results})
		blocks = append(blocks, entry)
		for _, call := range c.calls {
			call.SetOperands(keep(call.Operands(), args))
			shrinks = append(shrinks, shrink{call, results})
		}
		for _, t := range c.returns {
			if t.NumOperands() == len(results) {
				t.SetOperands(keep(t.Operands(), results))
			}
		}
	}

	// Dead ops.
	for op := range doomed {
		op.DropAllReferences()
	}
	for op := range doomed {
		if slices.ContainsFunc(op.Results(), (*ir.Value).HasUses) {
			return op.Errorf("remove-dead-values: a dead result is still used")
		}
	}
	for op := range doomed {
		op.Erase()
	}

	// Dead arguments and results.
	for _, b := range blocks {
		for i := b.NumArgs() - 1; i >= 0; i-- {
			if arg := b.Arg(i); !a.live[arg] && a.removableArg(arg) {
				if arg.HasUses() {
					return b.ParentOp().Errorf("remove-dead-values: a dead block argument is still used")
				}
				b.EraseArgument(i)
			}
		}
	}
	for _, s := range sigs {
		setSignature(s.fn, s.args, s.results)
	}
	for _, s := range shrinks {
		dropResults(s.op, s.dead)
	}
	return nil
}

// deadOps returns the outermost ops with no memory effects whose results
// are all dead (MLIR's simple ops and region-branch ops that go whole).
func (a *rdv) deadOps() map[*ir.Operation]bool {
	doomed := map[*ir.Operation]bool{}
	a.top.WalkPre(func(op *ir.Operation) (bool, bool) {
		if op == a.top {
			return true, true
		}
		if !op.HasTrait(ir.Terminator) && !op.HasTrait(ir.Symbol) && ir.IsPure(op) && !anyLive(a.live, op.Results()) {
			doomed[op] = true
			return false, true
		}
		return true, true
	})
	return doomed
}

// dropForwarded drops the operands of op (a region-branch op or one of
// its terminators) that are passed to dead groups.
func (a *rdv) dropForwarded(op *ir.Operation) {
	dead := make([]bool, op.NumOperands())
	for i := range dead {
		if in, ok := a.fwd[pos{op, i}]; ok && !a.live[in] {
			dead[i] = true
		}
	}
	if slices.Contains(dead, true) {
		dropOperands(op, dead)
	}
}

// dropOperands drops op's marked operands, shrinking the segments of an
// AttrSizedOperandSegments op (affine.for's inits) that held them.
func dropOperands(op *ir.Operation, dead []bool) {
	if sizes := ir.OperandSegmentSizes(op); sizes != nil {
		sizes = slices.Clone(sizes)
		at := 0
		for i, n := range sizes {
			for j := at; j < at+int(n); j++ {
				if dead[j] {
					sizes[i]--
				}
			}
			at += int(n)
		}
		op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(sizes...))
	}
	op.SetOperands(keep(op.Operands(), dead))
}

// poisonForwarded replaces the operands of op (a region-branch op or one
// of its terminators) that are passed to dead groups by ub.poison values
// created just before op, one per operand as MLIR does.
func (a *rdv) poisonForwarded(op *ir.Operation) {
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	for i, v := range op.Operands() {
		if in, ok := a.fwd[pos{op, i}]; ok && !a.live[in] {
			p := b.Create(&ir.OpState{Name: "ub.poison", Loc: op.Loc(), ResultTypes: []ir.Type{v.Type()}})
			op.SetOperand(i, p.Result(0))
		}
	}
}

// canonicalizeRegionBranchOps applies the canonicalization patterns of the
// kinds of region-branch ops in top, as MLIR does after removing dead
// values: only those patterns, with folding over the whole IR (so a
// spirv.Bitcast chain or an addi of zero left behind folds away), but
// neither constant deduplication, which would hoist the constants that
// stay in regions, nor region simplification.
func canonicalizeRegionBranchOps(top *ir.Operation) error {
	seen := map[*ir.OpDef]bool{}
	var patterns []*ir.Pattern
	top.Walk(func(op *ir.Operation) bool {
		if d := op.Def(); op != top && d != nil && op.IsRegionBranch() && !seen[d] {
			seen[d] = true
			patterns = append(patterns, d.Canonicalize...)
		}
		return true
	})
	_, err := rewrite.ApplyPatternsGreedily(top, rewrite.NewPatternSet(patterns...), rewrite.GreedyConfig{NoConstantCSE: true, NoRegionSimplify: true})
	return err
}

// removableArg reports whether a dead block argument may go: an input of a
// region successor, an argument of a private function that only calls
// use, or an argument of a block that only branches which can change
// their operands reach.
func (a *rdv) removableArg(arg *ir.Value) bool {
	if _, ok := a.parent[arg]; ok {
		return true
	}
	b := arg.OwnerBlock()
	if b.IsEntry() {
		_, ok := a.funcs[b.ParentOp()]
		return ok
	}
	return !a.forced[arg]
}

func (a *rdv) deadMask(vs []*ir.Value) []bool {
	dead := make([]bool, len(vs))
	for i, v := range vs {
		dead[i] = !a.live[v]
	}
	return dead
}

// keep returns the values whose mark is false.
func keep[T any](vs []T, marked []bool) []T {
	var out []T
	for i, v := range vs {
		if i >= len(marked) || !marked[i] {
			out = append(out, v)
		}
	}
	return out
}

// setSignature drops the marked inputs and results from fn's
// function_type, arg_attrs and res_attrs.
func setSignature(fn *ir.Operation, args, results []bool) {
	ctx := fn.Context()
	ft := ir.FunctionTypeOf(fn)
	fn.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(keep(ft.Inputs, args), keep(ft.Results, results))))
	for _, at := range []struct {
		name string
		dead []bool
	}{{"arg_attrs", args}, {"res_attrs", results}} {
		if arr, ok := fn.Attr(at.name).(*ir.ArrayAttr); ok {
			fn.SetAttr(at.name, ctx.ArrayAttr(keep(arr.Elems, at.dead)...))
		}
	}
}

// dropResults replaces op by a copy without the marked results, its
// regions moved over.
func dropResults(op *ir.Operation, dead []bool) {
	if !slices.Contains(dead, true) {
		return
	}
	ctx := op.Context()
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: keep(op.ResultTypes(), dead), Attrs: op.Attrs(), Successors: op.Successors()}
	for range op.Regions() {
		st.AddRegion()
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	n := b.Create(st)
	rw := ir.NewRewriter(ctx, nil)
	for i, r := range op.Regions() {
		rw.InlineRegionBefore(r, n.Region(i), nil)
	}
	k := 0
	for i, v := range op.Results() {
		if !dead[i] {
			v.ReplaceAllUsesWith(n.Result(k))
			k++
		}
	}
	op.Erase()
}
