package ir

import (
	"math"
	"testing"
)

// TestFormatFloat checks FormatFloat against what mlir-opt-16 prints for
// the same constants: APFloat's six significant digits when they read
// back, its default form (whose digits are truncated before they are
// rounded) when it has a point, else hex.
func TestFormatFloat(t *testing.T) {
	f32 := func(bits uint32) float64 { return float64(math.Float32frombits(bits)) }
	for _, c := range []struct {
		k    FloatKind
		v    float64
		want string
	}{
		{F32, 42, "4.200000e+01"},
		{F32, 1.5, "1.500000e+00"},
		{F64, math.Copysign(0, -1), "-0.000000e+00"},
		{F32, f32(0x3DCCCCCD), "1.000000e-01"},
		{F32, float64(float32(0.7)), "0.699999988"},
		{F32, float64(float32(12345.67)), "12345.6699"},
		{F32, float64(float32(9.999996)), "9.99999618"},
		{F32, 123.456, "1.234560e+02"},
		{F32, 3.0e38, "3.000000e+38"},
		// The default form's digits are truncated, then rounded: the
		// correctly rounded nine digits would end in 7.
		{F32, f32(0xBDA2D155), "-0.0795008316"},
		{F32, f32(0x3EB3C0D6), "0.351080596"},
		{F64, 1.234567, "1.234567"},
		{F64, 1.2345678e20, "1.2345678E+20"},
		{F64, 1e-10, "1.000000e-10"},
		{F64, 1e300, "1.000000e+300"},
		{F16, 1.4140625, "1.414060e+00"},
		{F16, 65504, "6.550400e+04"},
		{BF16, 0.10009765625, "1.000980e-01"},
		// Integral, and no point in the default form: hex.
		{F64, 123456789, "0x419D6F3454000000"},
		{F32, math.Inf(-1), "0xFF800000"},
	} {
		if got := FormatFloat(c.k, c.v); got != c.want {
			t.Errorf("FormatFloat(%v, %v) = %q, want %q", c.k, c.v, got, c.want)
		}
	}
}
