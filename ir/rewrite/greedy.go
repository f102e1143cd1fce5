package rewrite

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
)

// GreedyConfig controls ApplyPatternsGreedily. The zero value is MLIR's
// default configuration.
type GreedyConfig struct {
	// MaxIterations bounds the sweeps over the IR: 0 means 10, as in MLIR;
	// a negative value means no limit.
	MaxIterations int
	// MaxRewrites bounds the successful pattern applications and folds;
	// 0 or negative means no limit.
	MaxRewrites int
	// TopDown seeds each sweep with a pre-order walk (parents before the ops
	// they contain); the default is a post-order walk.
	TopDown bool
	// NoRegionSimplify turns off the erasure of unreachable blocks after
	// each sweep (MLIR's region simplification level "disabled").
	NoRegionSimplify bool
	// MergeBlocks also merges identical blocks and drops the block
	// arguments every branch passes the same value (the level
	// "aggressive", which MLIR's canonicalize has only when asked since
	// LLVM PR 95057; Kiln's zero value is its default, "normal").
	MergeBlocks bool
	// NoFold turns off folding and constant deduplication.
	NoFold bool
	// NoConstantCSE keeps folding but turns off the deduplication and
	// hoisting of the constants already in the IR (MLIR's
	// GreedyRewriteConfig::enableConstantCSE(false)); a fold's constants
	// stay where it materializes them, before the folded op.
	NoConstantCSE bool
	// Listener, when set, is told about every change as well.
	Listener ir.Listener
	// AfterSweep, when set, runs after each sweep and its region
	// simplification, with the driver's rewriter (which it must erase
	// through), and reports whether it changed the IR; a change means
	// another sweep. Canonicalize's cse-between-iterations runs cse there.
	AfterSweep func(root *ir.Operation, rw *ir.Rewriter) bool
}

// ApplyGreedily is ApplyPatternsGreedily with patterns and MLIR's default
// configuration, as a pattern pass runs it: only a broken pattern is an
// error, not missing the fixpoint.
func ApplyGreedily(op *ir.Operation, patterns ...*ir.Pattern) error {
	_, err := ApplyPatternsGreedily(op, NewPatternSet(patterns...), GreedyConfig{})
	return err
}

// ApplyPatternsGreedily rewrites the ops nested in op (not op itself) with
// folding, dead-op removal and patterns until nothing changes, and reports
// whether it reached that fixpoint within the configured limits. The error
// reports a pattern that broke its contract (changed the IR but said it
// did not match); the IR is then left as that pattern made it.
func ApplyPatternsGreedily(op *ir.Operation, patterns *PatternSet, cfg GreedyConfig) (converged bool, err error) {
	if patterns == nil {
		patterns = NewPatternSet()
	}
	d := &greedyDriver{root: op, patterns: patterns, cfg: cfg}
	d.rw = ir.NewRewriter(op.Context(), d)
	maxIter := cfg.MaxIterations
	if maxIter == 0 {
		maxIter = 10
	}
	for iter := 0; maxIter < 0 || iter < maxIter; iter++ {
		d.seed()
		changed, err := d.process()
		if err != nil {
			return false, err
		}
		if d.rewriteLimitHit() {
			return false, nil
		}
		if !cfg.NoRegionSimplify && d.simplifyRegions() {
			changed = true
		}
		if cfg.AfterSweep != nil && cfg.AfterSweep(op, d.rw) {
			changed = true
		}
		if !changed {
			return true, nil
		}
	}
	return false, nil
}

// sweepBudget is how many rewrites one sweep may make per op it started with.
const sweepBudget = 64

// greedyDriver is the worklist driver; it listens to its own rewriter so
// that every op a change touches is visited again.
type greedyDriver struct {
	root     *ir.Operation
	patterns *PatternSet
	cfg      GreedyConfig
	rw       *ir.Rewriter
	folder   *folder
	wl       *worklist
	// changes counts notifications, to catch patterns that change the IR
	// and then report no match.
	changes  int
	rewrites int
	// strict, when set, holds the only ops processed (ApplyOpPatternsAndFold).
	strict map[*ir.Operation]bool
}

// seed starts a sweep: a fresh worklist and, as MLIR's driver, a fresh
// folder that records the constants in walk order, erasing duplicates and
// hoisting the others to the start of their scope. Constants are only
// moved here, never while the worklist runs, so their order stays the one
// MLIR prints.
func (d *greedyDriver) seed() {
	d.wl = newWorklist()
	d.folder = newFolder(d.root)
	known := func(n *ir.Operation) bool {
		return !d.cfg.NoFold && !d.cfg.NoConstantCSE && d.folder.insertKnownConstant(n, d.rw)
	}
	for _, r := range d.root.Regions() {
		if d.cfg.TopDown {
			for b := range r.Blocks() {
				for o := b.First(); o != nil; {
					next := o.NextOp()
					o.WalkPre(func(n *ir.Operation) (bool, bool) {
						if known(n) {
							return false, true
						}
						d.wl.push(n)
						return true, true
					})
					o = next
				}
			}
		} else {
			r.Walk(func(n *ir.Operation) bool {
				if !known(n) {
					d.wl.push(n)
				}
				return true
			})
		}
	}
	d.wl.reverse()
}

func (d *greedyDriver) rewriteLimitHit() bool {
	return d.cfg.MaxRewrites > 0 && d.rewrites >= d.cfg.MaxRewrites
}

// process drains the worklist and reports whether the IR changed. A sweep
// ends early after sweepBudget rewrites per seeded op: patterns that keep
// re-adding the op they change would otherwise never let it end, and the
// iteration limit then reports non-convergence instead of hanging.
func (d *greedyDriver) process() (changed bool, err error) {
	budget := sweepBudget * (len(d.wl.ops) + 1)
	for op := d.wl.pop(); op != nil; op = d.wl.pop() {
		if d.rewriteLimitHit() || budget == 0 {
			return changed, nil
		}
		// Ops detached by a pattern (not erased) are no longer ours.
		if op == d.root || !d.root.IsAncestorOf(op) || d.strict != nil && !d.strict[op] {
			continue
		}
		if ir.IsTriviallyDead(op) {
			d.rw.EraseOp(op)
			changed = true
			continue
		}
		if !d.cfg.NoFold {
			if tryFold(op, d.rw) {
				d.rewrites++
				budget--
				changed = true
				continue
			}
		}
		for _, p := range d.patterns.ix.lookup(op.Name()) {
			before := d.changes
			if p.Rewrite(op, d.rw) {
				d.rewrites++
				budget--
				changed = true
				break
			}
			if d.changes != before {
				return changed, fmt.Errorf("rewrite: pattern %q changed the IR but reported no match on %s", p.Name, op.Name())
			}
		}
	}
	return changed, nil
}

// The ir.Listener methods keep the worklist current.

func (d *greedyDriver) OpInserted(op *ir.Operation) {
	d.changes++
	if d.strict != nil {
		d.strict[op] = true
	}
	d.wl.push(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpInserted(op)
	}
}

func (d *greedyDriver) OpErased(op *ir.Operation) {
	d.changes++
	d.wl.remove(op)
	d.folder.forget(op)
	delete(d.strict, op)
	// The defining ops of its operands may have lost their last use.
	for _, v := range op.Operands() {
		if v != nil {
			if def := v.DefiningOp(); def != nil {
				d.wl.push(def)
			}
		}
	}
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpErased(op)
	}
}

func (d *greedyDriver) OpModified(op *ir.Operation) {
	d.changes++
	d.wl.push(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpModified(op)
	}
}

func (d *greedyDriver) OpReplaced(op *ir.Operation, with []*ir.Value) {
	d.changes++
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpReplaced(op, with)
	}
}
