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
func Register(reg pass.Registry) { reg.Add(ExpandOpsPass, UpliftToFMAPass, SincosFusionPass) }

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
			return greedy(op, mathd.ExpandPatterns(pc.Options.List("ops")))
		},
	}
}

// UpliftToFMAPass is math-uplift-to-fma, MLIR's MathUpliftToFMA.
func UpliftToFMAPass() *pass.Pass {
	return &pass.Pass{
		Name:     "MathUpliftToFMA",
		Argument: "math-uplift-to-fma",
		Summary:  "Uplift arith ops to math.fma.",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return greedy(op, mathd.UpliftToFMAPatterns())
		},
	}
}

// SincosFusionPass is math-sincos-fusion, MLIR's MathSincosFusionPass.
func SincosFusionPass() *pass.Pass {
	return &pass.Pass{
		Name:     "MathSincosFusionPass",
		Argument: "math-sincos-fusion",
		Summary:  "Fuse sin and cos operations.",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return greedy(op, mathd.SincosFusionPatterns())
		},
	}
}

// greedy applies patterns to op until none applies, folding as it goes.
func greedy(op *ir.Operation, patterns []*ir.Pattern) error {
	_, err := rewrite.ApplyPatternsGreedily(op, rewrite.NewPatternSet(patterns...), rewrite.GreedyConfig{})
	return err
}
