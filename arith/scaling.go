package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// scalingOp defines arith.scaling_extf and arith.scaling_truncf (OCP MXFP
// scaled casts): `%r = arith.scaling_extf %in, %scale : f4E2M1FN,
// f8E8M0FNU to f32`. widen tells the direction of the cast.
func scalingOp(name, summary, example string, widen bool, cs []Clause) *ir.OpDef {
	return &ir.OpDef{
		Name:     "arith." + name,
		Summary:  summary,
		Example:  example,
		Traits:   ir.Pure | ir.ElementwiseMappable,
		Operands: ir.Exactly(2),
		Results:  ir.Exactly(1),
		Inherent: ClauseNames(cs),
		Format: ClausesFormat("$in `,` $scale", "type($in) `,` type($scale) `to` type($out)",
			[]string{"in", "scale"}, []string{"out"}, cs),
		Verify: func(op *ir.Operation) error {
			if err := VerifyClauses(op, cs); err != nil {
				return err
			}
			if err := CheckOperands(op, FloatLike, FloatLike); err != nil {
				return err
			}
			if err := CheckResults(op, FloatLike); err != nil {
				return err
			}
			if err := verifySameTensorDims(op); err != nil {
				return err
			}
			in := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(op.Operand(0).Type()))
			out := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(op.Result(0).Type()))
			if widen && in > out {
				return op.Errorf("requires the width of input to be less than or equal to the width of the output")
			}
			if !widen && in < out {
				return op.Errorf("requires the width of output to be less than or equal to the width of the input")
			}
			return VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			return foldScaling(op, operands, widen)
		},
	}
}

// foldScaling folds constant scaled casts as current MLIR does (PR 215123),
// following the expansion: scaling_extf(x, s) = extf(x) * extf(s) in the
// result type, scaling_truncf(x, s) = truncf(x / extf(s)) with the division
// in the input type. Only f8E8M0FNU scales, whose meaning is settled, and
// only when every step is exact, so no rounding mode matters; poison
// propagates.
func foldScaling(op *ir.Operation, operands []ir.Attribute, widen bool) ([]ir.FoldResult, bool) {
	if p := PoisonOf(operands); p != nil {
		return []ir.FoldResult{{Attr: p}}, true
	}
	in, okIn := foldableKind(op.Operand(0).Type())
	sk, okS := foldableKind(op.Operand(1).Type())
	out, okOut := foldableKind(op.Result(0).Type())
	if !okIn || !okS || !okOut || sk != ir.F8E8M0FNU {
		return nil, false
	}
	exact := func(k ir.FloatKind, v float64) bool { return !math.IsNaN(v) && ir.RoundFloat(k, v) == v }
	return foldTo(FoldElementwise(op.Context(), op.Result(0).Type(), operands, func(xs []Scalar) (Scalar, bool) {
		x, s := xs[0].Float, xs[1].Float
		if widen {
			p := x * s
			return Scalar{Float: p}, exact(out, x) && exact(out, s) && exact(out, p)
		}
		q := x / s
		return Scalar{Float: q}, exact(in, s) && exact(in, q) && exact(out, q)
	}))
}

var (
	scalingExtF = scalingOp("scaling_extf", "upcasts input floats using provided scales values following OCP MXFP Spec",
		"%r = arith.scaling_extf %a, %s : vector<32xf4E2M1FN>, vector<32xf8E8M0FNU> to vector<32xbf16>", true,
		[]Clause{ClauseFastMathOptional})
	scalingTruncF = scalingOp("scaling_truncf", "downcasts input floating point values using provided scales values following OCP MXFP Spec",
		"%r = arith.scaling_truncf %a, %s to_nearest_even : f32, f8E8M0FNU to f4E2M1FN", false,
		[]Clause{ClauseRounding, ClauseFastMathOptional})
)
