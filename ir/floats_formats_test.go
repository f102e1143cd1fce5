package ir

import (
	"bufio"
	"math"
	"math/big"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestFloatFormatsMLIR16 parses and prints f8E5M2 and f8E4M3FN attributes
// (every bit pattern, the midpoints between neighbouring values and just
// beside them, values beyond the range) and compares with what mlir-opt-16
// printed for the same input.
func TestFloatFormatsMLIR16(t *testing.T) {
	f, err := os.Open("testdata/apfloat_mlir16_f8.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx := NewContext()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		typ, rest, _ := strings.Cut(line, " ")
		in, want, _ := strings.Cut(rest, "|")
		a, err := ParseAttrString(ctx, in+" : "+typ)
		if err != nil {
			t.Errorf("%s : %s: %v", in, typ, err)
			continue
		}
		if got := AttrString(a); got != want+" : "+typ {
			t.Errorf("%s : %s printed as %s, mlir-opt-16 prints %s", in, typ, got, want)
		}
		n++
	}
	if n < 1500 {
		t.Errorf("only %d cases", n)
	}
}

// apfloatSem is APFloat's fltSemantics of a format: maxExponent,
// minExponent, precision, and how it encodes non-finite values.
type apfloatSem struct {
	k                FloatKind
	maxExp, minExp   int
	precision        int
	max, minSub      float64
	nans             []uint64 // every NaN pattern
	inf              bool
	negZero          bool
	overflowSaturate bool // round-to-nearest overflow gives the max (f4, f6)
}

var apfloatSems = []apfloatSem{
	{F8E5M2, 15, -14, 3, 57344, 0x1p-16, seq(0x7D, 0x7F, 0xFD, 0xFF), true, true, false},
	{F8E4M3, 7, -6, 4, 240, 0x1p-9, seq(0x79, 0x7F, 0xF9, 0xFF), true, true, false},
	{F8E3M4, 3, -2, 5, 15.5, 0x1p-6, seq(0x71, 0x7F, 0xF1, 0xFF), true, true, false},
	{F8E4M3FN, 8, -6, 4, 448, 0x1p-9, []uint64{0x7F, 0xFF}, false, true, false},
	{F8E5M2FNUZ, 15, -15, 3, 57344, 0x1p-17, []uint64{0x80}, false, false, false},
	{F8E4M3FNUZ, 7, -7, 4, 240, 0x1p-10, []uint64{0x80}, false, false, false},
	{F8E4M3B11FNUZ, 4, -10, 4, 30, 0x1p-13, []uint64{0x80}, false, false, false},
	{F6E3M2FN, 4, -2, 3, 28, 0x1p-4, nil, false, true, true},
	{F6E2M3FN, 2, 0, 4, 7.5, 0.125, nil, false, true, true},
	{F4E2M1FN, 2, 0, 2, 6, 0.5, nil, false, true, true},
}

// seq lists a..b and c..d.
func seq(a, b, c, d uint64) []uint64 {
	var s []uint64
	for x := a; x <= b; x++ {
		s = append(s, x)
	}
	for x := c; x <= d; x++ {
		s = append(s, x)
	}
	return s
}

// TestSmallFloatFormats checks every bit pattern of every sub-16-bit
// format against APFloat's semantics: the value each decodes to (computed
// here from maxExponent/minExponent/precision alone), that it encodes
// back, the NaN patterns, the greatest and least values, and that values
// between two neighbours round to the nearer, ties to the even pattern,
// with overflow giving infinity, NaN or the greatest value as APFloat's
// handleOverflow does.
func TestSmallFloatFormats(t *testing.T) {
	for _, s := range apfloatSems {
		width := floatWidths[s.k]
		man := s.precision - 1
		exp := width - 1 - man
		isNaN := map[uint64]bool{}
		for _, b := range s.nans {
			isNaN[b] = true
		}
		var finite []uint64 // non-negative finite patterns, ascending value
		for b := uint64(0); b < 1<<uint(width); b++ {
			v := FloatFromBits(s.k, b)
			if isNaN[b] {
				if !math.IsNaN(v) || FloatBits(s.k, v) != b {
					t.Errorf("%v %#x: got %v (bits back %#x), want a NaN", s.k, b, v, FloatBits(s.k, v))
				}
				continue
			}
			neg := b>>uint(width-1) == 1
			e := int(b >> uint(man) & (1<<uint(exp) - 1))
			m := float64(b & (1<<uint(man) - 1))
			bias := 1 - s.minExp
			var want float64
			switch {
			case s.inf && e == 1<<uint(exp)-1:
				want = math.Inf(1)
			case e == 0:
				want = math.Ldexp(m, s.minExp-man)
			default:
				want = math.Ldexp(m+math.Ldexp(1, man), e-bias-man)
			}
			if neg {
				want = -want
			}
			if v != want || math.Signbit(v) != neg {
				t.Errorf("%v %#x = %v, want %v", s.k, b, v, want)
			}
			if got := FloatBits(s.k, v); got != b {
				t.Errorf("%v: %v encodes as %#x, want %#x", s.k, v, got, b)
			}
			if !neg && !math.IsInf(v, 0) {
				finite = append(finite, b)
			}
		}
		maxV := FloatFromBits(s.k, finite[len(finite)-1])
		if maxV != s.max || FloatFromBits(s.k, 1) != s.minSub {
			t.Errorf("%v: max %v, least %v; want %v, %v", s.k, maxV, FloatFromBits(s.k, 1), s.max, s.minSub)
		}
		if got := FloatBits(s.k, math.Copysign(0, -1)); s.negZero != (got != 0) {
			t.Errorf("%v: -0 encodes as %#x", s.k, got)
		}
		for i := 0; i+1 < len(finite); i++ {
			lo, hi := FloatFromBits(s.k, finite[i]), FloatFromBits(s.k, finite[i+1])
			if lo >= hi {
				t.Fatalf("%v: %#x = %v not below %#x = %v", s.k, finite[i], lo, finite[i+1], hi)
			}
			mid := (lo + hi) / 2
			even := finite[i]
			if finite[i+1]&1 == 0 {
				even = finite[i+1]
			}
			for _, c := range []struct {
				v    float64
				want uint64
			}{
				{mid, even},
				{math.Nextafter(mid, lo), finite[i]},
				{math.Nextafter(mid, hi), finite[i+1]},
			} {
				if got := FloatBits(s.k, c.v); got != c.want {
					t.Errorf("%v: %v rounds to %#x, want %#x", s.k, c.v, got, c.want)
				}
				neg := c.want
				if c.want != 0 || s.negZero {
					neg |= 1 << uint(width-1)
				}
				if got := FloatBits(s.k, -c.v); got != neg {
					t.Errorf("%v: %v rounds to %#x, want %#x", s.k, -c.v, got, neg)
				}
			}
		}
		// Beyond the greatest value: within a quarter step it rounds down
		// to it, three quarters of a step above it overflow.
		ulp := maxV - FloatFromBits(s.k, finite[len(finite)-2])
		above := maxV + ulp*0.75
		var overflow uint64
		switch {
		case s.inf:
			overflow = FloatBits(s.k, math.Inf(1))
		case s.overflowSaturate:
			overflow = finite[len(finite)-1]
		default:
			overflow = s.nans[0]
		}
		for _, v := range []float64{above, 1e300, math.Inf(1)} {
			if got := FloatBits(s.k, v); got != overflow {
				t.Errorf("%v: %v encodes as %#x, want %#x", s.k, v, got, overflow)
			}
		}
		if got := FloatBits(s.k, maxV+ulp*0.25); got != finite[len(finite)-1] {
			t.Errorf("%v: %v encodes as %#x, want the max", s.k, maxV+ulp*0.25, got)
		}
		if got := RoundFloat(s.k, 1e-30); got != 0 {
			t.Errorf("%v: 1e-30 rounds to %v", s.k, got)
		}
	}
}

// TestF4E2M1FNValues spells out the sixteen f4E2M1FN values (the OCP MX
// E2M1 table), the example of 6.0 being 0x7.
func TestF4E2M1FNValues(t *testing.T) {
	want := []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6}
	for b, v := range want {
		if got := FloatFromBits(F4E2M1FN, uint64(b)); got != v {
			t.Errorf("f4E2M1FN %#x = %v, want %v", b, got, v)
		}
		if got := FloatFromBits(F4E2M1FN, uint64(b|8)); got != -v || !math.Signbit(got) {
			t.Errorf("f4E2M1FN %#x = %v, want -%v", b|8, got, v)
		}
	}
	for _, c := range []struct {
		v    float64
		want uint64
	}{{6, 0x7}, {5, 0x6}, {5.1, 0x7}, {7, 0x7}, {1e9, 0x7}, {-1e9, 0xF}, {0.25, 0x0}, {0.26, 0x1}, {0.75, 0x2}, {2.5, 0x4}, {math.NaN(), 0}} {
		if got := FloatBits(F4E2M1FN, c.v); got != c.want {
			t.Errorf("f4E2M1FN %v encodes as %#x, want %#x", c.v, got, c.want)
		}
	}
}

// TestF8E8M0FNU checks the exponent-only format: 0xFF is the NaN, every
// other pattern b is 2^(b-127); no zero (a zero or a tiny value becomes
// 2^-127), no sign (a negative value is NaN), and ties round up (the
// significand's only bit, the integer bit, is odd).
func TestF8E8M0FNU(t *testing.T) {
	for b := uint64(0); b < 255; b++ {
		v := FloatFromBits(F8E8M0FNU, b)
		if v != math.Ldexp(1, int(b)-127) || FloatBits(F8E8M0FNU, v) != b {
			t.Errorf("f8E8M0FNU %#x = %v (bits back %#x)", b, v, FloatBits(F8E8M0FNU, v))
		}
	}
	if v := FloatFromBits(F8E8M0FNU, 0xFF); !math.IsNaN(v) || FloatBits(F8E8M0FNU, v) != 0xFF {
		t.Errorf("f8E8M0FNU 0xFF = %v", v)
	}
	for _, c := range []struct {
		v    float64
		want uint64
	}{{0, 0}, {math.Copysign(0, -1), 0}, {1e-300, 0}, {1, 127}, {1.5, 128}, {1.49, 127}, {3, 129}, {0x1p127, 254}, {0x1.8p127, 0xFF}, {math.Inf(1), 0xFF}, {-1, 0xFF}, {math.NaN(), 0xFF}} {
		if got := FloatBits(F8E8M0FNU, c.v); got != c.want {
			t.Errorf("f8E8M0FNU %v encodes as %#x, want %#x", c.v, got, c.want)
		}
	}
}

// TestF8E5M3FNU checks the unsigned E5M3 format (PTX ue5m3): no sign bit,
// bias 15, subnormals down to 2^-17, 0xFF the only NaN, 0xFE (114688) the
// greatest value; a negative value or an overflow is NaN and -0 is +0.
func TestF8E5M3FNU(t *testing.T) {
	for _, c := range []struct {
		b uint64
		v float64
	}{{0, 0}, {1, 0x1p-17}, {7, 7 * 0x1p-17}, {8, 0x1p-14}, {0x78, 1}, {0x7C, 1.5}, {0xFE, 114688}, {0x80, 2}} {
		if v := FloatFromBits(F8E5M3FNU, c.b); v != c.v || FloatBits(F8E5M3FNU, v) != c.b {
			t.Errorf("f8E5M3FNU %#x = %v, want %v (bits back %#x)", c.b, v, c.v, FloatBits(F8E5M3FNU, v))
		}
	}
	if v := FloatFromBits(F8E5M3FNU, 0xFF); !math.IsNaN(v) || FloatBits(F8E5M3FNU, v) != 0xFF {
		t.Errorf("f8E5M3FNU 0xFF = %v", v)
	}
	for _, c := range []struct {
		v    float64
		want uint64
	}{{math.Copysign(0, -1), 0}, {-1, 0xFF}, {1.0625, 0x78}, {1.1875, 0x7A}, {122880, 0xFF}, {math.Inf(1), 0xFF}, {math.NaN(), 0xFF}, {-math.NaN(), 0xFF}} {
		if got := FloatBits(F8E5M3FNU, c.v); got != c.want {
			t.Errorf("f8E5M3FNU %v encodes as %#x, want %#x", c.v, got, c.want)
		}
	}
	if got := maxFloat(F8E5M3FNU); got != 114688 {
		t.Errorf("greatest f8E5M3FNU = %v", got)
	}
}

// TestWideFormatLimits checks the greatest finite values and overflow of
// the 16- to 19-bit formats.
func TestWideFormatLimits(t *testing.T) {
	for _, c := range []struct {
		k   FloatKind
		max float64
		inf uint64
	}{{F16, 65504, 0x7C00}, {BF16, 0x1.FEp127, 0x7F80}, {TF32, 0x1.FFCp127, 0x3FC00}} {
		if got := maxFloat(c.k); got != c.max {
			t.Errorf("greatest %v = %v, want %v", c.k, got, c.max)
		}
		if got := FloatBits(c.k, c.max*(1+0x1p-20)); got != FloatBits(c.k, c.max) {
			t.Errorf("%v: just above the max encodes as %#x", c.k, got)
		}
		if got := FloatBits(c.k, c.max*1.5); got != c.inf {
			t.Errorf("%v: 1.5 * max encodes as %#x, want %#x", c.k, got, c.inf)
		}
	}
}

// TestRoundBig checks every rounding mode between each pair of
// neighbouring values of every small format and f16, f32, at the greatest
// value and at zero: round to nearest agrees with RoundFloat, the directed
// modes pick the neighbour on their side, and overflow gives the greatest
// finite value when the mode rounds toward zero, as APFloat's
// handleOverflow does.
func TestRoundBig(t *testing.T) {
	kinds := []FloatKind{F16, BF16, TF32, F32}
	for _, s := range apfloatSems {
		kinds = append(kinds, s.k)
	}
	bf := func(v float64) *big.Float { return new(big.Float).SetFloat64(v) }
	checked := 0
	defer func() {
		if checked < 900 {
			t.Errorf("only %d neighbour pairs checked", checked)
		}
	}()
	for _, k := range kinds {
		var vals []float64
		if floatWidths[k] <= 8 {
			for b := uint64(0); b < 1<<uint(floatWidths[k]); b++ {
				if v := FloatFromBits(k, b); v >= 0 && !math.IsInf(v, 0) {
					vals = append(vals, v)
				}
			}
		} else {
			vals = []float64{0, FloatFromBits(k, 1), FloatFromBits(k, 2), 1, RoundFloat(k, 1.1), maxFloat(k)}
			vals = append(vals, FloatFromBits(k, FloatBits(k, 1)+1), FloatFromBits(k, FloatBits(k, maxFloat(k))-1))
		}
		sort.Float64s(vals)
		for i := 0; i+1 < len(vals); i++ {
			lo, hi := vals[i], vals[i+1]
			if FloatFromBits(k, FloatBits(k, lo)+1) != hi {
				continue
			}
			checked++
			for _, x := range []float64{lo + (hi-lo)/4, (lo + hi) / 2, hi - (hi-lo)/4} {
				near := RoundFloat(k, x)
				away := near
				if x == (lo+hi)/2 {
					away = hi
				}
				for _, c := range []struct {
					mode     big.RoundingMode
					pos, neg float64
				}{
					{big.ToNearestEven, near, -near},
					{big.ToNearestAway, away, -away},
					{big.ToZero, lo, -lo},
					{big.AwayFromZero, hi, -hi},
					{big.ToPositiveInf, hi, -lo},
					{big.ToNegativeInf, lo, -hi},
				} {
					if got := RoundBig(k, bf(x), c.mode); got != c.pos {
						t.Errorf("RoundBig(%v, %v, %v) = %v, want %v", k, x, c.mode, got, c.pos)
					}
					want := c.neg
					if want == 0 && !floatFormats[k].signedZero() {
						want = 0
					}
					if got := RoundBig(k, bf(-x), c.mode); got != want || math.Signbit(got) != math.Signbit(want) {
						t.Errorf("RoundBig(%v, %v, %v) = %v, want %v", k, -x, c.mode, got, want)
					}
				}
			}
		}
		big2 := new(big.Float).SetMantExp(big.NewFloat(1), 2000)
		maxV := maxFloat(k)
		for _, c := range []struct {
			mode     big.RoundingMode
			pos, neg float64
		}{
			{big.ToZero, maxV, -maxV},
			{big.ToPositiveInf, RoundFloat(k, math.Inf(1)), -maxV},
			{big.ToNegativeInf, maxV, RoundFloat(k, math.Inf(-1))},
			{big.ToNearestEven, RoundFloat(k, math.Inf(1)), RoundFloat(k, math.Inf(-1))},
		} {
			got := RoundBig(k, big2, c.mode)
			gotNeg := RoundBig(k, new(big.Float).Neg(big2), c.mode)
			if FloatBits(k, got) != FloatBits(k, c.pos) || FloatBits(k, gotNeg) != FloatBits(k, c.neg) {
				t.Errorf("RoundBig(%v, ±2^2000, %v) = %v, %v; want %v, %v", k, c.mode, got, gotNeg, c.pos, c.neg)
			}
		}
	}
}

// TestIsMidpoint checks midpoints of f32, f16 and f4E2M1FN, including the
// subnormal range and half a step past the greatest value.
func TestIsMidpoint(t *testing.T) {
	for _, c := range []struct {
		k    FloatKind
		v    float64
		want bool
	}{
		{F32, 1 + 0x1p-24, true}, {F32, 1 + 0x1p-23, false}, {F32, 1 + 0x1p-25, false}, {F32, -(1 + 0x1p-24), true},
		{F32, 0x1p-150, true}, {F32, 0x1p-149, false}, {F32, 0x1.FFFFFFp127, true},
		{F16, 2049, true}, {F16, 2050, false}, {F16, 65520, true},
		{F4E2M1FN, 5, true}, {F4E2M1FN, 0.25, true}, {F4E2M1FN, 7, true}, {F4E2M1FN, 6, false},
		{F8E8M0FNU, 3, true}, {F8E8M0FNU, 4, false},
		{F64, 1 + 0x1p-52, false}, {F32, math.Inf(1), false}, {F32, 0, false},
	} {
		if got := IsMidpoint(c.k, c.v); got != c.want {
			t.Errorf("IsMidpoint(%v, %v) = %v, want %v", c.k, c.v, got, c.want)
		}
	}
}

// maxFloat is the greatest finite value of kind k.
func maxFloat(k FloatKind) float64 { return FloatFromBits(k, floatFormats[k].maxBits()) }
