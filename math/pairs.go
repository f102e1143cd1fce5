package mathd

import (
	"math"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// clampf is `%r = math.clampf %x to [%lo, %hi] fastmath<...> : T`; it
// computes minimumf(maximumf(x, lo), hi), as MLIR's expansion does.
var clampf = func() *ir.OpDef {
	d := floatOp("clampf", "floating point clamping operation", 3, "%r = math.clampf %x to [%lo, %hi] : vector<4xf32>")
	d.Format = &ir.Format{
		Syntax:   "$operand `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
		Operands: []string{"operand", "min", "max"},
		Results:  []string{"result"},
		Attrs:    []ir.FormatAttr{arith.FastMathFormat},
	}
	return d
}()

// evalClampf is math.clampf on float64 values: NaN operands propagate as
// they do through arith.maximumf and arith.minimumf.
func evalClampf(x []float64) (float64, bool) {
	lo, _ := arith.EvalFloat("arith.maximumf", ir.F64, x[0], x[1])
	r, _ := arith.EvalFloat("arith.minimumf", ir.F64, lo, x[2])
	return r, true
}

// sincos is `%s, %c = math.sincos %x fastmath<...> : T`: both results
// have the operand's type.
var sincos = &ir.OpDef{
	Name:     "math.sincos",
	Summary:  "sine and cosine of the specified value",
	Example:  "%sin, %cos = math.sincos %x : vector<4xf32>",
	Traits:   traits | ir.SameOperandsAndResultType,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(2),
	Inherent: []string{"fastmath"},
	Format: &ir.Format{
		Syntax:   "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)",
		Operands: []string{"operand"},
		Results:  []string{"sin", "cos"},
		Attrs:    []ir.FormatAttr{arith.FastMathFormat},
	},
	// The results print as two values (`%sin, %cos = math.sincos`), as
	// MLIR's do, named after them.
	ResultNames: func(op *ir.Operation, name func(v *ir.Value, name string)) {
		name(op.Result(0), "sin")
		name(op.Result(1), "cos")
	},
	Verify: func(op *ir.Operation) error {
		if err := arith.VerifyClauses(op, fastmath); err != nil {
			return err
		}
		if err := arith.CheckOperands(op, arith.FloatLike); err != nil {
			return err
		}
		return arith.CheckResults(op, arith.FloatLike, arith.FloatLike)
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		t := op.Result(0).Type()
		k, ok := floatKind(t)
		if !ok || !foldsFloat("math.sin", k) {
			return nil, false
		}
		var rs []ir.FoldResult
		for _, f := range []func(float64) float64{math.Sin, math.Cos} {
			a := arith.FoldElementwise(op.Context(), t, operands, func(xs []arith.Scalar) (arith.Scalar, bool) {
				return arith.Scalar{Float: ir.RoundFloat(k, f(xs[0].Float))}, true
			})
			if a == nil {
				return nil, false
			}
			rs = append(rs, ir.FoldResult{Attr: a})
		}
		return rs, true
	},
}
