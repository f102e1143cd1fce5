package mem2reg

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// SROAPass is sroa (MLIR's SROA in Transforms/Passes.td).
func SROAPass() *pass.Pass {
	return &pass.Pass{Name: "SROA", Argument: "sroa", Summary: "Scalar Replacement of Aggregates",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			Destructure(op)
			return nil
		}}
}

// Destructure splits every slot it can under op into one slot per element
// its accessors use, again while splitting makes new slots splittable, and
// returns how many it split.
func Destructure(op *ir.Operation) int {
	split := 0
	for {
		var allocs []*ir.Operation
		op.Walk(func(o *ir.Operation) bool {
			if o != op && destructurables[o.Name()] != nil {
				allocs = append(allocs, o)
			}
			return true
		})
		round := 0
		for _, a := range allocs {
			d := destructurables[a.Name()]
			for _, s := range d.DestructurableSlots(a) {
				used, ok := rewirable(s)
				if !ok {
					continue
				}
				sub := d.Destructure(a, s, used, ir.NewBuilder(a.Context()))
				var users []*ir.Operation
				for u := range s.Ptr.Users() {
					if !slices.Contains(users, u) {
						users = append(users, u)
					}
				}
				for _, u := range users {
					accessors[u.Name()].Rewire(u, s, sub)
				}
				d.DestructuringComplete(a, s)
				round++
				break // the allocator is gone
			}
		}
		if round == 0 {
			return split
		}
		split += round
	}
}

// rewirable returns the elements of s its users access, in order, false
// unless every user is an accessor that can be rewired.
func rewirable(s DestructurableSlot) ([]Index, bool) {
	seen := map[Index]bool{}
	var used []Index
	for u := range s.Ptr.Users() {
		acc := accessors[u.Name()]
		if acc == nil {
			return nil, false
		}
		idx, ok := acc.CanRewire(u, s)
		if !ok {
			return nil, false
		}
		for _, i := range idx {
			if !seen[i] {
				seen[i] = true
				used = append(used, i)
			}
		}
	}
	slices.Sort(used)
	return used, true
}
