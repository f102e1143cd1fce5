// Package transforms holds the arith dialect's passes (the dialect
// package itself stays below ir/pass in the layering).
package transforms

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Register adds arith's passes to reg.
func Register(reg pass.Registry) {
	reg.Add(ExpandPass, ExpandFlushDenormalsPass, IntRangeOptsPass, UnsignedWhenEquivalentPass, IntRangeNarrowingPass)
}

// ExpandPass is arith-expand, MLIR's ArithExpandOpsPass (arith.Expand),
// with MLIR's options.
func ExpandPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithExpandOpsPass",
		Argument: "arith-expand",
		Summary:  "Legalize Arith ops to be convertible to LLVM.",
		Options: []pass.Option{
			{Name: "include-bf16", Kind: pass.BoolOption, Default: "false", Help: "Enable the BF16 expansion patterns"},
			{Name: "include-f8e8m0", Kind: pass.BoolOption, Default: "false", Help: "Enable the F8E8M0 expansion patterns"},
			{Name: "include-f4e2m1", Kind: pass.BoolOption, Default: "false", Help: "Enable the F4E2M1 expansion patterns"},
			{Name: "include-f8e5m2", Kind: pass.BoolOption, Default: "false", Help: "Enable the F8E5M2 expansion patterns"},
			{Name: "include-f8e4m3fn", Kind: pass.BoolOption, Default: "false", Help: "Enable the F8E4M3FN expansion patterns"},
			{Name: "include-min-max-f", Kind: pass.BoolOption, Default: "false", Help: "Enable the floating-point min/max expansion patterns"},
			{Name: "include-min-max-i", Kind: pass.BoolOption, Default: "false", Help: "Enable the integer min/max expansion patterns"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			o := pc.Options
			return arith.Expand(op, arith.ExpandOptions{BF16: o.Bool("include-bf16"), F8E8M0: o.Bool("include-f8e8m0"),
				F4E2M1: o.Bool("include-f4e2m1"), F8E5M2: o.Bool("include-f8e5m2"), F8E4M3FN: o.Bool("include-f8e4m3fn"),
				MinMaxF: o.Bool("include-min-max-f"), MinMaxI: o.Bool("include-min-max-i")})
		},
	}
}

// ExpandFlushDenormalsPass is arith-expand-flush-denormals, MLIR's
// ArithExpandFlushDenormalsPass (arith.ExpandFlushDenormals).
func ExpandFlushDenormalsPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithExpandFlushDenormalsPass",
		Argument: "arith-expand-flush-denormals",
		Summary:  "Expand arith.flush_denormals ops into integer arithmetic",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return arith.ExpandFlushDenormals(op) },
	}
}
