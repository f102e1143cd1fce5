package pass

import (
	"github.com/kiln-gpu/kiln/ir"
)

// LoopInvariantCodeMotion returns the loop-invariant-code-motion pass:
// as MLIR's, it moves out of each LoopLike op (innermost first) the ops of
// its regions' top level that have no memory effects, may be speculated
// and use (themselves or through the ops nested in them) only values
// defined outside the loop, placing them just before the loop.
func LoopInvariantCodeMotion() *Pass {
	return &Pass{
		Name:     "LoopInvariantCodeMotion",
		Argument: "loop-invariant-code-motion",
		Summary:  "Hoist loop invariant instructions outside of the loop",
		Run: func(op *ir.Operation, _ *Context) error {
			var loops []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o.HasTrait(ir.LoopLike) {
					loops = append(loops, o)
				}
				return true
			})
			for _, loop := range loops {
				hoistInvariants(loop)
			}
			return nil
		},
	}
}

// hoistInvariants is MLIR's moveLoopInvariantCode for one loop.
func hoistInvariants(loop *ir.Operation) {
	outside := func(v *ir.Value) bool {
		r := v.ParentRegion()
		return r == nil || !loop.IsAncestorOf(r.ParentOp())
	}
	for _, r := range loop.Regions() {
		var work []*ir.Operation
		for b := range r.Blocks() {
			for o := range b.Ops() {
				work = append(work, o)
			}
		}
		for len(work) > 0 {
			o := work[0]
			work = work[1:]
			// Skip the ops already moved and those that must stay.
			if o.ParentRegion() != r || !ir.IsPure(o) || !ir.IsSpeculatable(o) || !usesOnly(o, outside) {
				continue
			}
			o.MoveBefore(loop)
			for _, res := range o.Results() {
				for u := range res.Users() {
					if u.ParentRegion() == r {
						work = append(work, u)
					}
				}
			}
		}
	}
}

// usesOnly reports whether op, not a terminator, and the ops nested in it
// use only values that ok accepts or that are defined inside op.
func usesOnly(op *ir.Operation, ok func(*ir.Value) bool) bool {
	if op.HasTrait(ir.Terminator) {
		return false
	}
	return op.Walk(func(o *ir.Operation) bool {
		for _, v := range o.Operands() {
			if r := v.ParentRegion(); r != nil && op.IsAncestorOf(r.ParentOp()) {
				continue
			}
			if !ok(v) {
				return false
			}
		}
		return true
	})
}
