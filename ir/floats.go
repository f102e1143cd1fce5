package ir

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// floatFormat describes a binary floating-point format by its exponent and
// mantissa widths. The small MLIR formats (f8 variants, f6, f4) are handled
// with IEEE-style rounding; their finite-only encodings are not modelled.
type floatFormat struct{ exp, man int }

var floatFormats = [numFloatKinds]floatFormat{
	F16: {5, 10}, BF16: {8, 7}, F32: {8, 23}, F64: {11, 52}, F80: {15, 63}, F128: {15, 112},
	TF32: {8, 10}, F8E5M2: {5, 2}, F8E4M3: {4, 3}, F8E4M3FN: {4, 3}, F8E5M2FNUZ: {5, 2},
	F8E4M3FNUZ: {4, 3}, F8E4M3B11FNUZ: {4, 3}, F8E3M4: {3, 4}, F4E2M1FN: {2, 1},
	F6E2M3FN: {2, 3}, F6E3M2FN: {3, 2}, F8E8M0FNU: {8, 0},
}

// A NaN of a format narrower than f64 is carried in a float64 with its
// payload in the top bits of the f64 mantissa, as a widening conversion
// puts it, and its quiet bit as is: FloatBits(k, FloatFromBits(k, b)) == b
// for every NaN b, so payloads and signalling NaNs survive parsing,
// printing, attributes, folding and serialization (only arithmetic, which
// quiets NaNs, changes them). Hardware conversions (float32(v)) would quiet
// a signalling NaN, hence the bit handling below.

// RoundFloat rounds v to the nearest value of the given format (ties to even).
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
	f := floatFormats[k]
	return encodeSmallFloat(v, f.exp, f.man)
}

// FloatFromBits decodes a bit pattern of the given format.
func FloatFromBits(k FloatKind, bits uint64) float64 {
	switch k {
	case F64, F80, F128:
		return math.Float64frombits(bits)
	}
	f := floatFormats[k]
	expMax := uint64(1)<<uint(f.exp) - 1
	if m := bits & (1<<uint(f.man) - 1); m != 0 && bits>>uint(f.man)&expMax == expMax {
		sign := bits >> uint(f.exp+f.man) & 1
		return math.Float64frombits(sign<<63 | 0x7FF<<52 | m<<uint(52-f.man))
	}
	if k == F32 {
		return float64(math.Float32frombits(uint32(bits)))
	}
	return decodeSmallFloat(bits, f.exp, f.man)
}

// nanBits encodes the NaN v in format f: the top f.man bits of its payload,
// or the quiet bit alone when those are all zero (a NaN must not become an
// infinity).
func nanBits(f floatFormat, v float64) uint64 {
	b := math.Float64bits(v)
	m := b & (1<<52 - 1) >> uint(52-f.man)
	if m == 0 {
		m = 1 << uint(max(f.man-1, 0))
	}
	return b>>63<<uint(f.exp+f.man) | (1<<uint(f.exp)-1)<<uint(f.man) | m
}

func encodeSmallFloat(v float64, expBits, manBits int) uint64 {
	b := math.Float64bits(v)
	sign := b >> 63 << uint(expBits+manBits)
	bias := 1<<uint(expBits-1) - 1
	expMax := uint64(1)<<uint(expBits) - 1
	switch {
	case math.IsInf(v, 0):
		return sign | expMax<<uint(manBits)
	case v == 0:
		return sign
	}
	a := math.Abs(v)
	frac, e := math.Frexp(a) // a = frac * 2^e, frac in [0.5, 1)
	e--                      // a = (2*frac) * 2^e with 2*frac in [1, 2)
	minExp := 1 - bias
	var mant float64
	var biased int
	if e < minExp { // subnormal
		mant = a / math.Ldexp(1, minExp-manBits)
		biased = 0
	} else {
		mant = (2*frac - 1) * math.Ldexp(1, manBits)
		biased = e + bias
	}
	m := uint64(math.RoundToEven(mant))
	if biased == 0 && m == 1<<uint(manBits) {
		biased, m = 1, 0
	} else if biased > 0 && m == 1<<uint(manBits) {
		biased++
		m = 0
	}
	if uint64(biased) >= expMax {
		return sign | expMax<<uint(manBits)
	}
	return sign | uint64(biased)<<uint(manBits) | m
}

func decodeSmallFloat(bits uint64, expBits, manBits int) float64 {
	sign := 1.0
	if bits>>uint(expBits+manBits)&1 == 1 {
		sign = -1
	}
	bias := 1<<uint(expBits-1) - 1
	expMax := uint64(1)<<uint(expBits) - 1
	e := bits >> uint(manBits) & expMax
	m := bits & (1<<uint(manBits) - 1)
	switch {
	case e == expMax:
		return math.Inf(int(sign))
	case e == 0:
		return sign * math.Ldexp(float64(m), 1-bias-manBits)
	}
	return sign * math.Ldexp(float64(m|1<<uint(manBits)), int(e)-bias-manBits)
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
	n := new(big.Int).SetUint64(sig)
	if exp > 0 {
		n.Lsh(n, uint(exp))
		exp = 0
	} else if exp < 0 {
		n.Mul(n, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil))
	}
	if bits, need := n.BitLen(), (formatPrecision*196+58)/59; bits > need {
		if tens := (bits - need) * 59 / 196; tens > 0 {
			exp += tens
			n.Quo(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	digits := []byte(n.String()) // most significant first
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
			b.WriteString(strings.Repeat("0", formatPrecision-nd+1))
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
		b.WriteString(strings.Repeat("0", exp))
	default:
		if whole := exp + nd; whole > 0 {
			b.Write(digits[:whole])
			b.WriteByte('.')
			b.Write(digits[whole:])
		} else {
			b.WriteString("0.")
			b.WriteString(strings.Repeat("0", -whole))
			b.Write(digits)
		}
	}
	return b.String()
}

func sameFloat(k FloatKind, a, b float64) bool {
	return FloatBits(k, RoundFloat(k, a)) == FloatBits(k, b)
}
