package arith

import (
	"math"
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// bigModes maps the rounding modes to math/big's.
var bigModes = map[RoundingMode]big.RoundingMode{
	ToNearestEven: big.ToNearestEven, Downward: big.ToNegativeInf,
	Upward: big.ToPositiveInf, TowardZero: big.ToZero, ToNearestAway: big.ToNearestAway,
}

// RoundTo rounds x to kind k in mode, as APFloat's convert does.
func RoundTo(k ir.FloatKind, x float64, mode RoundingMode) float64 {
	if math.IsNaN(x) {
		return ir.RoundFloat(k, x)
	}
	return ir.RoundBig(k, new(big.Float).SetFloat64(x), bigModes[mode])
}

// EvalFloatRounded computes arith.addf, subf, mulf or divf on operands of
// kind k exactly and rounds the result once to k in mode, as APFloat's
// add, subtract, multiply and divide do; ok is false for other ops. NaN and
// infinite operands and division by zero give what EvalFloat gives (their
// results are exact).
func EvalFloatRounded(name string, k ir.FloatKind, mode RoundingMode, a, b float64) (float64, bool) {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || name == "arith.divf" && b == 0 {
		switch name {
		case "arith.addf", "arith.subf", "arith.mulf", "arith.divf":
			return EvalFloat(name, k, a, b)
		}
		return 0, false
	}
	var r *big.Float
	switch name {
	case "arith.addf":
		r = exactSum(bigf(a), bigf(b), mode)
	case "arith.subf":
		r = exactSum(bigf(a), bigf(-b), mode)
	case "arith.mulf":
		r = exactProduct(a, b)
	case "arith.divf":
		r = stickyQuotient(a, b)
	default:
		return 0, false
	}
	return ir.RoundBig(k, r, bigModes[mode]), true
}

// FMARounded is a * b + c on operands of kind k computed exactly and
// rounded once to k in mode, as APFloat's fusedMultiplyAdd.
func FMARounded(k ir.FloatKind, mode RoundingMode, a, b, c float64) float64 {
	for _, x := range []float64{a, b, c} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ir.RoundFloat(k, math.FMA(a, b, c))
		}
	}
	return ir.RoundBig(k, exactSum(exactProduct(a, b), bigf(c), mode), bigModes[mode])
}

func bigf(x float64) *big.Float { return new(big.Float).SetFloat64(x) }

// exactSum is a + b without rounding (the precision covers the exponent
// range of a product of two float64s plus a float64); an exact zero sum of
// operands of different signs is -0 when rounding downward, else +0, as
// IEEE 754 says.
func exactSum(a, b *big.Float, mode RoundingMode) *big.Float {
	s := new(big.Float).SetPrec(4400).Add(a, b)
	if s.Sign() == 0 {
		neg := a.Signbit() && b.Signbit()
		if a.Signbit() != b.Signbit() {
			neg = mode == Downward
		}
		s.SetInt64(0)
		if neg {
			s.Neg(s)
		}
	}
	return s
}

// exactProduct is a * b without rounding, a zero with the sign of the
// product.
func exactProduct(a, b float64) *big.Float {
	p := new(big.Float).SetPrec(106).Mul(bigf(a), bigf(b))
	if p.Sign() == 0 && math.Signbit(a) != math.Signbit(b) && !p.Signbit() {
		p.Neg(p)
	}
	return p
}

// stickyQuotient is a / b (b != 0) truncated to 200 bits with a bit set
// below them when inexact (rounding to odd), so that rounding it once more
// to at most 53 bits gives the correctly rounded quotient.
func stickyQuotient(a, b float64) *big.Float {
	q := new(big.Float).SetPrec(200).SetMode(big.ToZero).Quo(bigf(a), bigf(b))
	if q.Sign() == 0 {
		if math.Signbit(a) != math.Signbit(b) && !q.Signbit() {
			q.Neg(q)
		}
		return q
	}
	if q.Acc() == big.Exact {
		return q
	}
	sticky := new(big.Float).SetMantExp(big.NewFloat(float64(q.Sign())), q.MantExp(nil)-210)
	return new(big.Float).SetPrec(400).Add(q, sticky)
}
