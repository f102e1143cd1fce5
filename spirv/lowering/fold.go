package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// foldSources folds the source ops under root that their folders
// simplify (constant operands, or a canonical operand order, which folds
// in place), as MLIR's conversion driver tries before any pattern, in its
// order (parents before the ops they contain). The constants a fold
// produces are materialized right before the op, as MLIR's rewriter does,
// not hoisted as the canonicalizer's are; a fold whose constants would not
// convert is not made (MLIR undoes it). As in MLIR, where a replaced op
// stays in the IR until the conversion ends, a folded op keeps its uses
// until the walk is done: a later fold sees it, not its replacement, so an
// extract from a folded broadcast gives the broadcast's operand rather than
// a new constant, and folds do not chain through constants they made.
func (e *env) foldSources(root *ir.Operation) {
	b := ir.NewBuilder(root.Context())
	cfg := &ir.FoldConfig{Materialize: e.materialize}
	type folded struct {
		op   *ir.Operation
		vals []*ir.Value
	}
	var done []folded
	root.WalkPre(func(op *ir.Operation) (bool, bool) {
		if op != root && op.DialectName() != "spirv" {
			// Constants go right before op; a fold in place needs no replacing.
			b.SetInsertionPointBefore(op)
			if vals, ok := b.TryFold(op, cfg); ok && len(vals) > 0 {
				done = append(done, folded{op, vals})
			}
		}
		return true, true
	})
	// A fold's values are defined before the op, so they may be results of
	// ops folded earlier: replacing the latest first lets the earlier
	// replacements carry those uses on. Erasing the latest first drops a
	// folded op's uses of those folded before it.
	for i := len(done) - 1; i >= 0; i-- {
		for j, v := range done[i].vals {
			done[i].op.Result(j).ReplaceAllUsesWith(v)
		}
	}
	for i := len(done) - 1; i >= 0; i-- {
		done[i].op.Erase()
	}
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
