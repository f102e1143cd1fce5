package lowering

import "github.com/kiln-gpu/kiln/ir"

// foldSources folds the source ops under root that their folders
// simplify (constant operands, or a canonical operand order, which folds
// in place), as MLIR's conversion driver tries before any pattern. The
// constants a fold produces are materialized right before the op, as
// MLIR's rewriter does, not hoisted as the canonicalizer's are; a fold
// whose constants would not convert is not made (MLIR undoes it).
func (e *env) foldSources(root *ir.Operation) {
	// Folded during the walk, which allows erasing the op visited: the
	// constants a fold inserts go before it, where the walk has been.
	b := ir.NewBuilder(root.Context())
	root.Walk(func(op *ir.Operation) bool {
		if op != root && op.DialectName() != "spirv" {
			e.foldOne(b, op)
		}
		return true
	})
}

// foldOne folds op when its folder succeeds and every result can be
// materialized.
func (e *env) foldOne(b *ir.Builder, op *ir.Operation) {
	def := op.Def()
	if def == nil || def.Fold == nil || op.HasTrait(ir.ConstantLike) {
		return
	}
	// The buffer is reused: folders read their operands, never keep them.
	operands := e.foldOperands[:0]
	for i := range op.NumOperands() {
		operands = append(operands, nil)
		if d := op.Operand(i).DefiningOp(); d != nil && d.HasTrait(ir.ConstantLike) && d.NumResults() == 1 {
			operands[i] = d.Attr("value")
		}
	}
	e.foldOperands = operands
	results, ok := def.Fold(op, operands)
	if !ok || len(results) == 0 || len(results) != op.NumResults() {
		return // failed, or folded in place
	}
	vals := make([]*ir.Value, len(results))
	var created []*ir.Operation
	for i, r := range results {
		switch {
		case r.Value != nil && r.Value != op.Result(i) && r.Value.Type() == op.Result(i).Type():
			vals[i] = r.Value
		case r.Attr != nil && def.Dialect() != nil && def.Dialect().MaterializeConstant != nil && e.tc.ConvertType(op.Result(i).Type()) != nil:
			b.SetInsertionPointBefore(op)
			c := def.Dialect().MaterializeConstant(b, r.Attr, op.Result(i).Type(), op.Loc())
			if c != nil && c.Block() == nil {
				b.Insert(c)
			}
			if c == nil || c.NumResults() != 1 || c.Result(0).Type() != op.Result(i).Type() {
				for _, c := range created {
					c.Erase()
				}
				return
			}
			created = append(created, c)
			vals[i] = c.Result(0)
		default:
			for _, c := range created {
				c.Erase()
			}
			return
		}
	}
	for i, v := range vals {
		op.Result(i).ReplaceAllUsesWith(v)
	}
	op.Erase()
}
