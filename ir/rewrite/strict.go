package rewrite

import "github.com/kiln-gpu/kiln/ir"

// ApplyOpPatternsAndFold is MLIR's applyOpPatternsAndFold in its strict
// mode (GreedyRewriteStrictness::ExistingAndNewOps): ops, nested in root,
// and the ops rewrites insert or move are folded, erased when trivially
// dead, and rewritten with patterns until none changes; no other op, not
// even an operand's dead definition, is touched, and no sweep over root
// is made.
// The error reports a pattern that broke its contract.
func ApplyOpPatternsAndFold(root *ir.Operation, ops []*ir.Operation, patterns *PatternSet) error {
	d := &greedyDriver{root: root, patterns: patterns, strict: map[*ir.Operation]bool{}}
	d.rw = ir.NewRewriter(root.Context(), d)
	d.wl = newWorklist()
	d.folder = newFolder(root)
	for _, op := range ops {
		d.strict[op] = true
		d.wl.push(op)
	}
	// A fold's constants stay where the fold made them, right before the
	// folded op: with no sweep, nothing hoists or merges them (as MLIR's
	// driver, whose OperationFolder only runs when a sweep is seeded).
	_, err := d.process()
	return err
}
