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
func Register(reg pass.Registry) {
	reg.Add(ExpandOpsPass, UpliftToFMAPass, SincosFusionPass, ExtendToSupportedTypesPass)
}

// ExtendToSupportedTypesPass is math-extend-to-supported-types, MLIR's
// MathExtendToSupportedTypes, with its options.
func ExtendToSupportedTypesPass() *pass.Pass {
	return &pass.Pass{
		Name:     "MathExtendToSupportedTypes",
		Argument: "math-extend-to-supported-types",
		Summary:  "Legalize floating-point math ops on low-precision floats",
		Options: []pass.Option{
			{Name: "extra-types", Kind: pass.ListOption, Help: "MLIR types with arithmetic support on a given target (f64 and f32 are implicitly supported)"},
			{Name: "target-type", Kind: pass.StringOption, Default: "f32", Help: "MLIR type to convert the unsupported source types to"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			ctx := op.Context()
			target, ok := floatType(ctx, pc.Options.String("target-type"))
			if !ok {
				return ir.Errorf(ctx.UnknownLoc(), "could not map target type '%s' to a known floating-point type", pc.Options.String("target-type"))
			}
			var extra []*ir.FloatType
			for _, s := range pc.Options.List("extra-types") {
				t, ok := floatType(ctx, s)
				if !ok {
					return ir.Errorf(ctx.UnknownLoc(), "could not map source type '%s' to a known floating-point type", s)
				}
				extra = append(extra, t)
			}
			mathd.ExtendToSupportedTypes(op, extra, target)
			return nil
		},
	}
}

// floatType parses a float type's name ("bf16", "f8E4M3FN", ...).
func floatType(ctx *ir.Context, s string) (*ir.FloatType, bool) {
	t, err := ir.ParseTypeString(ctx, s)
	ft, ok := t.(*ir.FloatType)
	return ft, err == nil && ok
}

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
			return rewrite.ApplyGreedily(op, mathd.ExpandPatterns(pc.Options.List("ops"))...)
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
			return rewrite.ApplyGreedily(op, mathd.UpliftToFMAPatterns()...)
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
			return rewrite.ApplyGreedily(op, mathd.SincosFusionPatterns()...)
		},
	}
}
