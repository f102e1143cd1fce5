// Package transforms holds the math dialect's passes (the dialect package
// itself stays below ir/pass in the layering).
package transforms

import (
	mathd "github.com/kiln-gpu/kiln/math"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// Register adds math's passes to reg.
func Register(reg pass.Registry) { reg.Add(ExpandOpsPass) }

// ExpandOpsPass is math-expand-ops, MLIR's MathExpandOpsPass: the
// expansions of mathd.ExpandPatterns applied greedily, restricted to the
// op mnemonics of its ops option when that is set.
func ExpandOpsPass() *pass.Pass {
	return &pass.Pass{
		Name:     "MathExpandOpsPass",
		Argument: "math-expand-ops",
		Summary:  "Expand math operations.",
		Options: []pass.Option{
			{Name: "ops", Kind: pass.ListOption, Help: "Operations to expand."},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			ps := rewrite.NewPatternSet(mathd.ExpandPatterns(pc.Options.List("ops"))...)
			_, err := rewrite.ApplyPatternsGreedily(op, ps, rewrite.GreedyConfig{})
			return err
		},
	}
}
