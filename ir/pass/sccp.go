package pass

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// SCCP returns the sccp pass: MLIR's sparse conditional constant
// propagation. It simulates the op's regions from their entry blocks,
// following only the branches and region successors that can be taken
// given what is known constant, and folding ops on their constant
// operands; then it replaces the values found constant by constants
// (materialized by the folding op's dialect at the start of the enclosing
// isolated region) and erases the ops left dead. Arguments of the op's
// entry blocks and ops it cannot fold are unknown. Across calls it works
// as MLIR's interprocedural analysis: a call to a function with a body in
// the op gets the values its reached returns give, and a function whose
// every caller is a call in the op (private, or nested in a table no IR
// above may see, and used by calls only) gets the values its reached calls
// pass; it is not simulated until one is reached.
func SCCP() *Pass {
	return &Pass{
		Name:     "SCCP",
		Argument: "sccp",
		Summary:  "Sparse Conditional Constant Propagation",
		Run: func(op *ir.Operation, _ *Context) error {
			s := &sccpSolver{
				ctx:    op.Context(),
				vals:   map[*ir.Value]*sccpLattice{},
				live:   map[*ir.Block]bool{},
				queued: map[*ir.Operation]bool{},
				made:   map[*ir.Operation]bool{},
			}
			s.findCallables(op)
			s.enterUnknownRegions(op)
			s.solve()
			s.rewrite(op)
			return nil
		},
	}
}

// sccpLattice is a value's state: unknown until reached (nil lattice),
// then one constant or overdefined.
type sccpLattice struct {
	value   ir.Attribute
	dialect *ir.Dialect
	over    bool
}

type sccpSolver struct {
	ctx    *ir.Context
	vals   map[*ir.Value]*sccpLattice
	live   map[*ir.Block]bool
	work   []*ir.Operation
	queued map[*ir.Operation]bool
	// made are the constants the rewrite materialized.
	made map[*ir.Operation]bool
	// callables are the functions with a body in the pass's op.
	callables map[*ir.Operation]*sccpCallable
}

// sccpCallable is a function whose calls the solver follows.
type sccpCallable struct {
	body *ir.Region
	// unknownCallers: its arguments are unknown and its body is live from
	// the start, as for a public function.
	unknownCallers bool
	calls          []*ir.Operation // the reached calls, in order
	called         map[*ir.Operation]bool
}

func (s *sccpSolver) push(op *ir.Operation) {
	if !s.queued[op] && op.Block() != nil && s.live[op.Block()] {
		s.queued[op] = true
		s.work = append(s.work, op)
	}
}

// join merges l into v's state and requeues v's users when it changes.
func (s *sccpSolver) join(v *ir.Value, l sccpLattice) {
	cur := s.vals[v]
	switch {
	case cur == nil:
		s.vals[v] = &l
	case cur.over || !l.over && cur.value == l.value:
		return
	default:
		cur.over, cur.value = true, nil
	}
	for u := range v.Users() {
		s.push(u)
	}
}

func (s *sccpSolver) overdefine(v *ir.Value) { s.join(v, sccpLattice{over: true}) }

// joinValue merges the state of from into v, once from's is known.
func (s *sccpSolver) joinValue(v, from *ir.Value) {
	if l := s.vals[from]; l != nil {
		s.join(v, *l)
	}
}

// markLive makes b executable and queues its ops.
func (s *sccpSolver) markLive(b *ir.Block) {
	if s.live[b] {
		return
	}
	s.live[b] = true
	for o := range b.Ops() {
		s.push(o)
	}
}

// enterUnknownRegions makes the entry blocks of op's regions executable
// with unknown arguments, for ops whose control flow is not described.
func (s *sccpSolver) enterUnknownRegions(op *ir.Operation) {
	for _, r := range op.Regions() {
		if b := r.Entry(); b != nil {
			for _, a := range b.Args() {
				s.overdefine(a)
			}
			s.markLive(b)
		}
	}
}

func (s *sccpSolver) solve() {
	for len(s.work) > 0 {
		op := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		delete(s.queued, op)
		s.visit(op)
	}
}

func (s *sccpSolver) constants(op *ir.Operation) ([]ir.Attribute, bool) {
	operands := make([]ir.Attribute, op.NumOperands())
	known := true
	for i, v := range op.Operands() {
		l := s.vals[v]
		switch {
		case l == nil:
			known = false
		case !l.over:
			operands[i] = l.value
		}
	}
	return operands, known
}

func (s *sccpSolver) visit(op *ir.Operation) {
	if op.NumSuccessors() > 0 {
		s.visitBranch(op)
	}
	if c := s.callables[op.ParentOp()]; c != nil && isExit(op) {
		for _, call := range c.calls {
			s.returnTo(call, op)
		}
	}
	if c := s.callables[op]; c != nil {
		if c.unknownCallers {
			s.enterUnknownRegions(op)
		}
		return
	}
	if c := s.calleeOf(op); c != nil {
		s.visitCall(op, c)
		return
	}
	if parent := op.ParentOp(); parent != nil && parent.IsRegionBranch() && op.HasTrait(ir.Terminator) && op.NumSuccessors() == 0 {
		if succs, ok := s.taken(op, parent.RegionSuccessors(op)); ok {
			s.flow(parent, succs, op)
		}
	}
	switch {
	case op.IsRegionBranch():
		if succs, ok := s.taken(op, op.RegionSuccessors(nil)); ok {
			s.flow(op, succs, op)
		}
	case op.NumRegions() > 0:
		for _, r := range op.Results() {
			s.overdefine(r)
		}
		s.enterUnknownRegions(op)
	case op.NumResults() > 0:
		s.fold(op)
	}
}

// taken narrows the region successors of from (a region branch op or a
// terminator in one) to the one its constant operands pick; false while its
// operands are not all reached.
func (s *sccpSolver) taken(from *ir.Operation, succs []ir.RegionSuccessor) ([]ir.RegionSuccessor, bool) {
	i, ok := s.pick(from)
	if !ok {
		return nil, false
	}
	if i >= 0 && i < len(succs) {
		return succs[i : i+1], true
	}
	return succs, true
}

// pick returns the successor from's constant operands select, by its
// SuccessorForOperands (-1 when they do not tell); false while its operands
// are not all reached.
func (s *sccpSolver) pick(from *ir.Operation) (int, bool) {
	def := from.Def()
	if def == nil || def.SuccessorForOperands == nil {
		return -1, true
	}
	operands, known := s.constants(from)
	if !known {
		return -1, false
	}
	if i, ok := def.SuccessorForOperands(from, operands); ok {
		return i, true
	}
	return -1, true
}

// findCallables finds the functions with a body in root and which of them
// may have callers the solver cannot see, as MLIR's DeadCodeAnalysis: a
// public one, a nested one in a table the IR above may see, one that
// something other than a call refers to, and every one when an
// unregistered op with regions (maybe a symbol table) is in root.
func (s *sccpSolver) findCallables(root *ir.Operation) {
	s.callables = map[*ir.Operation]*sccpCallable{}
	// visible: every use of the nested symbols of a table is in root.
	visible := map[*ir.Operation]bool{}
	visibleOf := func(table *ir.Operation) bool {
		if table == nil || table == root {
			return root.Block() == nil || !isSymbol(root) || ir.Visibility(root) == "private"
		}
		return visible[table]
	}
	unknownUses := false
	var refd []*ir.Operation
	root.WalkPre(func(u *ir.Operation) (bool, bool) {
		if u == root {
			return true, true
		}
		if u.NumRegions() > 0 && !u.IsRegistered() {
			unknownUses = true
			return false, true
		}
		parent := u.ParentOp()
		if u.HasTrait(ir.SymbolTable) {
			visible[u] = visibleOf(nearestTable(u, root)) || !isSymbol(u) || ir.Visibility(u) == "private"
		}
		if _, _, isCall := callOf(u); !isCall {
			for _, a := range u.Attrs() {
				refs(a.Value, func(r *ir.SymbolRefAttr) {
					if chain := resolve(nearestTable(u, nil), r); len(chain) == len(r.Nested)+1 {
						refd = append(refd, chain[len(chain)-1])
					}
				})
			}
		}
		body, _, ok := callableOf(u)
		if !ok || body == nil || body.Empty() {
			return true, true
		}
		c := &sccpCallable{body: body, called: map[*ir.Operation]bool{}}
		switch vis := ir.Visibility(u); {
		case !isSymbol(u) || !parent.HasTrait(ir.SymbolTable):
			// Not called by name.
			c.unknownCallers = true
		case vis == "public", vis == "nested" && !visibleOf(parent):
			c.unknownCallers = true
		}
		s.callables[u] = c
		return true, true
	})
	for _, f := range refd {
		if c := s.callables[f]; c != nil {
			c.unknownCallers = true
		}
	}
	if unknownUses {
		for _, c := range s.callables {
			c.unknownCallers = true
		}
	}
}

// calleeOf returns the function op calls when it is one with a body in the
// pass's op, or nil.
func (s *sccpSolver) calleeOf(op *ir.Operation) *sccpCallable {
	if len(s.callables) == 0 || op.NumSuccessors() > 0 {
		return nil
	}
	ref, _, ok := callOf(op)
	if !ok || ref == nil {
		return nil
	}
	chain := resolve(nearestTable(op, nil), ref)
	if len(chain) != len(ref.Nested)+1 {
		return nil
	}
	return s.callables[chain[len(chain)-1]]
}

// visitCall passes a reached call's arguments to its callee, whose body it
// makes live, and the values of the callee's reached returns to its
// results.
func (s *sccpSolver) visitCall(call *ir.Operation, c *sccpCallable) {
	entry := c.body.Entry()
	if !c.unknownCallers {
		_, args, _ := callOf(call)
		for i, a := range entry.Args() {
			if i < len(args) {
				s.joinValue(a, args[i])
			} else {
				s.overdefine(a)
			}
		}
	}
	if !c.called[call] {
		c.called[call] = true
		c.calls = append(c.calls, call)
		for b := range c.body.Blocks() {
			if t := b.Last(); t != nil && s.live[b] && isExit(t) {
				s.returnTo(call, t)
			}
		}
	}
	s.markLive(entry)
}

// isExit reports whether op may leave its function: a terminator without
// successors, or an unregistered op ending its block, which might be one.
func isExit(op *ir.Operation) bool {
	return op.NumSuccessors() == 0 && (op.HasTrait(ir.Terminator) || !op.IsRegistered() && op.NextOp() == nil)
}

// returnTo joins the operands of a reached return of a callee into the
// results of one of its calls; a terminator that is not a return leaves
// them unknown.
func (s *sccpSolver) returnTo(call, ret *ir.Operation) {
	for i, r := range call.Results() {
		if ret.HasTrait(ir.ReturnLike) && i < ret.NumOperands() {
			s.joinValue(r, ret.Operand(i))
		} else {
			s.overdefine(r)
		}
	}
}

// visitBranch marks the successors op may take live and passes them its
// successor operands; a branch whose operands are not described passes
// unknown values.
func (s *sccpSolver) visitBranch(op *ir.Operation) {
	taken, ok := s.pick(op)
	if !ok {
		return
	}
	described := op.Def() != nil && op.Def().SuccessorOperands != nil
	for i, b := range op.Successors() {
		if taken >= 0 && i != taken {
			continue
		}
		start, n := op.SuccessorOperands(i)
		for j, a := range b.Args() {
			if described && j < n {
				s.joinValue(a, op.Operand(start+j))
			} else {
				s.overdefine(a)
			}
		}
		s.markLive(b)
	}
}

// flow passes the operands of from (op itself when entering it, else one
// of its region terminators) to the region successors succs of op.
func (s *sccpSolver) flow(op *ir.Operation, succs []ir.RegionSuccessor, from *ir.Operation) {
	for _, succ := range succs {
		if succ.Region >= 0 {
			b := op.Region(succ.Region).Entry()
			if b == nil {
				continue
			}
			if !s.live[b] {
				// Entry arguments no successor passes values to (an
				// induction variable) are unknown.
				for _, a := range b.Args() {
					if !isInput(a, op, succ.Region) {
						s.overdefine(a)
					}
				}
			}
			s.markLive(b)
		}
		for j, in := range succ.Inputs {
			if j < succ.N {
				s.joinValue(in, from.Operand(succ.Start+j))
			} else {
				s.overdefine(in)
			}
		}
	}
}

// isInput reports whether some region successor of op passes values to a.
func isInput(a *ir.Value, op *ir.Operation, region int) bool {
	froms := []*ir.Operation{nil}
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			if t := b.Last(); t != nil && t.HasTrait(ir.Terminator) {
				froms = append(froms, t)
			}
		}
	}
	for _, from := range froms {
		for _, succ := range op.RegionSuccessors(from) {
			if succ.Region == region {
				for _, in := range succ.Inputs {
					if in == a {
						return true
					}
				}
			}
		}
	}
	return false
}

// fold simulates op on its constant operands, as MLIR's
// SparseConstantPropagation: results are unknown when the op does not fold
// or folds in place (undone here).
func (s *sccpSolver) fold(op *ir.Operation) {
	operands, known := s.constants(op)
	if !known {
		return
	}
	var results []ir.FoldResult
	ok := false
	if def := op.Def(); def != nil && def.Fold != nil {
		ops, attrs := op.Operands(), slices.Clone(op.Attrs())
		results, ok = def.Fold(op, operands)
		if ok && len(results) == 0 {
			op.SetOperands(ops)
			for _, a := range op.Attrs() {
				op.RemoveAttr(a.Name)
			}
			for _, a := range attrs {
				op.SetAttr(a.Name, a.Value)
			}
		}
	}
	if !ok || len(results) != op.NumResults() {
		for _, r := range op.Results() {
			s.overdefine(r)
		}
		return
	}
	d := op.Def().Dialect()
	for i, r := range results {
		switch {
		case r.Attr != nil:
			s.join(op.Result(i), sccpLattice{value: r.Attr, dialect: d})
		case r.Value != nil && r.Value != op.Result(i):
			s.joinValue(op.Result(i), r.Value)
		default:
			s.overdefine(op.Result(i))
		}
	}
}

// rewrite replaces the values found constant, as MLIR's SCCP rewrite: ops
// whose results all become constants and that are then dead go.
func (s *sccpSolver) rewrite(root *ir.Operation) {
	consts := map[rewrite.ConstKey]*ir.Value{}
	var blocks []*ir.Block
	addRegions := func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for b := range r.Blocks() {
				blocks = append(blocks, b)
			}
		}
	}
	addRegions(root)
	for len(blocks) > 0 {
		b := blocks[0]
		blocks = blocks[1:]
		for op := b.First(); op != nil; {
			next := op.NextOp()
			all := op.NumResults() > 0
			for _, r := range op.Results() {
				all = s.replace(r, op, consts) && all
			}
			if all && ir.IsTriviallyDead(op) {
				op.Erase()
			} else {
				addRegions(op)
			}
			op = next
		}
		for _, a := range b.Args() {
			s.replace(a, b.First(), consts)
		}
	}
}

// replace replaces the uses of v by a constant if v was found to be one;
// at is an op in v's block, which locates the constant's scope.
func (s *sccpSolver) replace(v *ir.Value, at *ir.Operation, consts map[rewrite.ConstKey]*ir.Value) bool {
	l := s.vals[v]
	if l == nil || l.over || l.dialect == nil || l.dialect.MaterializeConstant == nil {
		return false
	}
	scope := rewrite.ConstScope(v.ParentRegion(), nil)
	key := rewrite.ConstKey{Scope: scope, Dialect: l.dialect, Value: l.value, Type: v.Type()}
	c := consts[key]
	if c == nil {
		entry := scope.Entry()
		before := entry.First()
		for before != nil && s.made[before] {
			before = before.NextOp()
		}
		loc := v.Loc()
		if at != nil {
			loc = at.Loc()
		}
		rw := ir.NewRewriter(s.ctx, nil)
		if before != nil {
			rw.SetInsertionPointBefore(before)
		} else {
			rw.SetInsertionPointToEnd(entry)
		}
		op := rewrite.MaterializeConstant(rw, l.dialect, l.value, v.Type(), loc)
		if op == nil {
			return false
		}
		s.made[op] = true
		c = op.Result(0)
		consts[key] = c
	}
	if c != v {
		v.ReplaceAllUsesWith(c)
	}
	return true
}
