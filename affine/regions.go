package affine

import "github.com/kiln-gpu/kiln/ir"

// The RegionSuccessors of affine.for and affine.if (MLIR's
// RegionBranchOpInterface on AffineForOp and AffineIfOp); affine.if's are
// ir.BranchSuccessors. affine.parallel has none, as in MLIR: its results
// come from its reductions, not from the values its body yields.

// forSuccessors: the inits (after the bound operands) go to the body's
// iter_args or, for zero trips, to the results; what the body yields goes
// back to the iter_args or to the results. Both are always listed, so that
// an iter_arg and its result stay together; forTaken narrows them when the
// trip count is known.
func forSuccessors(op *ir.Operation, from *ir.Operation) []ir.RegionSuccessor {
	start := 0
	if from == nil {
		f := For{op}
		start = len(f.LowerBoundOperands()) + len(f.UpperBoundOperands())
	}
	return []ir.RegionSuccessor{ir.EntrySuccessor(op, 0, start, 1), ir.ResultsSuccessor(op, start)}
}

// forTaken is MLIR's pruning of AffineForOp::getSuccessorRegions by the
// constant trip count: a loop that runs enters its body, one that does not
// goes straight to its results.
func forTaken(op *ir.Operation, _ []ir.Attribute) (int, bool) {
	n, ok := tripCount(op)
	switch {
	case !ok:
		return 0, false
	case n > 0:
		return 0, true
	}
	return 1, true
}

// yieldTaken: the body of an affine.for that runs once yields to the
// results only.
func yieldTaken(op *ir.Operation, _ []ir.Attribute) (int, bool) {
	p := op.ParentOp()
	if p == nil || p.Name() != "affine.for" {
		return 0, false
	}
	if n, ok := tripCount(p); ok && n == 1 {
		return 1, true
	}
	return 0, false
}
