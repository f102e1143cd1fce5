package outline

import "github.com/kiln-gpu/kiln/ir"

// usesAbove lists the values a region uses but does not define, in the
// order of their first use in a post-order walk (MLIR's
// getUsedValuesDefinedAbove order), with the operands that use them.
type usesAbove struct {
	values []*ir.Value
	uses   map[*ir.Value][]*ir.OpOperand
}

func collectUsesAbove(r *ir.Region) *usesAbove {
	u := &usesAbove{uses: map[*ir.Value][]*ir.OpOperand{}}
	r.Walk(func(op *ir.Operation) bool {
		for i := range op.NumOperands() {
			v := op.Operand(i)
			if definedIn(v, r) {
				continue
			}
			if _, seen := u.uses[v]; !seen {
				u.values = append(u.values, v)
			}
			u.uses[v] = append(u.uses[v], op.OpOperand(i))
		}
		return true
	})
	return u
}

// replace makes every recorded use of v in the region use w instead.
func (u *usesAbove) replace(v, w *ir.Value) {
	for _, o := range u.uses[v] {
		o.Set(w)
	}
}

// definedIn reports whether v is defined in r or in a region nested in it;
// it climbs v's ancestors, so it costs the nesting depth.
func definedIn(v *ir.Value, r *ir.Region) bool {
	for b := v.OwnerBlock(); b != nil; {
		reg := b.Parent()
		if reg == nil {
			return false
		}
		if reg == r {
			return true
		}
		op := reg.ParentOp()
		if op == nil {
			return false
		}
		b = op.Block()
	}
	return false
}
