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

// TestNaNBits checks that every NaN bit pattern of a format, signalling or
// quiet, with any payload and sign, survives the float64 it is carried in,
// and that an f64 NaN whose payload a narrower format cannot hold stays a
// NaN there.
func TestNaNBits(t *testing.T) {
	for _, c := range []struct {
		k    FloatKind
		nans []uint64
	}{
		{F16, []uint64{0x7C01, 0x7D00, 0x7E00, 0x7FFF, 0xFC02, 0xFE01}},
		{BF16, []uint64{0x7F81, 0x7FC0, 0xFFC1, 0x7FFF}},
		{F32, []uint64{0x7FA00000, 0x7F800001, 0x7FC00000, 0xFFC00001, 0x7FFFFFFF}},
		{TF32, []uint64{0x3FC01, 0x3FE00, 0x7FFFF}},
		{F8E5M2, []uint64{0x7D, 0x7E, 0xFF}},
		{F8E4M3, []uint64{0x79, 0x7C, 0xFF}},
		{F8E3M4, []uint64{0x71, 0x78, 0xF3}},
		{F8E4M3FN, []uint64{0x7F, 0xFF}},
	} {
		for _, b := range c.nans {
			v := FloatFromBits(c.k, b)
			if !math.IsNaN(v) {
				t.Errorf("FloatFromBits(%v, %#x) = %v, want a NaN", c.k, b, v)
				continue
			}
			if got := FloatBits(c.k, v); got != b {
				t.Errorf("FloatBits(%v, FloatFromBits(%#x)) = %#x", c.k, b, got)
			}
			if got := FloatBits(c.k, RoundFloat(c.k, v)); got != b {
				t.Errorf("RoundFloat(%v) of %#x gives bits %#x", c.k, b, got)
			}
		}
	}
	low := math.Float64frombits(0xFFF0000000000001)
	if got := FloatBits(F32, low); got != 0xFFC00000 {
		t.Errorf("FloatBits(F32, 0xFFF0000000000001) = %#x, want the quiet NaN 0xFFC00000", got)
	}
	if got := FloatBits(F16, low); got != 0xFE00 {
		t.Errorf("FloatBits(F16, 0xFFF0000000000001) = %#x, want the quiet NaN 0xFE00", got)
	}
}

// TestNaNAttrRoundTrip parses and prints NaN constants of every kind of
// attribute that holds floats; the expected text is what mlir-opt-16 prints
// for the same input (tf32 and f8E3M4, which it does not know, follow the
// same rule).
func TestNaNAttrRoundTrip(t *testing.T) {
	ctx := NewContext()
	for _, s := range []string{
		"0x7FA00000 : f32",
		"0xFFC00001 : f32",
		"0x7F800001 : f32",
		"0x7C01 : f16",
		"0xFE01 : f16",
		"0x7F81 : bf16",
		"0x7FF0000000000001 : f64",
		"0x3FC01 : tf32",
		"0x7D : f8E5M2",
		"0xFF : f8E4M3FN",
		"0x71 : f8E3M4",
		"dense<[0x7C01, 0xFC02, 1.000000e+00]> : vector<3xf16>",
		"dense<0x7FA00000> : vector<2xf32>",
		"dense<(0x7C01,0xFC02)> : tensor<complex<f16>>",
		"array<f16: 0x7C01, 0xFE01>",
		"array<f32: 0x7F800001>",
	} {
		a, err := ParseAttrString(ctx, s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if got := AttrString(a); got != s {
			t.Errorf("%s printed as %s", s, got)
		}
	}
	// Distinct payloads are distinct attributes.
	a, _ := ParseAttrString(ctx, "0x7FA00000 : f32")
	b, _ := ParseAttrString(ctx, "0x7FE00000 : f32")
	if a == b {
		t.Error("0x7FA00000 and 0x7FE00000 : f32 are the same attribute")
	}
}

// TestDecimalDigits checks the machine-word significands against the big
// integer ones for values that take either path.
func TestDecimalDigits(t *testing.T) {
	rng := uint64(7)
	next := func() uint64 {
		rng = rng*6364136223846793005 + 1442695040888963407
		return rng
	}
	for i := range 200000 {
		var sig uint64
		var exp int
		switch i % 3 {
		case 0: // small integers and halves, quarters, ...
			sig, exp = next()>>(40+next()%24)|1, -int(next()%12)
		case 1: // a float32's significand at any scale
			sig, exp = next()>>40|1, int(next()%100)-60
		default:
			sig, exp = next()>>11|1, int(next()%140)-100
		}
		need := []int{30, 20, 56, 7, 60}[i%5]
		got, gotExp := decimalDigits(nil, sig, exp, need)
		want, wantExp := bigDecimalDigits(nil, sig, exp, need)
		if string(got) != string(want) || gotExp != wantExp {
			t.Fatalf("%d*2^%d, %d bits: got %s e%d, want %s e%d", sig, exp, need, got, gotExp, want, wantExp)
		}
	}
}
