package mem2reg

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// SROAPass is sroa (MLIR's SROA in Transforms/Passes.td).
func SROAPass() *pass.Pass {
	return &pass.Pass{Name: "SROA", Argument: "sroa", Summary: "Scalar Replacement of Aggregates",
		Statistics: []pass.Statistic{
			{Name: "destructured slots", Desc: "Total amount of memory slots destructured"},
			{Name: "slots with memory benefit", Desc: "Total amount of memory slots in which the destructured size was smaller than the total size after eliminating unused fields"},
			{Name: "max subelement number", Desc: "Maximal number of sub-elements a successfully destructured slot initially had"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			s := Destructure(op)
			pc.AddStatistic("destructured slots", s.Split)
			pc.AddStatistic("slots with memory benefit", s.WithBenefit)
			pc.MaxStatistic("max subelement number", s.MaxElements)
			return nil
		}}
}

// SROAStats counts what Destructure did, as MLIR's sroa statistics.
type SROAStats struct {
	// Split is how many slots were destructured, WithBenefit how many of
	// them had elements no accessor used, MaxElements the most elements
	// one of them had.
	Split, WithBenefit, MaxElements int
}

// Destructure splits every slot it can under op into one slot per element
// its accessors use, again while splitting makes new slots splittable, and
// returns what it did.
func Destructure(op *ir.Operation) SROAStats {
	var stats SROAStats
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
				if len(used) != len(s.Elements) {
					stats.WithBenefit++
				}
				stats.MaxElements = max(stats.MaxElements, len(s.Elements))
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
			return stats
		}
		stats.Split += round
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
