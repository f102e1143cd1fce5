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
	r.VisitUsesAbove(func(o *ir.OpOperand) bool {
		v := o.Get()
		if _, seen := u.uses[v]; !seen {
			u.values = append(u.values, v)
		}
		u.uses[v] = append(u.uses[v], o)
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
