package pass

import "github.com/kiln-gpu/kiln/ir"

// TopologicalSort returns the topological-sort pass: as MLIR's, it orders
// the ops of every block in the graph regions nested in the op (regions
// without SSA dominance, such as a module's body) so that, as far as
// possible, each op comes after the ops defining its operands, those of
// the ops nested in it included. The sort is stable: a sorted block is left
// as it is, and ops on a cycle keep their relative order after the rest. A
// block's terminator stays last.
func TopologicalSort() *Pass {
	return &Pass{
		Name:     "TopologicalSort",
		Argument: "topological-sort",
		Summary:  "Sort regions without SSA dominance in topological order",
		Run: func(op *ir.Operation, _ *Context) error {
			// Nested regions first, as MLIR's post-order walk; the blocks
			// are gathered before any op moves.
			var blocks []*ir.Block
			op.Walk(func(o *ir.Operation) bool {
				if o.IsRegistered() && o.HasTrait(ir.GraphRegion) {
					for _, r := range o.Regions() {
						blocks = append(blocks, r.BlockList()...)
					}
				}
				return true
			})
			for _, b := range blocks {
				SortTopologically(b)
			}
			return nil
		},
	}
}

// SortTopologically sorts b's ops, the terminator left last, as MLIR's
// sortTopologically, and reports whether every op found a place after its
// operands' definitions (false when they form a cycle).
func SortTopologically(b *ir.Block) bool {
	var end *ir.Operation
	if t := b.Last(); t != nil && t.HasTrait(ir.Terminator) {
		end = t
	}
	unscheduled := map[*ir.Operation]bool{}
	for o := b.First(); o != end; o = o.NextOp() {
		unscheduled[o] = true
	}
	// Scheduled ops move before next, the first op not yet placed; the
	// ops from next on keep their order.
	next := b.First()
	all := true
	for len(unscheduled) > 0 {
		var round []*ir.Operation
		for o := next; o != end; o = o.NextOp() {
			round = append(round, o)
		}
		scheduled := false
		for _, o := range round {
			if !ready(o, unscheduled) {
				continue
			}
			delete(unscheduled, o)
			scheduled = true
			if o == next {
				next = o.NextOp()
			} else {
				o.MoveBefore(next)
			}
		}
		if !scheduled {
			// The rest depend on each other: give up on next and go on.
			all = false
			delete(unscheduled, next)
			next = next.NextOp()
		}
	}
	return all
}

// ready reports whether no operand of op or of the ops nested in it is
// defined by an unscheduled op or inside one (op itself aside).
func ready(op *ir.Operation, unscheduled map[*ir.Operation]bool) bool {
	return op.Walk(func(n *ir.Operation) bool {
		for _, v := range n.Operands() {
			for p := v.DefiningOp(); p != nil && p != op; p = p.ParentOp() {
				if unscheduled[p] {
					return false
				}
			}
		}
		return true
	})
}
