package ir

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// nonFinite is how a format encodes NaN and infinity, as APFloat's
// fltNonfiniteBehavior and fltNanEncoding say.
type nonFinite uint8

const (
	// ieeeNonFinite: infinities and NaNs have an all-ones exponent.
	ieeeNonFinite nonFinite = iota
	// nanAllOnes (the FN formats): no infinity; the all-ones pattern
	// (either sign) is the only NaN, so the top exponent holds finite
	// values too.
	nanAllOnes
	// nanNegZero (the FNUZ formats): no infinity and no -0; the
	// negative-zero pattern is the only NaN.
	nanNegZero
	// finiteOnly (f4E2M1FN, f6E*FN): neither infinity nor NaN.
	finiteOnly
)

// floatFormat describes a binary floating-point format as APFloat's
// fltSemantics does: exp and man are the field widths, emin and emax the
// least and greatest unbiased exponents of normal values (biased exponent
// = e + bias, with 0 meaning subnormal except in f8E8M0FNU, which has no
// zero (noZero): its every pattern but the NaN is a power of two). An
// unsigned format has no sign bit (APFloat's hasSignedRepr false).
type floatFormat struct {
	exp, man   int
	bias       int
	emin, emax int
	nf         nonFinite
	unsigned   bool
	noZero     bool
}

// ieeeFormat is an IEEE-style format of the given widths.
func ieeeFormat(exp, man int) floatFormat {
	bias := 1<<(exp-1) - 1
	return floatFormat{exp: exp, man: man, bias: bias, emin: 1 - bias, emax: bias, nf: ieeeNonFinite}
}

// extFormat is a format without infinities whose top exponent holds
// finite values, with the given bias.
func extFormat(exp, man, bias int, nf nonFinite) floatFormat {
	return floatFormat{exp: exp, man: man, bias: bias, emin: 1 - bias, emax: 1<<exp - 1 - bias, nf: nf}
}

var floatFormats = [numFloatKinds]floatFormat{
	F16: ieeeFormat(5, 10), BF16: ieeeFormat(8, 7), F32: ieeeFormat(8, 23),
	F64: ieeeFormat(11, 52), F80: ieeeFormat(15, 63), F128: ieeeFormat(15, 112),
	TF32: ieeeFormat(8, 10), F8E5M2: ieeeFormat(5, 2), F8E4M3: ieeeFormat(4, 3),
	F8E3M4:        ieeeFormat(3, 4),
	F8E4M3FN:      extFormat(4, 3, 7, nanAllOnes),
	F8E5M2FNUZ:    extFormat(5, 2, 16, nanNegZero),
	F8E4M3FNUZ:    extFormat(4, 3, 8, nanNegZero),
	F8E4M3B11FNUZ: extFormat(4, 3, 11, nanNegZero),
	F4E2M1FN:      extFormat(2, 1, 1, finiteOnly),
	F6E2M3FN:      extFormat(2, 3, 1, finiteOnly),
	F6E3M2FN:      extFormat(3, 2, 3, finiteOnly),
	// 2^-127 .. 2^127, 0xFF is NaN; no zero, no sign.
	F8E8M0FNU: {exp: 8, man: 0, bias: 127, emin: -127, emax: 127, nf: nanAllOnes, unsigned: true, noZero: true},
	// No sign; 2^-17 .. 114688 with subnormals, 0xFF is NaN.
	F8E5M3FNU: {exp: 5, man: 3, bias: 15, emin: -14, emax: 16, nf: nanAllOnes, unsigned: true},
}

// signShift is the position of f's sign bit (past the top for unsigned).
func (f floatFormat) signShift() uint { return uint(f.exp + f.man) }

// signBit is f's sign bit set when neg (none in an unsigned format).
func (f floatFormat) signBit(neg bool) uint64 {
	if neg && !f.unsigned {
		return 1 << f.signShift()
	}
	return 0
}

// maxBits is the bit pattern of f's greatest finite value.
func (f floatFormat) maxBits() uint64 {
	b := uint64(f.emax+f.bias)<<uint(f.man) | (1<<uint(f.man) - 1)
	if f.nf == nanAllOnes && f.man > 0 {
		b-- // all ones is the NaN
	}
	return b
}

// nanPattern is f's NaN of the given sign for the formats with a single
// NaN encoding.
func (f floatFormat) nanPattern(neg bool) uint64 {
	switch {
	case f.nf == nanNegZero:
		return 1 << f.signShift()
	case f.unsigned:
		return 1<<f.signShift() - 1
	}
	return f.signBit(neg) | (uint64(1)<<f.signShift() - 1)
}

// Each format is encoded, decoded and rounded as APFloat does it: a
// conversion rounds to nearest, ties to even; a value beyond the greatest
// finite one becomes the infinity, else (FN, FNUZ) the NaN, else (f4, f6)
// saturates to the greatest finite value; the FNUZ and the unsigned
// formats (f8E8M0FNU, f8E5M3FNU) have no -0 (it becomes +0, and in
// f8E8M0FNU, which has no zero, every value below 2^-127 becomes 2^-127);
// a negative value of an unsigned format is NaN (APFloat keeps a sign its
// encoding cannot hold). A format without NaN
// (f4, f6) encodes NaN as +0: arith.truncf does not fold such a conversion
// (it is not exact), and MLIR leaves it undefined.
//
// A NaN of an IEEE format narrower than f64 is carried in a float64 with
// its payload in the top bits of the f64 mantissa, as a widening
// conversion puts it, and its quiet bit as is: FloatBits(k,
// FloatFromBits(k, b)) == b for every NaN b, so payloads and signalling
// NaNs survive parsing, printing, attributes, folding and serialization
// (only arithmetic, which quiets NaNs, changes them). Hardware conversions
// (float32(v)) would quiet a signalling NaN, hence the bit handling below.
// The FN NaN (S.1111.111) widens the same way; the FNUZ NaN is a quiet
// negative NaN, the unsigned formats' one (all ones) a quiet positive NaN.

// RoundFloat rounds v to the nearest value of the given format (ties to
// even), as a conversion to that format and back does.
func RoundFloat(k FloatKind, v float64) float64 {
	switch {
	case k == F64 || k == F80 || k == F128:
		return v
	case v != v:
		return FloatFromBits(k, FloatBits(k, v))
	case k == F32:
		return float64(float32(v))
	}
	return FloatFromBits(k, FloatBits(k, v))
}

// FloatBits encodes v in the given format (for formats up to 64 bits).
func FloatBits(k FloatKind, v float64) uint64 {
	switch {
	case k == F64 || k == F80 || k == F128:
		return math.Float64bits(v)
	case v != v:
		return nanBits(floatFormats[k], v)
	case k == F32:
		return uint64(math.Float32bits(float32(v)))
	}
	return encodeSmallFloat(floatFormats[k], v)
}

// FloatFromBits decodes a bit pattern of the given format.
func FloatFromBits(k FloatKind, bits uint64) float64 {
	switch k {
	case F64, F80, F128:
		return math.Float64frombits(bits)
	}
	f := floatFormats[k]
	bits &= 1<<uint(floatWidths[k]) - 1
	switch f.nf {
	case ieeeNonFinite:
		expMax := uint64(1)<<uint(f.exp) - 1
		if m := bits & (1<<uint(f.man) - 1); m != 0 && bits>>uint(f.man)&expMax == expMax {
			sign := bits >> f.signShift() & 1
			return math.Float64frombits(sign<<63 | 0x7FF<<52 | m<<uint(52-f.man))
		}
		if k == F32 {
			return float64(math.Float32frombits(uint32(bits)))
		}
	case nanAllOnes:
		if f.unsigned && bits == f.nanPattern(false) {
			return math.Float64frombits(0x7FF8 << 48)
		}
		if bits&(1<<f.signShift()-1) == 1<<f.signShift()-1 {
			sign := bits >> f.signShift() & 1
			return math.Float64frombits(sign<<63 | 0x7FF<<52 | (1<<uint(f.man)-1)<<uint(52-f.man))
		}
	case nanNegZero:
		if bits == f.nanPattern(true) {
			return math.Float64frombits(0xFFF8 << 48)
		}
	}
	return decodeSmallFloat(f, bits)
}

// nanBits encodes the NaN v in format f: for an IEEE format the top f.man
// bits of its payload, or the quiet bit alone when those are all zero (a
// NaN must not become an infinity); else the format's NaN.
func nanBits(f floatFormat, v float64) uint64 {
	b := math.Float64bits(v)
	switch f.nf {
	case finiteOnly:
		return 0
	case nanAllOnes, nanNegZero:
		return f.nanPattern(b>>63 == 1 && !f.unsigned)
	}
	m := b & (1<<52 - 1) >> uint(52-f.man)
	if m == 0 {
		m = 1 << uint(max(f.man-1, 0))
	}
	return b>>63<<f.signShift() | (1<<uint(f.exp)-1)<<uint(f.man) | m
}

// overflowBits is what a value of the given sign beyond f's range becomes
// when rounded to nearest (APFloat's handleOverflow).
func (f floatFormat) overflowBits(neg bool) uint64 {
	sign := f.signBit(neg)
	switch f.nf {
	case ieeeNonFinite:
		return sign | (1<<uint(f.exp)-1)<<uint(f.man)
	case finiteOnly:
		return sign | f.maxBits()
	}
	return f.nanPattern(neg)
}

// zeroBits is f's zero of the given sign: FNUZ and the unsigned formats
// have only +0, and f8E8M0FNU, without a zero, gives its least value.
func (f floatFormat) zeroBits(neg bool) uint64 {
	if neg && f.signedZero() {
		return 1 << f.signShift()
	}
	return 0
}

// encodeSmallFloat rounds the non-NaN v to format f, to nearest with ties
// to even.
func encodeSmallFloat(f floatFormat, v float64) uint64 {
	neg := math.Signbit(v)
	switch {
	case f.unsigned && neg && v != 0:
		return f.nanPattern(false)
	case math.IsInf(v, 0):
		return f.overflowBits(neg)
	case v == 0:
		return f.zeroBits(neg)
	}
	a := math.Abs(v)
	_, e := math.Frexp(a)
	e--                         // a in [2^e, 2^(e+1))
	q := max(e, f.emin) - f.man // the quantum (last place) exponent
	// a * 2^-q is exact in a float64: it has at most 53 significant bits and
	// is at most 2^(man+1) < 2^53 for formats narrower than f64.
	r := uint64(math.RoundToEven(math.Ldexp(a, -q)))
	return f.pack(neg, r, q, f.overflowBits(neg))
}

// pack encodes the value r * 2^q of the given sign, r < 2^(man+1)
// (or r == 2^(man+1) after rounding up), q >= emin - man, in format f;
// a value beyond the greatest finite one gives ovf.
func (f floatFormat) pack(neg bool, r uint64, q int, ovf uint64) uint64 {
	if r == 1<<uint(f.man+1) {
		r >>= 1
		q++
	}
	if r == 0 {
		return f.zeroBits(neg)
	}
	e := q + f.man
	var bits uint64
	if r < 1<<uint(f.man) { // subnormal
		bits = r
	} else {
		if e > f.emax {
			return ovf
		}
		bits = uint64(e+f.bias)<<uint(f.man) | r&(1<<uint(f.man)-1)
	}
	if bits > f.maxBits() {
		return ovf
	}
	return f.signBit(neg) | bits
}

// RoundBig rounds x to kind k (up to 64 bits) in the given rounding mode,
// as APFloat's convert does: a value beyond the greatest finite one becomes
// the infinity (or NaN, or, in f4 and f6, the greatest value) when the
// mode rounds it away from zero, else the greatest finite value. Callers
// compute x exactly, or with a sticky bit below the format's precision, so
// that it is rounded once.
func RoundBig(k FloatKind, x *big.Float, mode big.RoundingMode) float64 {
	if k == F80 || k == F128 {
		k = F64 // carried in a float64
	}
	f := floatFormats[k]
	neg := x.Signbit()
	switch {
	case x.IsInf():
		return RoundFloat(k, math.Inf(x.Sign()))
	case x.Sign() == 0:
		z := 0.0
		if neg {
			z = math.Copysign(0, -1)
		}
		return RoundFloat(k, z)
	case f.unsigned && neg:
		return FloatFromBits(k, f.nanPattern(false))
	}
	e := x.MantExp(nil) - 1 // |x| in [2^e, 2^(e+1))
	q := max(e, f.emin) - f.man
	n := new(big.Float).SetMantExp(x, -q)
	n.Abs(n)
	i, _ := n.Int(nil)
	frac := new(big.Float).Sub(n, new(big.Float).SetInt(i))
	half := frac.Cmp(big.NewFloat(0.5))
	r := i.Uint64()
	inexact := frac.Sign() != 0
	var up bool
	switch mode {
	case big.ToNearestEven:
		up = half > 0 || half == 0 && r&1 == 1
	case big.ToNearestAway:
		up = half >= 0
	case big.AwayFromZero:
		up = inexact
	case big.ToPositiveInf:
		up = inexact && !neg
	case big.ToNegativeInf:
		up = inexact && neg
	}
	if up {
		r++
	}
	ovf := f.overflowBits(neg)
	if mode == big.ToZero || mode == big.ToPositiveInf && neg || mode == big.ToNegativeInf && !neg {
		ovf = f.signBit(neg) | f.maxBits()
	}
	return FloatFromBits(k, f.pack(neg, r, q, ovf))
}

func decodeSmallFloat(f floatFormat, bits uint64) float64 {
	sign := 1.0
	if !f.unsigned && bits>>f.signShift()&1 == 1 {
		sign = -1
	}
	e := int(bits >> uint(f.man) & (1<<uint(f.exp) - 1))
	m := bits & (1<<uint(f.man) - 1)
	switch {
	case f.nf == ieeeNonFinite && e == 1<<uint(f.exp)-1:
		return math.Inf(int(sign))
	case f.noZero:
		return math.Ldexp(1, e-f.bias)
	case e == 0:
		return sign * math.Ldexp(float64(m), f.emin-f.man)
	}
	return sign * math.Ldexp(float64(m|1<<uint(f.man)), e-f.bias-f.man)
}

func floatKeyBits(v float64) uint64 { return math.Float64bits(v) }

// FormatFloat prints v as MLIR's printer does: APFloat's six-digit
// exponent form ("4.200000e+01") when that reads back as the same value of
// kind k, else APFloat's default form when it has a decimal point
// ("0.699999988" for f32 0.7, "1.2345678E+20"), else the hex bit pattern
// (NaN, infinities, and integral values such as 123456789.0 that the
// default form prints without a point).
func FormatFloat(k FloatKind, v float64) string {
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		prec := floatFormats[k].man + 1
		s := apFloatString(prec, v, true)
		if back, err := strconv.ParseFloat(s, 64); err == nil && sameFloat(k, back, v) {
			return s
		}
		if s = apFloatString(prec, v, false); strings.Contains(s, ".") {
			return s
		}
	}
	width := floatWidths[k]
	if k == F80 || k == F128 {
		width = 64
	}
	digits := (width + 3) / 4
	h := strconv.FormatUint(FloatBits(k, v), 16)
	return "0x" + strings.Repeat("0", max(digits-len(h), 0)) + strings.ToUpper(h)
}

// apFloatString is LLVM's APFloat::toString of the finite v in a format of
// prec significand bits, in the two forms MLIR's printer uses: sixDigits is
// toString(6, 0, false) ("4.200000e+01"), else toString() (FormatPrecision
// from prec, FormatMaxPadding 3, TruncateZero). Its digits are not v's
// correctly rounded ones, and MLIR's output depends on that: the exact
// decimal significand first loses the digits beyond about FormatPrecision+1
// by truncation (udiv by a power of ten sized from the bit length), and
// only what remains is rounded half up.
func apFloatString(prec int, v float64, sixDigits bool) string {
	formatPrecision, maxPadding, truncateZero := 6, 0, false
	if !sixDigits {
		formatPrecision, maxPadding, truncateZero = 2+prec*59/196, 3, true
	}
	var b strings.Builder
	b.Grow(24) // any form of a float64 but a far exponent's: one allocation
	if math.Signbit(v) {
		b.WriteByte('-')
		v = -v
	}
	if v == 0 {
		if sixDigits {
			b.WriteString("0.000000e+00")
		} else {
			b.WriteByte('0')
		}
		return b.String()
	}
	// v = sig * 2^exp with sig odd, then sig * 5^-exp * 10^exp for exp < 0.
	frac, e := math.Frexp(v)
	sig := uint64(frac * (1 << 53))
	exp := e - 53
	for sig&1 == 0 {
		sig >>= 1
		exp++
	}
	var buf [24]byte
	digits, exp := decimalDigits(buf[:0], sig, exp, (formatPrecision*196+58)/59)
	if len(digits) > formatPrecision {
		// Round half up on the first dropped digit; a carry's zeros go.
		exp += len(digits) - formatPrecision
		up := digits[formatPrecision] >= '5'
		digits = digits[:formatPrecision]
		if up {
			i := len(digits) - 1
			for ; i >= 0 && digits[i] == '9'; i-- {
				exp++
			}
			if i < 0 {
				digits = []byte{'1'}
			} else {
				digits[i]++
				digits = digits[:i+1]
			}
		}
	}
	for digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	nd := len(digits)
	scientific := true
	if maxPadding > 0 {
		switch msd := exp + nd - 1; {
		case exp >= 0:
			scientific = exp > maxPadding || nd+exp > formatPrecision
		case msd >= 0:
			scientific = false
		default:
			scientific = -msd > maxPadding
		}
	}
	switch {
	case scientific:
		exp += nd - 1
		b.WriteByte(digits[0])
		b.WriteByte('.')
		if nd == 1 && truncateZero {
			b.WriteByte('0')
		} else {
			b.Write(digits[1:])
		}
		if !truncateZero && formatPrecision > nd-1 {
			writeZeros(&b, formatPrecision-nd+1)
		}
		if truncateZero {
			b.WriteByte('E')
		} else {
			b.WriteByte('e')
		}
		if exp < 0 {
			b.WriteByte('-')
			exp = -exp
		} else {
			b.WriteByte('+')
		}
		if !truncateZero && exp < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(exp))
	case exp >= 0:
		b.Write(digits)
		writeZeros(&b, exp)
	default:
		if whole := exp + nd; whole > 0 {
			b.Write(digits[:whole])
			b.WriteByte('.')
			b.Write(digits[whole:])
		} else {
			b.WriteString("0.")
			writeZeros(&b, -whole)
			b.Write(digits)
		}
	}
	return b.String()
}

// writeZeros writes n zeros.
func writeZeros(b *strings.Builder, n int) {
	const zeros = "0000000000000000"
	for ; n > len(zeros); n -= len(zeros) {
		b.WriteString(zeros)
	}
	b.WriteString(zeros[:n])
}

// decimalDigits appends to buf the decimal digits (most significant
// first) of sig*2^exp cut to about need bits as APFloat's toString cuts
// them, and returns them with their power of ten.
func decimalDigits(buf []byte, sig uint64, exp, need int) ([]byte, int) {
	n, ok := exactSignificand(sig, exp)
	if !ok {
		return bigDecimalDigits(buf, sig, exp, need)
	}
	// The common values (small integers, halves) in a machine word.
	if exp = min(exp, 0); bits.Len64(n) > need {
		if tens := (bits.Len64(n) - need) * 59 / 196; tens > 0 {
			exp += tens
			n /= pow10[tens]
		}
	}
	return strconv.AppendUint(buf, n, 10), exp
}

// bigDecimalDigits is decimalDigits in big integers, for any sig and exp.
func bigDecimalDigits(buf []byte, sig uint64, exp, need int) ([]byte, int) {
	n := new(big.Int).SetUint64(sig)
	if exp > 0 {
		n.Lsh(n, uint(exp))
		exp = 0
	} else if exp < 0 {
		n.Mul(n, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil))
	}
	if nb := n.BitLen(); nb > need {
		if tens := (nb - need) * 59 / 196; tens > 0 {
			exp += tens
			n.Quo(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	return n.Append(buf, 10), exp
}

// pow10 and pow5 are the powers of ten and five that fit in a uint64.
var pow10, pow5 = func() (p10 [20]uint64, p5 [28]uint64) {
	p10[0], p5[0] = 1, 1
	for i := 1; i < len(p10); i++ {
		p10[i] = p10[i-1] * 10
	}
	for i := 1; i < len(p5); i++ {
		p5[i] = p5[i-1] * 5
	}
	return
}()

// exactSignificand returns sig*2^exp (exp >= 0) or sig*5^-exp (exp < 0),
// the decimal significand of sig*2^exp, when it fits in a uint64.
func exactSignificand(sig uint64, exp int) (uint64, bool) {
	switch {
	case exp >= 0:
		if exp >= 64 || bits.Len64(sig)+exp > 64 {
			return 0, false
		}
		return sig << uint(exp), true
	case -exp < len(pow5):
		hi, lo := bits.Mul64(sig, pow5[-exp])
		return lo, hi == 0
	}
	return 0, false
}

func sameFloat(k FloatKind, a, b float64) bool {
	return FloatBits(k, RoundFloat(k, a)) == FloatBits(k, b)
}

// signedZero reports whether f has a -0.
func (f floatFormat) signedZero() bool { return f.nf != nanNegZero && !f.unsigned }

// IsMidpoint reports whether the finite v lies exactly halfway between two
// neighbouring values of kind k (or half a step past the greatest): where
// rounding v to k may go the other way than rounding the exact value that
// v is a float64 rounding of.
func IsMidpoint(k FloatKind, v float64) bool {
	if k == F64 || k == F80 || k == F128 || v == 0 || math.IsInf(v, 0) || v != v {
		return false
	}
	f := floatFormats[k]
	a := math.Abs(v)
	_, e := math.Frexp(a)
	t := math.Ldexp(a, 1-(max(e-1, f.emin)-f.man)) // v in half steps of k
	return t == math.Trunc(t) && math.Mod(t, 2) == 1
}
