package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// foldableKind reports whether float64 arithmetic rounded to k gives the
// correctly rounded result of k (not so for f80 and f128).
func foldableKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok || ft.Kind == ir.F80 || ft.Kind == ir.F128 {
		return 0, false
	}
	return ft.Kind, true
}

var fastmath = []Clause{ClauseFastMath}

// floatOp defines a float op of n operands with the custom form
// `%r = arith.<name> %a, %b fastmath<...> : T`. Its fold tries simplify
// before constant folding, as MLIR's folders do: addf(%c, %minus0) is %c
// itself, not a recomputed constant (which would quiet a signaling NaN).
func floatOp(name, summary string, n int, traits ir.Trait, simplify simplifyFn, canon ...*ir.Pattern) *ir.OpDef {
	return floatOpLate(name, summary, n, traits, simplify, nil, canon...)
}

// floatOpLate is floatOp with a second simplification, late, tried after
// constant folding.
func floatOpLate(name, summary string, n int, traits ir.Trait, simplify, late simplifyFn, canon ...*ir.Pattern) *ir.OpDef {
	full := "arith." + name
	example := "%r = " + full + " %a, %b fastmath<nnan,ninf> : f32"
	if n == 1 {
		example = "%r = " + full + " %a : vector<4xf16>"
	}
	return &ir.OpDef{
		Name:         full,
		Summary:      summary,
		Example:      example,
		Traits:       traits | ir.Pure | ir.SameOperandsAndResultType | ir.ElementwiseMappable,
		Operands:     ir.Exactly(n),
		Results:      ir.Exactly(1),
		Inherent:     []string{"fastmath"},
		Format:       sameTypeFormat(n, fastmath...),
		Canonicalize: canon,
		Verify: func(op *ir.Operation) error {
			if err := VerifyClauses(op, fastmath); err != nil {
				return err
			}
			if err := CheckOperands(op, FloatLike, FloatLike); err != nil {
				return err
			}
			if err := CheckResults(op, FloatLike); err != nil {
				return err
			}
			return VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			var rhs ir.Attribute
			if n == 2 {
				rhs = operands[1]
			}
			if simplify != nil {
				if r := simplify(op, operands[0], rhs); r != nil {
					return []ir.FoldResult{*r}, true
				}
			}
			t := op.Result(0).Type()
			if k, ok := foldableKind(t); ok {
				eval := func(a, b float64) (float64, bool) { return EvalFloat(full, k, a, b) }
				if m, ok := RoundingModeOf(op); ok && m != ToNearestEven {
					eval = func(a, b float64) (float64, bool) { return EvalFloatRounded(full, k, m, a, b) }
				}
				if a := FoldElementwise(op.Context(), t, operands, func(xs []Scalar) (Scalar, bool) {
					b := 0.0
					if n == 2 {
						b = xs[1].Float
					}
					r, ok := eval(xs[0].Float, b)
					return Scalar{Float: r}, ok
				}); a != nil {
					return foldTo(a)
				}
			}
			if late != nil {
				if r := late(op, operands[0], rhs); r != nil {
					return []ir.FoldResult{*r}, true
				}
			}
			if p := PoisonOf(operands); p != nil {
				return []ir.FoldResult{{Attr: p}}, true
			}
			if traits&ir.Commutative != 0 && swapConstantToRight(op, operands) {
				return nil, true
			}
			return nil, false
		},
	}
}

// rhsFloatIs folds op to its lhs when the rhs constant satisfies pred.
func rhsFloatIs(pred func(float64) bool) simplifyFn {
	return func(op *ir.Operation, _, rhs ir.Attribute) *ir.FoldResult {
		if floatIs(rhs, op.Result(0).Type(), pred) {
			return value(op.Operand(0))
		}
		return nil
	}
}

func isNegZero(f float64) bool { return f == 0 && math.Signbit(f) }
func isPosZero(f float64) bool { return f == 0 && !math.Signbit(f) }
func isOneF(f float64) bool    { return f == 1 }
func isNegInf(f float64) bool  { return math.IsInf(f, -1) }
func isPosInf(f float64) bool  { return math.IsInf(f, 1) }

// mulfZero folds x * 0 (either zero) to the zero under fastmath nnan and
// nsz. It runs after the constant fold, so that -46.3 * 0.0 of two
// constants stays IEEE's -0.0; x * 1 -> x runs before it, as in MLIR's
// MulFOp::fold.
func mulfZero(op *ir.Operation, _, rhs ir.Attribute) *ir.FoldResult {
	fm, _ := op.Attr("fastmath").(*FastMathAttr)
	const need = FastMathNNaN | FastMathNSZ
	if fm != nil && fm.Flags&need == need && floatIs(rhs, op.Result(0).Type(), func(f float64) bool { return f == 0 }) {
		return value(op.Operand(1))
	}
	return nil
}

// negfSimplify folds -(-x) -> x.
func negfSimplify(op *ir.Operation, _, _ ir.Attribute) *ir.FoldResult {
	if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == "arith.negf" {
		return value(d.Operand(0))
	}
	return nil
}

// flushOfFlush folds flush_denormals(flush_denormals(x)) to the inner
// flush: a flushed value has no denormal left.
func flushOfFlush(op *ir.Operation, _, _ ir.Attribute) *ir.FoldResult {
	if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == op.Name() {
		return value(op.Operand(0))
	}
	return nil
}

// withRounding gives a binary float op current MLIR's optional rounding
// mode, written before fastmath (`arith.addf %a, %b downward fastmath<fast>
// : f32`, MLIR's Arith_FloatBinaryOpWithRoundingMode). Constants fold in
// that mode, as APFloat's add(b, rm) computes them (EvalFloatRounded).
func withRounding(d *ir.OpDef) *ir.OpDef {
	cs := []Clause{ClauseRounding, ClauseFastMath}
	d.Inherent = ClauseNames(cs)
	d.Format = sameTypeFormat(2, cs...)
	d.Example = "%r = " + d.Name + " %a, %b downward fastmath<nnan,ninf> : f32"
	verify := d.Verify
	d.Verify = func(op *ir.Operation) error {
		if err := VerifyClauses(op, cs); err != nil {
			return err
		}
		return verify(op)
	}
	return d
}

// zeroIdentity folds x + -0 and x - +0 to x, except when rounding
// downward, where +0 + -0 and +0 - +0 are -0. Under fastmath nsz the sign
// of a zero is free, so x + +0 and x - -0 fold too, in any rounding mode
// (MLIR PR 217031).
func zeroIdentity(pred func(float64) bool) simplifyFn {
	fold, anyZero := rhsFloatIs(pred), rhsFloatIs(func(f float64) bool { return f == 0 })
	return func(op *ir.Operation, lhs, rhs ir.Attribute) *ir.FoldResult {
		if fm, ok := op.Attr("fastmath").(*FastMathAttr); ok && fm.Flags&FastMathNSZ != 0 {
			return anyZero(op, lhs, rhs)
		}
		if m, ok := RoundingModeOf(op); ok && m == Downward {
			return nil
		}
		return fold(op, lhs, rhs)
	}
}

var (
	addf = withRounding(floatOp("addf", "floating point addition operation", 2, ir.Commutative, zeroIdentity(isNegZero), addfOfNegf))
	subf = withRounding(floatOp("subf", "floating point subtraction operation", 2, 0, zeroIdentity(isPosZero), subfFromNegZero))
	mulf = withRounding(floatOpLate("mulf", "floating point multiplication operation", 2, ir.Commutative, rhsFloatIs(isOneF), mulfZero, negfPair("arith.mulf")))
	divf = withRounding(floatOp("divf", "floating point division operation", 2, 0, rhsFloatIs(isOneF), negfPair("arith.divf")))
	remf = floatOp("remf", "floating point division remainder operation", 2, 0, nil)
	negf = floatOp("negf", "floating point negation", 1, 0, negfSimplify)
	// flushDenormals is current MLIR's arith.flush_denormals (2026): a
	// denormal becomes the zero of its sign, other values pass through.
	flushDenormals = floatOp("flush_denormals", "flush denormal floating-point values to zero", 1, 0, flushOfFlush)

	maximumf = floatOp("maximumf", "floating-point maximum operation", 2, ir.Commutative, firstOf(sameOperands, rhsFloatIs(isNegInf)))
	minimumf = floatOp("minimumf", "floating-point minimum operation", 2, ir.Commutative, firstOf(sameOperands, rhsFloatIs(isPosInf)))
	// maxnumf(x, NaN) is x, but maxnumf(x, -inf) is -inf when x is NaN, so
	// only a NaN operand folds away (as in current MLIR).
	maxnumf = floatOp("maxnumf", "floating-point maximum operation", 2, ir.Commutative, firstOf(sameOperands, rhsFloatIs(math.IsNaN)))
	minnumf = floatOp("minnumf", "floating-point minimum operation", 2, ir.Commutative, firstOf(sameOperands, rhsFloatIs(math.IsNaN)))
)
