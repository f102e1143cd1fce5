package mathd

import (
	"math"
	"math/bits"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// The evaluation functions define what math ops compute on scalars; the
// folders and the reference interpreter share them. Integers are passed as
// their low width bits, floats as float64 values rounded to their kind.

// floatFuncs computes the float ops in float64. exact marks functions
// whose float64 result rounded to a narrower kind is correctly rounded, so
// they fold for every kind; the others fold only for f32 and f64, as in MLIR.
var floatFuncs = map[string]struct {
	f     func(x []float64) (float64, bool)
	exact bool
}{
	"math.absf":      {unary(math.Abs), true},
	"math.abs":       {unary(math.Abs), true},
	"math.ceil":      {unary(math.Ceil), true},
	"math.floor":     {unary(math.Floor), true},
	"math.trunc":     {unary(math.Trunc), true},
	"math.round":     {unary(math.Round), true},
	"math.roundeven": {unary(math.RoundToEven), true},
	"math.sqrt":      {nonNegative(math.Sqrt), true},
	"math.copysign":  {func(x []float64) (float64, bool) { return math.Copysign(x[0], x[1]), true }, true},
	"math.clampf":    {evalClampf, true},
	"math.rsqrt":     {nonNegative(func(x float64) float64 { return 1 / math.Sqrt(x) }), false},
	"math.cbrt":      {unary(math.Cbrt), false},
	"math.exp":       {unary(math.Exp), false},
	"math.exp2":      {unary(math.Exp2), false},
	"math.expm1":     {unary(math.Expm1), false},
	"math.log":       {nonNegative(math.Log), false},
	"math.log2":      {nonNegative(math.Log2), false},
	"math.log10":     {nonNegative(math.Log10), false},
	"math.log1p": {func(x []float64) (float64, bool) {
		return math.Log1p(x[0]), !(x[0]+1 < 0)
	}, false},
	"math.sin":   {unary(math.Sin), false},
	"math.cos":   {unary(math.Cos), false},
	"math.tan":   {unary(math.Tan), false},
	"math.asin":  {unary(math.Asin), false},
	"math.acos":  {unary(math.Acos), false},
	"math.atan":  {unary(math.Atan), false},
	"math.sinh":  {unary(math.Sinh), false},
	"math.cosh":  {unary(math.Cosh), false},
	"math.tanh":  {unary(math.Tanh), false},
	"math.asinh": {unary(math.Asinh), false},
	"math.acosh": {unary(math.Acosh), false},
	"math.atanh": {unary(math.Atanh), false},
	"math.erf":   {unary(math.Erf), false},
	"math.erfc":  {unary(math.Erfc), false},
	"math.atan2": {func(x []float64) (float64, bool) { return math.Atan2(x[0], x[1]), true }, false},
	"math.powf":  {func(x []float64) (float64, bool) { return math.Pow(x[0], x[1]), true }, false},
	"math.fma":   {func(x []float64) (float64, bool) { return math.FMA(x[0], x[1], x[2]), true }, false},
}

func unary(f func(float64) float64) func([]float64) (float64, bool) {
	return func(x []float64) (float64, bool) { return f(x[0]), true }
}

// nonNegative declines negative operands, as MLIR's folders of sqrt and
// the logarithms do.
func nonNegative(f func(float64) float64) func([]float64) (float64, bool) {
	return func(x []float64) (float64, bool) { return f(x[0]), !(x[0] < 0) }
}

// EvalFloat computes the float op name ("math.sqrt", ...) on operands of
// kind k, rounding the result to k. ok is false for unknown ops and where
// MLIR does not fold (negative operands of sqrt and logarithms).
func EvalFloat(name string, k ir.FloatKind, x ...float64) (float64, bool) {
	fn, known := floatFuncs[name]
	if !known {
		return 0, false
	}
	r, ok := fn.f(x)
	if name == "math.fma" && ir.IsMidpoint(k, r) {
		// math.FMA rounded the exact result onto a midpoint of k, where a
		// second rounding may go the wrong way: round it once instead.
		return arith.FMARounded(k, arith.ToNearestEven, x[0], x[1], x[2]), ok
	}
	return ir.RoundFloat(k, r), ok
}

// foldsFloat reports whether name folds for kind k.
func foldsFloat(name string, k ir.FloatKind) bool {
	fn, known := floatFuncs[name]
	if k == ir.F80 || k == ir.F128 {
		return false
	}
	return known && (fn.exact || k == ir.F32 || k == ir.F64)
}

// EvalFPowI computes math.fpowi: x raised to the integer power n (given as
// its width-bit pattern, signed), rounded to k.
func EvalFPowI(k ir.FloatKind, x float64, width int, n uint64) float64 {
	return ir.RoundFloat(k, math.Pow(x, float64(arith.SExt(width, n))))
}

// EvalInt computes the integer op name ("math.absi", "math.ctlz",
// "math.cttz", "math.ctpop", or "math.ipowi" with two operands) on
// width-bit operands. ok is false where MLIR does not fold: ipowi of zero
// to a negative power.
func EvalInt(name string, width int, x ...uint64) (uint64, bool) {
	a := arith.Mask(width, x[0])
	var r uint64
	switch name {
	case "math.absi":
		if v := arith.SExt(width, a); v < 0 {
			r = uint64(-v)
		} else {
			r = a
		}
	case "math.ctlz":
		r = uint64(bits.LeadingZeros64(a) - (64 - width))
	case "math.cttz":
		r = uint64(min(bits.TrailingZeros64(a), width))
	case "math.ctpop":
		r = uint64(bits.OnesCount64(a))
	case "math.ipowi":
		return ipowi(width, a, x[1])
	default:
		return 0, false
	}
	return arith.Mask(width, r), true
}

func ipowi(width int, base, exp uint64) (uint64, bool) {
	b, e := arith.SExt(width, base), arith.SExt(width, exp)
	if e < 0 {
		switch b {
		case 0:
			return 0, false
		case 1:
			return 1, true
		case -1:
			if e%2 != 0 {
				return arith.Mask(width, ^uint64(0)), true
			}
			return 1, true
		}
		return 0, true
	}
	r := uint64(1)
	for p := base; e > 0; e >>= 1 {
		if e&1 != 0 {
			r *= p
		}
		p *= p
	}
	return arith.Mask(width, r), true
}

// EvalClass computes math.isnan, math.isinf, math.isfinite and math.isnormal
// of x, a value of kind k.
func EvalClass(name string, k ir.FloatKind, x float64) bool {
	switch name {
	case "math.isnan":
		return math.IsNaN(x)
	case "math.isinf":
		return math.IsInf(x, 0)
	case "math.isfinite":
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case "math.isnormal":
		return !math.IsNaN(x) && !math.IsInf(x, 0) && x != 0 && math.Abs(x) >= minNormal[k]
	}
	return false
}

// minNormal is the least positive normal value of each kind (2^(1-bias)).
var minNormal = map[ir.FloatKind]float64{
	ir.F16: 0x1p-14, ir.BF16: 0x1p-126, ir.F32: 0x1p-126, ir.F64: 0x1p-1022, ir.TF32: 0x1p-126,
	ir.F80: 0, ir.F128: 0, ir.F8E5M2: 0x1p-14, ir.F8E4M3: 0x1p-6, ir.F8E4M3FN: 0x1p-6,
	ir.F8E5M2FNUZ: 0x1p-15, ir.F8E4M3FNUZ: 0x1p-7, ir.F8E4M3B11FNUZ: 0x1p-10, ir.F8E3M4: 0x1p-2,
	ir.F4E2M1FN: 1, ir.F6E2M3FN: 1, ir.F6E3M2FN: 0x1p-2, ir.F8E8M0FNU: 0x1p-127,
	ir.F8E5M3FNU: 0x1p-14,
}
