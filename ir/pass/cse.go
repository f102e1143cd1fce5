package pass

import (
	"hash/maphash"

	"github.com/kiln-gpu/kiln/ir"
)

// CSE returns the cse pass: it replaces a pure op by an equal op that
// dominates it (same name, operands, attributes and result types; the
// operands of a commutative op in any order) and erases trivially dead ops,
// as MLIR's CSE. An op that only reads memory is replaced by an equal one
// earlier in its block when no op between them may write. An op with
// regions is merged when its regions have one block each and hold the same
// ops; ops with successors are not. Values known in a region are known in
// the regions nested in it, except below an op isolated from above, which
// starts afresh.
func CSE() *Pass {
	return &Pass{
		Name:     "CSE",
		Argument: "cse",
		Summary:  "Eliminate common sub-expressions",
		Statistics: []Statistic{
			{Name: "num-cse'd", Desc: "Number of operations CSE'd"},
			{Name: "num-dce'd", Desc: "Number of operations DCE'd"},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			// As MLIR's cse asks for DominanceInfo first, its timing entry
			// shows even when no region needs dominance. MLIR builds the
			// dominator trees lazily, in the pass's own time, as here.
			pc.Analysis("DominanceInfo", func() {})
			c := eliminateCommonSubexpressions(op, nil)
			pc.AddStatistic("num-cse'd", c.numCSE)
			pc.AddStatistic("num-dce'd", len(c.erase)-c.numCSE)
			return nil
		},
	}
}

// eliminateCommonSubexpressions runs cse on op's regions and returns the
// run, whose erase lists the ops it erased; with a rewriter, it erases
// through it so that its listener (a greedy driver) hears of the erased
// ops.
func eliminateCommonSubexpressions(op *ir.Operation, rw *ir.Rewriter) *cse {
	c := &cse{seed: maphash.MakeSeed(), known: map[uint64][]*ir.Operation{}, rw: rw}
	for _, r := range op.Regions() {
		c.region(r)
	}
	for _, dead := range c.erase {
		if rw != nil {
			rw.EraseOp(dead)
		} else {
			dead.Erase()
		}
	}
	return c
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
	// numCSE counts the erased ops that were duplicates; the others were
	// trivially dead.
	numCSE int
	rw     *ir.Rewriter
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
			// As MLIR's, ops whose regions have more than one block stay.
			if !singleBlockRegions(op) {
				continue
			}
		}
		if op.NumResults() == 0 || op.NumSuccessors() > 0 {
			continue
		}
		pure := ir.IsPure(op)
		if !pure && !op.HasTrait(ir.ReadOnly) {
			continue
		}
		h := c.hash(op)
		if existing := c.lookup(h, op); existing != nil && (pure || existing.Block() == b && !writesBetween(existing, op)) {
			if c.rw != nil {
				for i, r := range op.Results() {
					c.rw.ReplaceAllUsesWith(r, existing.Result(i))
				}
			} else {
				op.ReplaceAllUsesWith(existing.Results())
			}
			c.erase = append(c.erase, op)
			c.numCSE++
			continue
		}
		c.known[h] = append(c.known[h], op)
		c.scopes[len(c.scopes)-1] = append(c.scopes[len(c.scopes)-1], h)
	}
}

// lookup returns the latest known op equal to op.
func (c *cse) lookup(h uint64, op *ir.Operation) *ir.Operation {
	known := c.known[h]
	for i := len(known) - 1; i >= 0; i-- {
		if e := known[i]; ir.EquivalentTrees(e, op) {
			return e
		}
	}
	return nil
}

func singleBlockRegions(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		if len(r.BlockList()) > 1 {
			return false
		}
	}
	return true
}

// writesBetween reports whether an op strictly between from and to (in one
// block) may write memory: anything that is not pure, read-only or
// allocation-only, as MLIR treats an op without declared effects.
func writesBetween(from, to *ir.Operation) bool {
	for op := from.NextOp(); op != nil && op != to; op = op.NextOp() {
		if !ir.IsPure(op) && !op.HasTrait(ir.ReadOnly) && !op.HasTrait(ir.AllocOnly) {
			return true
		}
	}
	return false
}

// hash combines what equivalent compares; attributes are combined in an
// order-independent way because equal dictionaries may list them in any
// order.
func (c *cse) hash(op *ir.Operation) uint64 {
	h := maphash.String(c.seed, op.Name())
	commutative := op.HasTrait(ir.Commutative)
	var operands uint64
	for _, v := range op.Operands() {
		if commutative {
			operands += maphash.Comparable(c.seed, v)
		} else {
			h = h*31 + maphash.Comparable(c.seed, v)
		}
	}
	h = h*31 + operands
	for _, t := range op.ResultTypes() {
		h = h*31 + maphash.Comparable(c.seed, t)
	}
	var attrs uint64
	for _, a := range op.Attrs() {
		attrs ^= maphash.String(c.seed, a.Name) + 0x9e3779b97f4a7c15*maphash.Comparable(c.seed, a.Value)
	}
	return h*31 + attrs
}
