package spv

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// formatNumber prints a literal number the way spirv-dis does: integers in
// decimal, floats with enough digits to read back exactly, and 16-bit
// floats, subnormals, infinities and NaNs as hex floats.
func formatNumber(o Operand) string {
	switch o.Number {
	case NumberInt:
		if len(o.Words) == 1 {
			return strconv.FormatInt(int64(int32(o.Words[0])), 10)
		}
		return strconv.FormatInt(int64(o.Uint64()), 10)
	case NumberFloat:
		switch o.Width {
		case 16:
			return hexFloat(uint64(o.Words[0]&0xFFFF), 10, 5)
		case 32:
			f := math.Float32frombits(o.Words[0])
			if isZeroOrNormal(float64(f), o.Words[0]&0x7F800000 != 0) {
				return strconv.FormatFloat(float64(f), 'g', 9, 32)
			}
			return hexFloat(uint64(o.Words[0]), 23, 8)
		default:
			bits := o.Uint64()
			f := math.Float64frombits(bits)
			if isZeroOrNormal(f, bits&0x7FF0000000000000 != 0) {
				return strconv.FormatFloat(f, 'g', 17, 64)
			}
			return hexFloat(bits, 52, 11)
		}
	}
	return strconv.FormatUint(o.Uint64(), 10)
}

// isZeroOrNormal reports whether f is zero or a normal finite number;
// biased says whether its exponent field is nonzero.
func isZeroOrNormal(f float64, biased bool) bool {
	if f == 0 {
		return true
	}
	return biased && !math.IsInf(f, 0) && !math.IsNaN(f)
}

// hexFloat prints the IEEE 754 value bits with the given fraction and
// exponent widths as [-]0x1.fffp+e, normalizing subnormals; infinities and
// NaNs print with the all-ones exponent, as spirv-dis prints them.
func hexFloat(bits uint64, fracBits, expBits int) string {
	sign := ""
	if bits>>(fracBits+expBits)&1 != 0 {
		sign = "-"
	}
	bias := 1<<(expBits-1) - 1
	exp := int(bits >> fracBits & (1<<expBits - 1))
	frac := bits & (1<<fracBits - 1)
	if exp == 0 && frac == 0 {
		return sign + "0x0p+0"
	}
	e := exp - bias
	if exp == 0 { // subnormal: shift the leading one out of the fraction
		e = 1 - bias
		for frac&(1<<fracBits) == 0 {
			frac <<= 1
			e--
		}
		frac &= 1<<fracBits - 1
	}
	nibbles := (fracBits + 3) / 4
	frac <<= nibbles*4 - fracBits
	digits := strings.TrimRight(fmt.Sprintf("%0*x", nibbles, frac), "0")
	if digits != "" {
		digits = "." + digits
	}
	return fmt.Sprintf("%s0x1%sp%+d", sign, digits, e)
}
