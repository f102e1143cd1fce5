package rewrite

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// finalize resolves the casts the driver inserted: dead ones are erased,
// round trips (x : A -> B -> A) and identities fold away, and the ones
// still live go to the type converter's materializations. With none
// registered the cast stays where the target allows it: a full conversion
// requires it to be legal, a partial one not to be illegal. An unresolved
// materialization is reported, never left silently.
func (c *converter) finalize() error {
	c.eraseDeadCasts()
	for changed := true; changed; {
		changed = false
		for _, op := range c.castOrder {
			if !c.alive(op) || op.NumOperands() != 1 || !op.HasResultUses() {
				continue
			}
			res, in := op.Result(0), op.Operand(0)
			if in.Type() == res.Type() {
				res.ReplaceAllUsesWith(in)
				changed = true
				continue
			}
			if d := in.DefiningOp(); d != nil && d.NumOperands() == 1 && d.Operand(0).Type() == res.Type() {
				if _, ok := c.casts[d]; ok {
					res.ReplaceAllUsesWith(d.Operand(0))
					changed = true
				}
			}
		}
		c.eraseDeadCasts()
	}
	for _, op := range c.castOrder {
		if c.alive(op) {
			if err := c.materialize(op); err != nil {
				return err
			}
		}
	}
	return nil
}

// eraseDeadCasts erases unused casts, latest first, and those that become
// unused in turn (erasing one may leave the casts feeding it unused),
// from a worklist rather than by sweeping all casts again. It leaves only
// the live casts in c.castOrder, so later sweeps skip the erased ones.
func (c *converter) eraseDeadCasts() {
	var dead []*ir.Operation
	live := c.castOrder[:0]
	for _, op := range c.castOrder {
		if !c.alive(op) {
			continue
		}
		live = append(live, op)
		if !op.HasResultUses() {
			dead = append(dead, op)
		}
	}
	clear(c.castOrder[len(live):])
	c.castOrder = live
	var inputs []*ir.Operation
	for len(dead) > 0 {
		op := dead[len(dead)-1]
		dead = dead[:len(dead)-1]
		if !c.alive(op) {
			continue // queued twice, erased already
		}
		inputs = inputs[:0]
		for i := range op.NumOperands() {
			if d := op.Operand(i).DefiningOp(); d != nil && d.Name() == castName {
				inputs = append(inputs, d)
			}
		}
		c.rw.Rewriter.EraseOp(op)
		for _, d := range inputs {
			if _, isCast := c.casts[d]; isCast && !d.HasResultUses() && c.alive(d) {
				dead = append(dead, d)
			}
		}
	}
	// Those erased here are detached.
	c.castOrder = slices.DeleteFunc(c.castOrder, func(op *ir.Operation) bool { return op.Block() == nil })
}

// materialize replaces a live cast with the type converter's
// materialization, or checks that it may stay.
func (c *converter) materialize(op *ir.Operation) error {
	var hooks []Materialization
	if tc := c.set.Types; tc != nil {
		if c.casts[op] == sourceCast {
			hooks = tc.source
		} else {
			hooks = tc.target
		}
	}
	res := op.Result(0)
	inputs := op.Operands()
	var user *ir.Operation
	for u := range res.Users() {
		user = u
		break
	}
	if len(hooks) > 0 {
		c.rw.SetInsertionPointBefore(op)
		for i := len(hooks) - 1; i >= 0; i-- {
			if v := hooks[i](&c.rw.Builder, res.Type(), inputs, op.Loc()); v != nil {
				if v.Type() != res.Type() {
					return ir.Errorf(op.Loc(), "materialization from %s to %s produced a value of type %s",
						typeList(inputs), ir.TypeString(res.Type()), ir.TypeString(v.Type()))
				}
				res.ReplaceAllUsesWith(v)
				c.rw.Rewriter.EraseOp(op)
				return nil
			}
		}
		return op.EmitErrorf("failed to materialize conversion from %s to %s that remained live after conversion",
			typeList(inputs), ir.TypeString(res.Type())).
			Note(user.Loc(), "see existing live user here: '%s' op", user.Name())
	}
	if l := c.legality(op); l == Illegal || c.full && l != Legal {
		return op.EmitErrorf("failed to legalize unresolved materialization from %s to %s that remained live after conversion",
			typeList(inputs), ir.TypeString(res.Type())).
			Note(user.Loc(), "see existing live user here: '%s' op", user.Name())
	}
	return nil
}

// typeList formats the types of values as MLIR does: (i32, f32).
func typeList(vs []*ir.Value) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ir.TypeString(v.Type()))
	}
	b.WriteByte(')')
	return b.String()
}
