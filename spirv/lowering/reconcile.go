package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// ReconcileUnrealizedCasts returns MLIR's reconcile-unrealized-casts pass.
func ReconcileUnrealizedCasts() *pass.Pass {
	return &pass.Pass{
		Name:     "ReconcileUnrealizedCasts",
		Argument: "reconcile-unrealized-casts",
		Summary:  "Simplify and eliminate unrealized conversion casts",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			var casts []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o.Name() == castName {
					casts = append(casts, o)
				}
				return true
			})
			reconcileCasts(casts)
			return nil
		},
	}
}

// reconcileCasts erases the casts of the list that are unused, and those
// that a chain of casts leads back to values of their result types, whose
// uses take those values (MLIR's reconcileUnrealizedCasts). Others stay.
func reconcileCasts(casts []*ir.Operation) {
	queued := map[*ir.Operation]bool{}
	for _, c := range casts {
		queued[c] = true
	}
	work := slices.Clone(casts)
	enqueueInputs := func(c *ir.Operation) {
		for _, v := range c.Operands() {
			if d := v.DefiningOp(); d != nil && d.Name() == castName && !queued[d] {
				queued[d] = true
				work = append(work, d)
			}
		}
	}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		delete(queued, c)
		if c.Block() == nil {
			continue // erased already
		}
		if !c.HasResultUses() {
			enqueueInputs(c)
			c.Erase()
			continue
		}
		for next := c; next != nil; next = inputCast(next) {
			if slices.Equal(next.OperandTypes(), c.ResultTypes()) {
				enqueueInputs(c)
				inputs := next.Operands()
				for i := range c.NumResults() {
					c.Result(i).ReplaceAllUsesWith(inputs[i])
				}
				c.Erase()
				break
			}
		}
	}
}

// inputCast returns the cast whose results are exactly c's inputs, in
// order, or nil.
func inputCast(c *ir.Operation) *ir.Operation {
	if c.NumOperands() == 0 {
		return nil
	}
	d := c.Operand(0).DefiningOp()
	if d == nil || d.Name() != castName || d.NumResults() != c.NumOperands() {
		return nil
	}
	for i, v := range c.Operands() {
		if d.Result(i) != v {
			return nil
		}
	}
	return d
}
