// Package dataflow is Kiln's sparse forward dataflow engine, MLIR's
// DataFlowSolver with its DeadCodeAnalysis and
// SparseForwardDataFlowAnalysis in one: it keeps one lattice state per
// value, simulates an op's regions from their entry blocks and follows only
// the branches and region successors that can be taken given the constants
// the states stand for, across calls to the functions under that op too
// (calls.go). An Analysis says what a state is and how an op computes its
// results; sccp (ir/pass) and the integer range analysis
// (arith/intrange) are its two analyses.
package dataflow

import "github.com/kiln-gpu/kiln/ir"

// Analysis is what a Solver computes, over states of type L.
type Analysis[L any] interface {
	// Unknown is the state of a value nothing is known of (MLIR's entry
	// state: overdefined, the maximal range).
	Unknown(v *ir.Value) L
	// Join returns the join of cur (v's state) and l, and whether it
	// differs from cur.
	Join(v *ir.Value, cur, l L) (L, bool)
	// Constant is the constant attribute a state stands for (nil when it
	// is none), which decides the branches taken.
	Constant(v *ir.Value, l L) ir.Attribute
	// Visit computes the results of op, an op without regions, from its
	// operands' states.
	Visit(s *Solver[L], op *ir.Operation)
	// VisitArgs gives states to the entry arguments args of op's region
	// that no region successor passes values to (an induction variable,
	// the arguments of an op whose control flow is not described), each
	// time control enters that region.
	VisitArgs(s *Solver[L], op *ir.Operation, region int, args []*ir.Value)
}

// Solver runs an Analysis to its fixed point. Each op is visited again only
// when the state of one of its operands changed or its block became live,
// so the cost is linear in the IR times the lattice's height.
type Solver[L any] struct {
	a      Analysis[L]
	vals   map[*ir.Value]*L
	live   map[*ir.Block]bool
	work   []*ir.Operation
	queued map[*ir.Operation]bool
	// nonInputs are the entry arguments of a region branch op's region
	// that no region successor passes values to.
	nonInputs map[*ir.Block][]*ir.Value
	// callables are the functions with a body in the solved op.
	callables map[*ir.Operation]*callable
}

// New returns a solver of a.
func New[L any](a Analysis[L]) *Solver[L] {
	return &Solver[L]{a: a, vals: map[*ir.Value]*L{}, live: map[*ir.Block]bool{}, queued: map[*ir.Operation]bool{}, nonInputs: map[*ir.Block][]*ir.Value{}}
}

// Run makes the entry blocks of root's regions live and solves.
func (s *Solver[L]) Run(root *ir.Operation) {
	s.findCallables(root)
	s.enterRegions(root)
	// The worklist is a queue, as MLIR's: ops run first in program order,
	// so a loop sees its bounds' ranges before it widens.
	for len(s.work) > 0 {
		op := s.work[0]
		s.work = s.work[1:]
		delete(s.queued, op)
		s.visit(op)
	}
}

// State returns v's state; false while v is not reached.
func (s *Solver[L]) State(v *ir.Value) (L, bool) {
	if l := s.vals[v]; l != nil {
		return *l, true
	}
	var zero L
	return zero, false
}

func (s *Solver[L]) push(op *ir.Operation) {
	if !s.queued[op] && op.Block() != nil && s.live[op.Block()] {
		s.queued[op] = true
		s.work = append(s.work, op)
	}
}

// Join merges l into v's state and requeues v's users when it changes.
func (s *Solver[L]) Join(v *ir.Value, l L) {
	cur := s.vals[v]
	if cur == nil {
		s.vals[v] = &l
	} else {
		next, changed := s.a.Join(v, *cur, l)
		if !changed {
			return
		}
		*cur = next
	}
	for u := range v.Users() {
		s.push(u)
	}
}

// SetUnknown joins the unknown state into v's.
func (s *Solver[L]) SetUnknown(v *ir.Value) { s.Join(v, s.a.Unknown(v)) }

// JoinValue merges the state of from into v, once from's is known.
func (s *Solver[L]) JoinValue(v, from *ir.Value) {
	if l := s.vals[from]; l != nil {
		s.Join(v, *l)
	}
}

// Constants returns the constants op's operands stand for (nil for
// those that stand for none); false while some operand is not reached.
func (s *Solver[L]) Constants(op *ir.Operation) ([]ir.Attribute, bool) {
	operands := make([]ir.Attribute, op.NumOperands())
	known := true
	for i, v := range op.Operands() {
		if l := s.vals[v]; l == nil {
			known = false
		} else {
			operands[i] = s.a.Constant(v, *l)
		}
	}
	return operands, known
}

// markLive makes b executable and queues its ops.
func (s *Solver[L]) markLive(b *ir.Block) {
	if s.live[b] {
		return
	}
	s.live[b] = true
	for o := range b.Ops() {
		s.push(o)
	}
}

// enterRegions makes the entry blocks of op's regions executable, for ops
// whose control flow is not described, and has the analysis give their
// arguments states.
func (s *Solver[L]) enterRegions(op *ir.Operation) {
	for i, r := range op.Regions() {
		if b := r.Entry(); b != nil {
			if b.NumArgs() > 0 {
				s.a.VisitArgs(s, op, i, b.Args())
			}
			s.markLive(b)
		}
	}
}

func (s *Solver[L]) visit(op *ir.Operation) {
	if op.NumSuccessors() > 0 {
		s.visitBranch(op)
	}
	if s.visitCallable(op) {
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
			s.SetUnknown(r)
		}
		s.enterRegions(op)
	case op.NumResults() > 0:
		s.a.Visit(s, op)
	}
}

// taken narrows the region successors of from (a region branch op or a
// terminator in one) to the one its constant operands pick; false while its
// operands are not all reached.
func (s *Solver[L]) taken(from *ir.Operation, succs []ir.RegionSuccessor) ([]ir.RegionSuccessor, bool) {
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
func (s *Solver[L]) pick(from *ir.Operation) (int, bool) {
	def := from.Def()
	if def == nil || def.SuccessorForOperands == nil {
		return -1, true
	}
	operands, known := s.Constants(from)
	if !known {
		return -1, false
	}
	if i, ok := def.SuccessorForOperands(from, operands); ok {
		return i, true
	}
	return -1, true
}

// visitBranch marks the successors op may take live and passes them its
// successor operands; a branch whose operands are not described passes
// unknown values.
func (s *Solver[L]) visitBranch(op *ir.Operation) {
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
				s.JoinValue(a, op.Operand(start+j))
			} else {
				s.SetUnknown(a)
			}
		}
		s.markLive(b)
	}
}

// flow passes the operands of from (op itself when entering it, else one
// of its region terminators) to the region successors succs of op.
func (s *Solver[L]) flow(op *ir.Operation, succs []ir.RegionSuccessor, from *ir.Operation) {
	for _, succ := range succs {
		if succ.Region >= 0 {
			b := op.Region(succ.Region).Entry()
			if b == nil {
				continue
			}
			args, ok := s.nonInputs[b]
			if !ok {
				for _, a := range b.Args() {
					if !isInput(a, op, succ.Region) {
						args = append(args, a)
					}
				}
				s.nonInputs[b] = args
			}
			if len(args) > 0 {
				s.a.VisitArgs(s, op, succ.Region, args)
			}
			s.markLive(b)
		}
		for j, in := range succ.Inputs {
			if j < succ.N {
				s.JoinValue(in, from.Operand(succ.Start+j))
			} else {
				s.SetUnknown(in)
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
