package pass

import (
	"hash/maphash"

	"github.com/kiln-gpu/kiln/ir"
)

// CSE returns the cse pass: it replaces a pure op by an equal op that
// dominates it (same name, operands, attributes and result types) and
// erases trivially dead ops, as MLIR's CSE. Ops with regions or successors
// are not merged. Values known in a region are known in the regions nested
// in it, except below an op isolated from above, which starts afresh.
func CSE() *Pass {
	return &Pass{
		Name:     "CSE",
		Argument: "cse",
		Summary:  "Eliminate common sub-expressions",
		Run: func(op *ir.Operation, _ *Context) error {
			c := &cse{seed: maphash.MakeSeed(), known: map[uint64][]*ir.Operation{}}
			for _, r := range op.Regions() {
				c.region(r)
			}
			for _, dead := range c.erase {
				dead.Erase()
			}
			return nil
		},
	}
}

// cse is one run: a scoped table of the ops available at the current
// point of a dominator-tree walk.
type cse struct {
	seed  maphash.Seed
	known map[uint64][]*ir.Operation
	// scopes lists, per open scope, the hashes it added to, so closing the
	// scope pops exactly its entries.
	scopes [][]uint64
	erase  []*ir.Operation
}

func (c *cse) region(r *ir.Region) {
	if r.Empty() {
		return
	}
	if r.HasOneBlock() {
		c.scoped(r.Entry(), nil)
		return
	}
	c.scoped(r.Entry(), domChildren(r))
}

// scoped simplifies b, then the blocks it dominates, in one scope.
func (c *cse) scoped(b *ir.Block, children map[*ir.Block][]*ir.Block) {
	c.scopes = append(c.scopes, nil)
	c.block(b)
	for _, d := range children[b] {
		c.scoped(d, children)
	}
	top := c.scopes[len(c.scopes)-1]
	for i := len(top) - 1; i >= 0; i-- {
		h := top[i]
		c.known[h] = c.known[h][:len(c.known[h])-1]
		if len(c.known[h]) == 0 {
			delete(c.known, h)
		}
	}
	c.scopes = c.scopes[:len(c.scopes)-1]
}

func (c *cse) block(b *ir.Block) {
	for op := range b.Ops() {
		if ir.IsTriviallyDead(op) {
			c.erase = append(c.erase, op)
			continue
		}
		if op.NumRegions() > 0 {
			if op.HasTrait(ir.IsolatedFromAbove) || !op.IsRegistered() {
				// Nothing from outside may be used inside: start afresh.
				outer, outerScopes := c.known, c.scopes
				c.known, c.scopes = map[uint64][]*ir.Operation{}, nil
				for _, r := range op.Regions() {
					c.region(r)
				}
				c.known, c.scopes = outer, outerScopes
			} else {
				for _, r := range op.Regions() {
					c.region(r)
				}
			}
			continue
		}
		if !ir.IsPure(op) || op.NumResults() == 0 || op.NumSuccessors() > 0 {
			continue
		}
		h := c.hash(op)
		if existing := c.lookup(h, op); existing != nil {
			op.ReplaceAllUsesWith(existing.Results())
			c.erase = append(c.erase, op)
			continue
		}
		c.known[h] = append(c.known[h], op)
		c.scopes[len(c.scopes)-1] = append(c.scopes[len(c.scopes)-1], h)
	}
}

func (c *cse) lookup(h uint64, op *ir.Operation) *ir.Operation {
	for _, e := range c.known[h] {
		if ir.EquivalentOps(e, op, false) {
			return e
		}
	}
	return nil
}

// hash combines what equivalent compares; attributes are combined in an
// order-independent way because equal dictionaries may list them in any
// order.
func (c *cse) hash(op *ir.Operation) uint64 {
	h := maphash.String(c.seed, op.Name())
	for _, v := range op.Operands() {
		h = h*31 + maphash.Comparable(c.seed, v)
	}
	for _, t := range op.ResultTypes() {
		h = h*31 + maphash.Comparable(c.seed, t)
	}
	var attrs uint64
	for _, a := range op.Attrs() {
		attrs ^= maphash.String(c.seed, a.Name) + 0x9e3779b97f4a7c15*maphash.Comparable(c.seed, a.Value)
	}
	return h*31 + attrs
}
