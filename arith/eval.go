package arith

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/kiln-gpu/kiln/ir"
)

// The evaluation functions define what arith ops compute on scalars. The
// folders use them, and so does the reference interpreter, so that folding
// and interpretation agree by construction. Integers are passed as their
// low width bits (index is 64 bits wide); floats as float64 values already
// rounded to their type.

// Mask returns v truncated to width bits.
func Mask(width int, v uint64) uint64 {
	if width >= 64 {
		return v
	}
	return v & (1<<uint(width) - 1)
}

// SExt returns the width-bit value v sign-extended to 64 bits.
func SExt(width int, v uint64) int64 {
	if width >= 64 {
		return int64(v)
	}
	s := uint(64 - width)
	return int64(v<<s) >> s
}

func minSigned(width int) int64 { return SExt(width, 1<<uint(width-1)) }

// EvalInt computes the integer binary op name ("arith.addi", "arith.divsi",
// ...) on width-bit operands. ok is false where the result is undefined and
// MLIR does not fold: division by zero, signed division overflow, and shift
// amounts of width or more.
func EvalInt(name string, width int, a, b uint64) (r uint64, ok bool) {
	f, known := IntFunc(name)
	if !known {
		return 0, false
	}
	return f(width, a, b)
}

// IntFunc returns what EvalInt computes for name, resolved once, for
// callers that evaluate the same op many times (the interpreter).
func IntFunc(name string) (func(width int, a, b uint64) (uint64, bool), bool) {
	if f := wrappingOps[name]; f != nil {
		return f, true
	}
	f, known := intOps[name]
	if !known {
		return nil, false
	}
	return func(width int, a, b uint64) (uint64, bool) {
		r, ok := f(width, Mask(width, a), Mask(width, b))
		return Mask(width, r), ok
	}, true
}

// wrappingOps are the ops whose low width bits depend only on their
// operands' low width bits, so that masking the result is enough.
var wrappingOps = map[string]func(w int, a, b uint64) (uint64, bool){
	"arith.addi": func(w int, a, b uint64) (uint64, bool) { return Mask(w, a+b), true },
	"arith.subi": func(w int, a, b uint64) (uint64, bool) { return Mask(w, a-b), true },
	"arith.muli": func(w int, a, b uint64) (uint64, bool) { return Mask(w, a*b), true },
	"arith.andi": func(w int, a, b uint64) (uint64, bool) { return Mask(w, a&b), true },
	"arith.ori":  func(w int, a, b uint64) (uint64, bool) { return Mask(w, a|b), true },
	"arith.xori": func(w int, a, b uint64) (uint64, bool) { return Mask(w, a^b), true },
}

var intOps = map[string]func(w int, a, b uint64) (uint64, bool){
	"arith.divui": func(_ int, a, b uint64) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return a / b, true
	},
	"arith.remui": func(_ int, a, b uint64) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return a % b, true
	},
	"arith.ceildivui": func(_ int, a, b uint64) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		if a == 0 {
			return 0, true
		}
		return (a-1)/b + 1, true
	},
	"arith.divsi": func(w int, a, b uint64) (uint64, bool) {
		x, y := SExt(w, a), SExt(w, b)
		if y == 0 || x == minSigned(w) && y == -1 {
			return 0, false
		}
		return uint64(x / y), true
	},
	"arith.remsi": func(w int, a, b uint64) (uint64, bool) {
		x, y := SExt(w, a), SExt(w, b)
		if y == 0 {
			return 0, false
		}
		return uint64(x % y), true
	},
	"arith.ceildivsi": func(w int, a, b uint64) (uint64, bool) {
		x, y := SExt(w, a), SExt(w, b)
		switch {
		case y == 0:
			return 0, false
		case x == minSigned(w) && y == -1:
			return 0, false // the quotient overflows
		}
		q := x / y
		if r := x % y; r != 0 && (r > 0) == (y > 0) {
			q++
		}
		return uint64(q), true
	},
	"arith.floordivsi": func(w int, a, b uint64) (uint64, bool) {
		x, y := SExt(w, a), SExt(w, b)
		if y == 0 || x == minSigned(w) && y == -1 {
			return 0, false
		}
		q := x / y
		if r := x % y; r != 0 && (r < 0) != (y < 0) {
			q--
		}
		return uint64(q), true
	},
	"arith.shli": func(w int, a, b uint64) (uint64, bool) {
		if b >= uint64(w) {
			return 0, false
		}
		return a << b, true
	},
	"arith.shrui": func(w int, a, b uint64) (uint64, bool) {
		if b >= uint64(w) {
			return 0, false
		}
		return a >> b, true
	},
	"arith.shrsi": func(w int, a, b uint64) (uint64, bool) {
		if b >= uint64(w) {
			return 0, false
		}
		return uint64(SExt(w, a) >> b), true
	},
	"arith.maxsi": func(w int, a, b uint64) (uint64, bool) { return pick(SExt(w, a) >= SExt(w, b), a, b), true },
	"arith.minsi": func(w int, a, b uint64) (uint64, bool) { return pick(SExt(w, a) <= SExt(w, b), a, b), true },
	"arith.maxui": func(_ int, a, b uint64) (uint64, bool) { return pick(a >= b, a, b), true },
	"arith.minui": func(_ int, a, b uint64) (uint64, bool) { return pick(a <= b, a, b), true },
}

func pick(c bool, a, b uint64) uint64 {
	if c {
		return a
	}
	return b
}

// EvalExtended computes the two results of arith.addui_extended (sum,
// overflow bit), arith.subui_extended (difference, borrow bit),
// arith.mulsi_extended and arith.mului_extended (low, high halves).
func EvalExtended(name string, width int, a, b uint64) (r0, r1 uint64) {
	a, b = Mask(width, a), Mask(width, b)
	switch name {
	case "arith.addui_extended":
		s := Mask(width, a+b)
		return s, b2u(s < a)
	case "arith.subui_extended":
		return Mask(width, a-b), b2u(a < b)
	case "arith.mului_extended":
		hi, lo := bits.Mul64(a, b)
		if width == 64 {
			return lo, hi
		}
		return Mask(width, lo), Mask(width, lo>>uint(width)|hi<<uint(64-width))
	case "arith.mulsi_extended":
		p := new(big.Int).Mul(big.NewInt(SExt(width, a)), big.NewInt(SExt(width, b)))
		lo := new(big.Int).And(p, new(big.Int).SetUint64(^uint64(0))).Uint64()
		hi := new(big.Int).Rsh(p, uint(width))
		return Mask(width, lo), Mask(width, uint64(hi.Int64()))
	}
	return 0, 0
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// EvalFloat computes the float op name ("arith.addf", ..., "arith.negf"
// with b ignored) on operands of kind k, rounding the result to k.
func EvalFloat(name string, k ir.FloatKind, a, b float64) (float64, bool) {
	var r float64
	switch name {
	case "arith.addf":
		r = a + b
	case "arith.subf":
		r = a - b
	case "arith.mulf":
		r = a * b
	case "arith.divf":
		r = a / b
	case "arith.remf":
		r = math.Mod(a, b)
	case "arith.negf":
		r = -a
	case "arith.flush_denormals":
		r = FlushDenormal(k, a)
	case "arith.maximumf":
		r = maximum(a, b)
	case "arith.minimumf":
		r = -maximum(-a, -b)
	case "arith.maxnumf":
		r = maxnum(a, b)
	case "arith.minnumf":
		r = -maxnum(-a, -b)
	default:
		return 0, false
	}
	return ir.RoundFloat(k, r), true
}

// maximum is IEEE 754-2019 maximum: NaN if either is NaN, -0 < +0.
func maximum(a, b float64) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return math.NaN()
	case a == 0 && b == 0:
		if math.Signbit(a) {
			return b
		}
		return a
	case a > b:
		return a
	}
	return b
}

// maxnum is IEEE 754-2008 maxNum: the other operand if one is NaN.
func maxnum(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return maximum(a, b)
}

// EvalCmpI evaluates an integer comparison of width-bit operands.
func EvalCmpI(p CmpIPredicate, width int, a, b uint64) bool {
	a, b = Mask(width, a), Mask(width, b)
	x, y := SExt(width, a), SExt(width, b)
	switch p {
	case CmpIEQ:
		return a == b
	case CmpINE:
		return a != b
	case CmpISLT:
		return x < y
	case CmpISLE:
		return x <= y
	case CmpISGT:
		return x > y
	case CmpISGE:
		return x >= y
	case CmpIULT:
		return a < b
	case CmpIULE:
		return a <= b
	case CmpIUGT:
		return a > b
	case CmpIUGE:
		return a >= b
	}
	return false
}

// EvalCmpF evaluates a float comparison; "o" predicates are false and "u"
// predicates true when either operand is NaN.
func EvalCmpF(p CmpFPredicate, a, b float64) bool {
	unordered := math.IsNaN(a) || math.IsNaN(b)
	switch p {
	case CmpFFalse:
		return false
	case CmpFTrue:
		return true
	case CmpFORD:
		return !unordered
	case CmpFUNO:
		return unordered
	}
	var r bool
	switch p {
	case CmpFOEQ, CmpFUEQ:
		r = a == b
	case CmpFOGT, CmpFUGT:
		r = a > b
	case CmpFOGE, CmpFUGE:
		r = a >= b
	case CmpFOLT, CmpFULT:
		r = a < b
	case CmpFOLE, CmpFULE:
		r = a <= b
	case CmpFONE, CmpFUNE:
		r = a != b
	}
	if p >= CmpFUEQ {
		return unordered || r
	}
	return !unordered && r
}

// Scalar is one element value: an integer's low bits, or a float.
type Scalar struct {
	Bits  uint64
	Float float64
}

// EvalCast converts v from element type from to element type to as the cast
// op name does. ok is false where MLIR does not fold: float-to-int
// conversions of NaN, infinities and out-of-range values, unsupported types.
func EvalCast(name string, from, to ir.Type, v Scalar) (Scalar, bool) {
	if f := exactCast(name, from, to); f != nil {
		return f(v), true
	}
	fw, tw := intWidth(from), intWidth(to)
	ff, _ := from.(*ir.FloatType)
	tf, _ := to.(*ir.FloatType)
	switch name {
	case "arith.sitofp":
		return Scalar{Float: intToFloat(tf, big.NewInt(SExt(fw, v.Bits)))}, tf != nil
	case "arith.uitofp":
		return Scalar{Float: intToFloat(tf, new(big.Int).SetUint64(Mask(fw, v.Bits)))}, tf != nil
	case "arith.fptosi", "arith.fptoui":
		t := math.Trunc(v.Float)
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return Scalar{}, false
		}
		lo, hi := float64(minSigned(tw)), -float64(minSigned(tw))
		if name == "arith.fptoui" {
			lo, hi = 0, math.Ldexp(1, tw)
		}
		if t < lo || t >= hi {
			return Scalar{}, false
		}
		if t < 0 {
			return Scalar{Bits: Mask(tw, uint64(int64(t)))}, true
		}
		r, _ := new(big.Float).SetFloat64(t).Uint64()
		return Scalar{Bits: Mask(tw, r)}, true
	case "arith.extf", "arith.truncf", "arith.convertf":
		if tf == nil {
			return Scalar{}, false
		}
		return Scalar{Float: ir.RoundFloat(tf.Kind, v.Float)}, true
	case "arith.bitcast":
		b := v.Bits
		if ff != nil {
			b = ir.FloatBits(ff.Kind, v.Float)
		}
		if tf != nil {
			return Scalar{Float: ir.FloatFromBits(tf.Kind, b)}, true
		}
		return Scalar{Bits: Mask(tw, b)}, true
	}
	return Scalar{}, false
}

// CastFunc returns what EvalCast computes for name from one type to
// another, resolved once, for callers that evaluate the same op many times.
func CastFunc(name string, from, to ir.Type) func(Scalar) (Scalar, bool) {
	if f := exactCast(name, from, to); f != nil {
		return func(v Scalar) (Scalar, bool) { return f(v), true }
	}
	tf, _ := to.(*ir.FloatType)
	if fw := intWidth(from); tf != nil && (tf.Kind == ir.F32 || tf.Kind == ir.F64) && (name == "arith.sitofp" || name == "arith.uitofp") {
		// Integers of at most 53 bits are exact in a float64, so one
		// conversion to the type rounds them as intToFloat does.
		return func(v Scalar) (Scalar, bool) {
			x := SExt(fw, v.Bits)
			if name == "arith.uitofp" {
				if u := Mask(fw, v.Bits); u <= 1<<53 {
					return Scalar{Float: ir.RoundFloat(tf.Kind, float64(u))}, true
				}
			} else if x >= -1<<53 && x <= 1<<53 {
				return Scalar{Float: ir.RoundFloat(tf.Kind, float64(x))}, true
			}
			return EvalCast(name, from, to, v)
		}
	}
	return func(v Scalar) (Scalar, bool) { return EvalCast(name, from, to, v) }
}

// exactCast returns the integer-to-integer casts, nil for other names.
func exactCast(name string, from, to ir.Type) func(Scalar) Scalar {
	fw, tw := intWidth(from), intWidth(to)
	switch name {
	case "arith.extui", "arith.index_castui", "arith.trunci":
		return func(v Scalar) Scalar { return Scalar{Bits: Mask(tw, Mask(fw, v.Bits))} }
	case "arith.extsi", "arith.index_cast":
		return func(v Scalar) Scalar { return Scalar{Bits: Mask(tw, uint64(SExt(fw, v.Bits)))} }
	}
	return nil
}

// mantissaBits is the precision (with the implicit bit) of each float kind.
var mantissaBits = map[ir.FloatKind]uint{
	ir.F16: 11, ir.BF16: 8, ir.F32: 24, ir.F64: 53, ir.TF32: 11,
	ir.F8E5M2: 3, ir.F8E4M3: 4, ir.F8E4M3FN: 4, ir.F8E5M2FNUZ: 3, ir.F8E4M3FNUZ: 4,
	ir.F8E4M3B11FNUZ: 4, ir.F8E3M4: 5, ir.F4E2M1FN: 2, ir.F6E2M3FN: 4, ir.F6E3M2FN: 3, ir.F8E8M0FNU: 1,
	ir.F8E5M3FNU: 4,
}

// intToFloat rounds an integer once, to the nearest value of t (ties to even).
func intToFloat(t *ir.FloatType, v *big.Int) float64 {
	if t == nil {
		return 0
	}
	prec, ok := mantissaBits[t.Kind]
	if !ok {
		prec = 53
	}
	f, _ := new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).SetInt(v).Float64()
	return ir.RoundFloat(t.Kind, f)
}
