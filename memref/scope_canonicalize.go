package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// allocatesOnStack reports an op that allocates in the enclosing automatic
// allocation scope (MLIR's AutomaticAllocationScopeResource): memref.alloca.
func allocatesOnStack(op *ir.Operation) bool { return op.Name() == "memref.alloca" }

// mayAllocateOnStack is MLIR's isOpItselfPotentialAutomaticAllocation: an
// op with recursive effects is judged by its nested ops; an unregistered op
// may do anything; a registered op allocates on the stack only if it is
// memref.alloca.
func mayAllocateOnStack(op *ir.Operation) bool {
	if op.HasTrait(ir.RecursiveEffects) {
		return false
	}
	return !op.IsRegistered() || allocatesOnStack(op)
}

// lastNonTerminator reports whether op is followed only by its block's
// terminator in a one-block region, so that moving its contents out does
// not extend an allocation's lifetime.
func lastNonTerminator(op *ir.Operation) bool {
	b := op.Block()
	return b != nil && op.NextOp() != nil && op.NextOp() == b.Terminator() && b.Parent().HasOneBlock()
}

// inlineAllocaScope inlines a scope that allocates nothing, or that is the
// last op of a parent that is itself an allocation scope (MLIR's
// AllocaScopeInliner).
func inlineAllocaScope(op *ir.Operation, rw *ir.Rewriter) bool {
	mayAlloc := false
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			for o := range b.Ops() {
				o.WalkPre(func(n *ir.Operation) (bool, bool) {
					if mayAllocateOnStack(n) {
						mayAlloc = true
						return false, false
					}
					return !n.HasTrait(ir.AutomaticAllocationScope), true
				})
			}
		}
	}
	if mayAlloc {
		pa := op.ParentOp()
		if pa == nil || !pa.HasTrait(ir.AutomaticAllocationScope) || !lastNonTerminator(op) {
			return false
		}
	}
	b := op.Region(0).Entry()
	if b == nil {
		return false
	}
	term := b.Last()
	results := term.Operands()
	rw.InlineBlockBefore(b, op, nil)
	rw.ReplaceOp(op, results)
	rw.EraseOp(term)
	return true
}

// hoistAllocaScopeAllocas moves the memref.alloca ops of a scope whose
// operands are defined outside the outermost op between the scope and the
// enclosing allocation scope to just before that op, when each op on the
// way is the last of its block (MLIR's AllocaScopeHoister).
func hoistAllocaScopeAllocas(op *ir.Operation, rw *ir.Rewriter) bool {
	outer := op.ParentOp()
	if outer == nil || outer.HasTrait(ir.AutomaticAllocationScope) || !lastNonTerminator(op) || !lastNonTerminator(outer) {
		return false
	}
	for {
		pa := outer.ParentOp()
		if pa == nil {
			return false
		}
		if pa.HasTrait(ir.AutomaticAllocationScope) {
			break
		}
		outer = pa
		if !lastNonTerminator(outer) {
			return false
		}
	}
	var toHoist []*ir.Operation
	op.Walk(func(n *ir.Operation) bool {
		if !allocatesOnStack(n) {
			return true
		}
		for _, v := range n.Operands() {
			if regionWithin(v.ParentRegion(), outer) {
				return true
			}
		}
		toHoist = append(toHoist, n)
		return true
	})
	if len(toHoist) == 0 {
		return false
	}
	rw.SetInsertionPointBefore(outer)
	for _, n := range toHoist {
		c := rw.Insert(n.Clone(ir.NewMapping()))
		rw.ReplaceOp(n, c.Results())
	}
	return true
}

// regionWithin reports whether r is one of op's regions or nested in one.
func regionWithin(r *ir.Region, op *ir.Operation) bool {
	for r != nil {
		pa := r.ParentOp()
		if pa == op {
			return true
		}
		if pa == nil {
			return false
		}
		r = pa.ParentRegion()
	}
	return false
}
