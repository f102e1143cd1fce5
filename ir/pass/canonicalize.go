package pass

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// Canonicalize returns the canonicalize pass: the greedy driver with the
// folders and canonicalization patterns of every loaded dialect and op.
func Canonicalize() *Pass {
	var patterns *rewrite.PatternSet
	return &Pass{
		Name:     "Canonicalizer",
		Argument: "canonicalize",
		Summary:  "Canonicalize operations",
		Options: []Option{
			{Name: "max-iterations", Kind: Int64Option, Default: "10", Help: "Max. iterations between applying patterns / simplifying regions (-1: no limit)"},
			{Name: "max-num-rewrites", Kind: Int64Option, Default: "-1", Help: "Max. number of pattern rewrites within an iteration (-1: no limit)"},
			{Name: "region-simplify", Kind: EnumOption, Default: "normal", Values: []string{"disabled", "normal", "aggressive"}, Help: "Perform control flow optimizations to the region tree (disabled, normal or aggressive)"},
			{Name: "top-down", Kind: BoolOption, Default: "true", Help: "Seed the worklist in general top-down order"},
			{Name: "test-convergence", Kind: BoolOption, Default: "false", Help: "Test only: Fail pass on non-convergence to detect cyclic pattern"},
			{Name: "disable-patterns", Kind: ListOption, Help: "Labels of patterns that should be filtered out during application"},
			{Name: "enable-patterns", Kind: ListOption, Help: "Labels of patterns that should be used during application, all other patterns are filtered out"},
			{Name: "filter-dialects", Kind: ListOption, Help: "Only collect canonicalization patterns from the listed dialects (folders still run)"},
			{Name: "cse-between-iterations", Kind: BoolOption, Default: "false", Help: "Run full CSE between each pattern-application iteration, so that patterns see the deduplicated ops"},
		},
		Init: func(ctx *ir.Context, opts *Options) error {
			all := rewrite.CanonicalizationPatterns(ctx)
			if names := opts.List("filter-dialects"); len(names) > 0 {
				all = nil
				for _, n := range names {
					d := ctx.Dialect(n)
					if d == nil {
						return fmt.Errorf("can't load dialect '%s': missing registration?", n)
					}
					all = append(all, d.Canonicalize...)
					for _, op := range d.Ops {
						all = append(all, op.Canonicalize...)
					}
				}
			}
			disabled, enabled := opts.List("disable-patterns"), opts.List("enable-patterns")
			all = slices.DeleteFunc(all, func(p *ir.Pattern) bool {
				return slices.Contains(disabled, p.Name) || len(enabled) > 0 && !slices.Contains(enabled, p.Name)
			})
			patterns = rewrite.NewPatternSet(all...)
			return nil
		},
		Run: func(op *ir.Operation, pc *Context) error {
			o := pc.Options
			maxIter := o.Int("max-iterations")
			if maxIter == 0 {
				return nil
			}
			level := o.String("region-simplify")
			cfg := rewrite.GreedyConfig{
				MaxIterations:    maxIter,
				MaxRewrites:      o.Int("max-num-rewrites"),
				TopDown:          o.Bool("top-down"),
				NoRegionSimplify: level == "disabled",
				MergeBlocks:      level == "aggressive",
			}
			if o.Bool("cse-between-iterations") {
				cfg.AfterSweep = func(root *ir.Operation, rw *ir.Rewriter) bool {
					return len(eliminateCommonSubexpressions(root, rw).erase) > 0
				}
			}
			converged, err := rewrite.ApplyPatternsGreedily(op, patterns, cfg)
			if err != nil {
				return err
			}
			if !converged && o.Bool("test-convergence") {
				return fmt.Errorf("canonicalizer failed to converge within %d iterations", maxIter)
			}
			return nil
		},
	}
}
