package ir

import (
	"math"
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

// RoundFloat rounds v to the nearest value of the given format (ties to even).
func RoundFloat(k FloatKind, v float64) float64 {
	switch k {
	case F64, F80, F128:
		return v
	case F32:
		return float64(float32(v))
	}
	return FloatFromBits(k, FloatBits(k, v))
}

// FloatBits encodes v in the given format (for formats up to 64 bits).
func FloatBits(k FloatKind, v float64) uint64 {
	switch k {
	case F64, F80, F128:
		return math.Float64bits(v)
	case F32:
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
	case F32:
		return float64(math.Float32frombits(uint32(bits)))
	}
	f := floatFormats[k]
	return decodeSmallFloat(bits, f.exp, f.man)
}

func encodeSmallFloat(v float64, expBits, manBits int) uint64 {
	b := math.Float64bits(v)
	sign := b >> 63 << uint(expBits+manBits)
	bias := 1<<uint(expBits-1) - 1
	expMax := uint64(1)<<uint(expBits) - 1
	switch {
	case math.IsNaN(v):
		return sign | expMax<<uint(manBits) | 1<<uint(max(manBits-1, 0))
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
	case e == expMax && m != 0:
		return math.NaN()
	case e == expMax:
		return math.Inf(int(sign))
	case e == 0:
		return sign * math.Ldexp(float64(m), 1-bias-manBits)
	}
	return sign * math.Ldexp(float64(m|1<<uint(manBits)), int(e)-bias-manBits)
}

func floatKeyBits(v float64) uint64 { return math.Float64bits(v) }

// FormatFloat prints v as MLIR does: six-digit exponent form when that reads
// back to the same value, a shorter decimal form when that does, and a hex
// bit pattern otherwise (NaN, infinities, values needing more digits).
func FormatFloat(k FloatKind, v float64) string {
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		s := strconv.FormatFloat(v, 'e', 6, 64)
		if back, err := strconv.ParseFloat(s, 64); err == nil && sameFloat(k, back, v) {
			return s
		}
		// APFloat's default: 2 + precision*59/196 significant digits.
		f := floatFormats[k]
		s = trimFloatZeros(strconv.FormatFloat(v, 'g', 2+(f.man+1)*59/196, 64))
		if !strings.ContainsAny(s, ".") {
			if i := strings.IndexByte(s, 'e'); i >= 0 {
				s = s[:i] + ".0" + s[i:]
			} else {
				s += ".0"
			}
		}
		if back, err := strconv.ParseFloat(s, 64); err == nil && sameFloat(k, back, v) {
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

// trimFloatZeros removes trailing zeros of the mantissa ("1.500e+20" -> "1.5e+20").
func trimFloatZeros(s string) string {
	mant, exp, _ := strings.Cut(s, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	if exp != "" {
		return mant + "e" + exp
	}
	return mant
}

func sameFloat(k FloatKind, a, b float64) bool {
	return FloatBits(k, RoundFloat(k, a)) == FloatBits(k, b)
}
