package dataflow

import "github.com/kiln-gpu/kiln/ir"

// callable is a function with a body in the solved op, whose calls the
// solver follows as MLIR's DeadCodeAnalysis and
// AbstractSparseForwardDataFlowAnalysis do: its reached calls get the
// values its reached returns give, and when every caller is a call the
// solver sees, its arguments get the values those calls pass and its body
// is live only once one is reached.
type callable struct {
	body *ir.Region
	// unknownCallers: its arguments are unknown and its body is live from
	// the start, as for a public function.
	unknownCallers bool
	calls          []*ir.Operation // the reached calls, in order
	called         map[*ir.Operation]bool
}

// findCallables finds the functions with a body in root and which of them
// may have callers the solver cannot see, as MLIR's DeadCodeAnalysis: a
// public one, a nested one in a table the IR above may see, one that
// something other than a call refers to, one that is not a symbol of a
// table (not called by name), and every one when an unregistered op with
// regions (maybe a symbol table) is in root.
func (s *Solver[L]) findCallables(root *ir.Operation) {
	s.callables = map[*ir.Operation]*callable{}
	// visible: every use of the nested symbols of a table is in root.
	visible := map[*ir.Operation]bool{}
	visibleOf := func(table *ir.Operation) bool {
		if table == nil || table == root {
			return root.Block() == nil || !ir.IsNamedSymbol(root) || ir.Visibility(root) == "private"
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
			visible[u] = visibleOf(ir.EnclosingSymbolTable(u, root)) || !ir.IsNamedSymbol(u) || ir.Visibility(u) == "private"
		}
		if _, _, isCall := ir.CallOf(u); !isCall {
			for _, a := range u.Attrs() {
				ir.WalkSymbolRefs(a.Value, func(r *ir.SymbolRefAttr) {
					if chain := ir.SymbolRefChain(ir.EnclosingSymbolTable(u, nil), r); len(chain) == len(r.Nested)+1 {
						refd = append(refd, chain[len(chain)-1])
					}
				})
			}
		}
		body, _, ok := ir.CallableOf(u)
		if !ok || body == nil || body.Empty() {
			return true, true
		}
		c := &callable{body: body, called: map[*ir.Operation]bool{}}
		switch vis := ir.Visibility(u); {
		case !ir.IsNamedSymbol(u) || !parent.HasTrait(ir.SymbolTable):
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

// visitCallable handles op when it is a call to, a function of, or a
// return of a callable; false when it is none and visit goes on.
func (s *Solver[L]) visitCallable(op *ir.Operation) bool {
	if len(s.callables) == 0 {
		return false
	}
	if c := s.callables[op.ParentOp()]; c != nil && isExit(op) {
		for _, call := range c.calls {
			s.returnTo(call, op)
		}
	}
	if c := s.callables[op]; c != nil {
		if c.unknownCallers {
			s.enterRegions(op)
		}
		return true
	}
	if c := s.calleeOf(op); c != nil {
		s.visitCall(op, c)
		return true
	}
	return false
}

// calleeOf returns the callable op calls, or nil.
func (s *Solver[L]) calleeOf(op *ir.Operation) *callable {
	if op.NumSuccessors() > 0 {
		return nil
	}
	ref, _, ok := ir.CallOf(op)
	if !ok || ref == nil {
		return nil
	}
	chain := ir.SymbolRefChain(ir.EnclosingSymbolTable(op, nil), ref)
	if len(chain) != len(ref.Nested)+1 {
		return nil
	}
	return s.callables[chain[len(chain)-1]]
}

// visitCall passes a reached call's arguments to its callee, whose body it
// makes live, and the values of the callee's reached returns to its
// results.
func (s *Solver[L]) visitCall(call *ir.Operation, c *callable) {
	entry := c.body.Entry()
	if !c.unknownCallers {
		_, args, _ := ir.CallOf(call)
		for i, a := range entry.Args() {
			if i < len(args) {
				s.JoinValue(a, args[i])
			} else {
				s.SetUnknown(a)
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
func (s *Solver[L]) returnTo(call, ret *ir.Operation) {
	for i, r := range call.Results() {
		if ret.HasTrait(ir.ReturnLike) && i < ret.NumOperands() {
			s.JoinValue(r, ret.Operand(i))
		} else {
			s.SetUnknown(r)
		}
	}
}
