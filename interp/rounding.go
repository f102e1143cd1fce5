package interp

import (
	"math"
	"math/big"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// bigModes maps arith's rounding modes to math/big's.
var bigModes = map[arith.RoundingMode]big.RoundingMode{
	arith.ToNearestEven: big.ToNearestEven, arith.Downward: big.ToNegativeInf,
	arith.Upward: big.ToPositiveInf, arith.TowardZero: big.ToZero, arith.ToNearestAway: big.ToNearestAway,
}

// roundTo rounds x to kind k in mode, as APFloat's convert does.
func roundTo(k ir.FloatKind, x float64, mode arith.RoundingMode) float64 {
	if math.IsNaN(x) {
		return ir.RoundFloat(k, x)
	}
	return ir.RoundBig(k, new(big.Float).SetFloat64(x), bigModes[mode])
}

// directedMode returns op's rounding mode when it has one other than
// to_nearest_even: then arith.addf/subf/mulf/divf and math.fma are
// computed by roundedOp, not by the float64 paths.
func directedMode(op *ir.Operation) (arith.RoundingMode, bool) {
	m, ok := arith.RoundingModeOf(op)
	return m, ok && m != arith.ToNearestEven
}

// roundedOp returns op (arith.addf, subf, mulf, divf or math.fma on floats
// of kind k) computed exactly and rounded once to k in mode, as APFloat's
// add, subtract, multiply, divide and fusedMultiplyAdd do; nil for other
// ops. NaN and infinite operands and division by zero give what the
// float64 operation gives (their results are exact).
func roundedOp(name string, k ir.FloatKind, mode arith.RoundingMode) func(xs []float64) float64 {
	bm := bigModes[mode]
	var exact func(xs []float64) *big.Float
	var special func(xs []float64) float64
	switch name {
	case "arith.addf":
		exact = func(xs []float64) *big.Float { return exactSum(bf(xs[0]), bf(xs[1]), mode) }
		special = func(xs []float64) float64 { return xs[0] + xs[1] }
	case "arith.subf":
		exact = func(xs []float64) *big.Float { return exactSum(bf(xs[0]), bf(-xs[1]), mode) }
		special = func(xs []float64) float64 { return xs[0] - xs[1] }
	case "arith.mulf":
		exact = func(xs []float64) *big.Float { return exactProduct(xs[0], xs[1]) }
		special = func(xs []float64) float64 { return xs[0] * xs[1] }
	case "arith.divf":
		exact = func(xs []float64) *big.Float {
			if xs[1] == 0 {
				return nil
			}
			return stickyQuotient(xs[0], xs[1])
		}
		special = func(xs []float64) float64 { return xs[0] / xs[1] }
	case "math.fma":
		exact = func(xs []float64) *big.Float { return exactSum(exactProduct(xs[0], xs[1]), bf(xs[2]), mode) }
		special = func(xs []float64) float64 { return math.FMA(xs[0], xs[1], xs[2]) }
	default:
		return nil
	}
	return func(xs []float64) float64 {
		for _, x := range xs {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return ir.RoundFloat(k, special(xs))
			}
		}
		r := exact(xs)
		if r == nil {
			return ir.RoundFloat(k, special(xs))
		}
		return ir.RoundBig(k, r, bm)
	}
}

func bf(x float64) *big.Float { return new(big.Float).SetFloat64(x) }

// exactSum is a + b without rounding (the precision covers the exponent
// range of a product of two float64s plus a float64); an exact zero sum of
// operands of different signs is -0 when rounding downward, else +0, as
// IEEE 754 says.
func exactSum(a, b *big.Float, mode arith.RoundingMode) *big.Float {
	s := new(big.Float).SetPrec(4400).Add(a, b)
	if s.Sign() == 0 {
		neg := a.Signbit() && b.Signbit()
		if a.Signbit() != b.Signbit() {
			neg = mode == arith.Downward
		}
		s.SetInt64(0)
		if neg {
			s.Neg(s)
		}
	}
	return s
}

// exactProduct is x * y without rounding, a zero with the sign of the
// product.
func exactProduct(x, y float64) *big.Float {
	p := new(big.Float).SetPrec(106).Mul(bf(x), bf(y))
	if p.Sign() == 0 && math.Signbit(x) != math.Signbit(y) && !p.Signbit() {
		p.Neg(p)
	}
	return p
}

// stickyQuotient is x / y (y != 0) truncated to 200 bits with a bit set
// below them when inexact (rounding to odd), so that rounding it once more
// to at most 53 bits gives the correctly rounded quotient.
func stickyQuotient(x, y float64) *big.Float {
	q := new(big.Float).SetPrec(200).SetMode(big.ToZero).Quo(bf(x), bf(y))
	if q.Sign() == 0 {
		if math.Signbit(x) != math.Signbit(y) && !q.Signbit() {
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

// roundedHandler is the handler of a float op with a rounding mode other
// than to_nearest_even, nil for other ops.
func roundedHandler(op *ir.Operation, k ir.FloatKind) handler {
	mode, ok := directedMode(op)
	if !ok {
		return nil
	}
	fn := roundedOp(op.Name(), k, mode)
	if fn == nil {
		return nil
	}
	return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
		if anyPoison(xs) {
			return []Scalar{Poison()}, nil
		}
		args := make([]float64, len(xs))
		for i, x := range xs {
			args[i] = x.F
		}
		return []Scalar{{F: fn(args)}}, nil
	})
}
