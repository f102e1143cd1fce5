package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

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
	cfg := &ir.FoldConfig{Materialize: e.materialize}
	root.Walk(func(op *ir.Operation) bool {
		if op != root && op.DialectName() != "spirv" {
			foldOne(b, op, cfg)
		}
		return true
	})
}

// foldOne folds op when its folder succeeds and every result can be
// materialized in a type that converts.
func foldOne(b *ir.Builder, op *ir.Operation, cfg *ir.FoldConfig) {
	b.SetInsertionPointBefore(op)
	vals, ok := b.TryFold(op, cfg)
	if !ok || len(vals) == 0 {
		return // failed, or folded in place
	}
	for i, v := range vals {
		op.Result(i).ReplaceAllUsesWith(v)
	}
	op.Erase()
}

// materialize builds a folded constant through op's dialect before op,
// unless its type does not convert to SPIR-V or no pattern of this
// conversion converts it (MLIR legalizes the constants of a fold and
// undoes the fold when one does not: convert-vector-to-spirv keeps
// vector.extract at a poison position, which would fold to ub.poison).
func (e *env) materialize(b *ir.Builder, op *ir.Operation, value ir.Attribute, t ir.Type) (*ir.Operation, bool) {
	if e.tc.ConvertType(t) == nil {
		return nil, false
	}
	c := ir.MaterializeConstant(b, op.Def().Dialect(), value, t, op.Loc())
	if c != nil && e.opts.Dialects != nil && c.DialectName() != "spirv" && !slices.Contains(e.opts.Dialects, c.DialectName()) {
		c.Erase()
		return nil, false
	}
	return c, c != nil
}
