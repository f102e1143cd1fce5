package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestOpRoundingModes checks arith.addf/subf/mulf/divf and math.fma with
// each rounding mode against results worked out by hand: the exact result
// lies between two neighbours of the type (or on the midpoint), and the
// mode picks one.
func TestOpRoundingModes(t *testing.T) {
	const (
		one     = 1.0
		oneUp32 = 1 + 0x1p-23
		third32 = 0x1.555556p-2 // f32 1/3, rounded up
		third64 = 0x1.5555555555555p-2
	)
	max32 := float64(math.MaxFloat32)
	for _, c := range []struct {
		typ, op, a, b, c string
		want             map[string]float64 // mode -> result
	}{
		// 1 + 2^-30: just above 1.
		{"f32", "arith.addf", "1.0", "9.31322574615478515625E-10", "", map[string]float64{
			"to_nearest_even": one, "downward": one, "upward": oneUp32, "toward_zero": one, "to_nearest_away": one}},
		// 1 + 2^-24: the midpoint between 1 and its successor.
		{"f32", "arith.addf", "1.0", "5.9604644775390625E-8", "", map[string]float64{
			"to_nearest_even": one, "downward": one, "upward": oneUp32, "toward_zero": one, "to_nearest_away": oneUp32}},
		{"f32", "arith.subf", "-1.0", "9.31322574615478515625E-10", "", map[string]float64{
			"to_nearest_even": -one, "downward": -oneUp32, "upward": -one, "toward_zero": -one, "to_nearest_away": -one}},
		// 3 * f32(1/3) = 1 + 2^-25 exactly.
		{"f32", "arith.mulf", "3.0", "0.333333343", "", map[string]float64{
			"to_nearest_even": one, "downward": one, "upward": oneUp32, "toward_zero": one, "to_nearest_away": one}},
		{"f32", "arith.divf", "1.0", "3.0", "", map[string]float64{
			"to_nearest_even": third32, "downward": third32 - 0x1p-25, "upward": third32, "toward_zero": third32 - 0x1p-25, "to_nearest_away": third32}},
		{"f32", "arith.divf", "-1.0", "3.0", "", map[string]float64{
			"to_nearest_even": -third32, "downward": -third32, "upward": -third32 + 0x1p-25, "toward_zero": -third32 + 0x1p-25}},
		{"f64", "arith.divf", "1.0", "3.0", "", map[string]float64{
			"to_nearest_even": third64, "downward": third64, "upward": third64 + 0x1p-54, "toward_zero": third64, "to_nearest_away": third64}},
		// Overflow: infinity only when the mode rounds away from zero.
		{"f32", "arith.mulf", "3.0e+38", "2.0", "", map[string]float64{
			"to_nearest_even": math.Inf(1), "downward": max32, "upward": math.Inf(1), "toward_zero": max32, "to_nearest_away": math.Inf(1)}},
		{"f32", "arith.mulf", "-3.0e+38", "2.0", "", map[string]float64{
			"downward": math.Inf(-1), "upward": -max32, "toward_zero": -max32}},
		// f16: 2048 + 1 is a midpoint; rounded once from the exact sum.
		{"f16", "arith.addf", "2048.0", "1.0", "", map[string]float64{
			"to_nearest_even": 2048, "downward": 2048, "upward": 2050, "toward_zero": 2048, "to_nearest_away": 2050}},
		// f8E4M3FN has no infinity: rounding up past 448 gives NaN,
		// toward zero the greatest value.
		{"f8E4M3FN", "arith.addf", "448.0", "16.0", "", map[string]float64{
			"to_nearest_even": 448, "downward": 448, "upward": math.NaN(), "toward_zero": 448, "to_nearest_away": math.NaN()}},
		// fma((1+2^-23)^2 - 1) = 2^-22 + 2^-46, a midpoint in f32.
		{"f32", "math.fma", "1.00000012", "1.00000012", "-1.0", map[string]float64{
			"to_nearest_even": 0x1p-22, "downward": 0x1p-22, "upward": 0x1p-22 + 0x1p-45, "toward_zero": 0x1p-22, "to_nearest_away": 0x1p-22 + 0x1p-45}},
		// The exact zero of x - x is -0 only when rounding downward.
		{"f32", "arith.subf", "1.5", "1.5", "", map[string]float64{
			"to_nearest_even": 0, "downward": math.Copysign(0, -1), "upward": 0, "toward_zero": 0}},
		{"f64", "math.fma", "2.0", "-3.0", "6.0", map[string]float64{
			"downward": math.Copysign(0, -1), "upward": 0}},
		// Specials pass through.
		{"f32", "arith.divf", "1.0", "0.0", "", map[string]float64{"downward": math.Inf(1), "toward_zero": math.Inf(1)}},
		{"f32", "arith.addf", "0x7F800000", "0xFF800000", "", map[string]float64{"upward": math.NaN()}},
	} {
		for mode, want := range c.want {
			args := c.a + ", " + c.b
			if c.c != "" {
				args += ", " + c.c
			}
			var consts, operands []string
			for i, a := range strings.Split(args, ", ") {
				consts = append(consts, "  %c"+string(rune('0'+i))+" = arith.constant "+a+" : "+c.typ)
				operands = append(operands, "%c"+string(rune('0'+i)))
			}
			src := "func.func @main() -> " + c.typ + " {\n" + strings.Join(consts, "\n") +
				"\n  %r = " + c.op + " " + strings.Join(operands, ", ") + " " + mode + " : " + c.typ + "\n  return %r : " + c.typ + "\n}"
			got := mustRun(t, src)[0].(Scalar).F
			if got != want && !(math.IsNaN(got) && math.IsNaN(want)) || math.Signbit(got) != math.Signbit(want) && !math.IsNaN(want) {
				t.Errorf("%s %s %s %s: got %v, want %v", c.typ, c.op, args, mode, got, want)
			}
		}
	}
}

// TestVectorOpRoundingMode runs a rounding mode on vectors, which the fast
// vector path must leave to the general handler.
func TestVectorOpRoundingMode(t *testing.T) {
	r := mustRun(t, `func.func @main() -> vector<2xf32> {
  %a = arith.constant dense<[1.0, -1.0]> : vector<2xf32>
  %b = arith.constant dense<3.0> : vector<2xf32>
  %r = arith.divf %a, %b upward : vector<2xf32>
  return %r : vector<2xf32>
}`)
	v := r[0].(*Vector)
	want := []float64{0x1.555556p-2, -0x1.555554p-2}
	for i, w := range want {
		if got := v.At(i).F; got != w {
			t.Errorf("element %d = %v, want %v", i, got, w)
		}
	}
}

// TestTruncfRoundingModesSmallFormats truncates in each mode to formats
// without infinities.
func TestTruncfRoundingModesSmallFormats(t *testing.T) {
	for _, c := range []struct {
		to   ir.FloatKind
		typ  string
		x    string
		mode string
		want float64
	}{
		{ir.F8E4M3FNUZ, "f8E4M3FNUZ", "250.0", "toward_zero", 240},
		{ir.F8E4M3FNUZ, "f8E4M3FNUZ", "250.0", "upward", math.NaN()},
		{ir.F8E4M3FNUZ, "f8E4M3FNUZ", "-1.0e-9", "upward", 0},
		{ir.F4E2M1FN, "f4E2M1FN", "100.0", "upward", 6},
		{ir.F4E2M1FN, "f4E2M1FN", "2.5", "to_nearest_away", 3},
		{ir.F4E2M1FN, "f4E2M1FN", "2.5", "downward", 2},
		{ir.F8E8M0FNU, "f8E8M0FNU", "3.0", "downward", 2},
		{ir.F8E8M0FNU, "f8E8M0FNU", "3.0", "upward", 4},
	} {
		src := "func.func @main() -> " + c.typ + " {\n  %x = arith.constant " + c.x + " : f32\n  %r = arith.truncf %x " + c.mode + " : f32 to " + c.typ + "\n  return %r : " + c.typ + "\n}"
		got := mustRun(t, src)[0].(Scalar).F
		if got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) || math.Signbit(got) && !math.IsNaN(got) {
			t.Errorf("truncf %s %s to %s = %v, want %v", c.x, c.mode, c.typ, got, c.want)
		}
		if !math.IsNaN(got) && ir.RoundFloat(c.to, got) != got {
			t.Errorf("truncf %s %s to %s = %v, not a value of the type", c.x, c.mode, c.typ, got)
		}
	}
}

// TestScalingOps checks arith.scaling_extf and arith.scaling_truncf
// against the arithmetic of MLIR's expansion: in * 2^scale, in / 2^scale
// rounded to the result type in the op's rounding mode, a wide scale
// first truncated to f8E8M0FNU.
func TestScalingOps(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (f32, vector<2xbf16>, f4E2M1FN, f4E2M1FN, f4E2M1FN, f32, f16) {
  %a = arith.constant 3.0 : f4E2M1FN
  %s = arith.constant 4.0 : f8E8M0FNU
  %0 = arith.scaling_extf %a, %s : f4E2M1FN, f8E8M0FNU to f32
  %va = arith.constant dense<[0x7, 0xF]> : vector<2xf4E2M1FN>
  %vs = arith.constant dense<[0.25, 2.0]> : vector<2xf8E8M0FNU>
  %1 = arith.scaling_extf %va, %vs : vector<2xf4E2M1FN>, vector<2xf8E8M0FNU> to vector<2xbf16>
  %x = arith.constant 20.0 : f32
  %s8 = arith.constant 8.0 : f8E8M0FNU
  %2 = arith.scaling_truncf %x, %s8 : f32, f8E8M0FNU to f4E2M1FN
  %y = arith.constant 40.0 : f32
  %3 = arith.scaling_truncf %y, %s8 downward : f32, f8E8M0FNU to f4E2M1FN
  %big = arith.constant 1000.0 : f32
  %4 = arith.scaling_truncf %big, %s8 : f32, f8E8M0FNU to f4E2M1FN
  %ws = arith.constant 3.0 : f32
  %5 = arith.scaling_extf %a, %ws : f4E2M1FN, f32 to f32
  %h = arith.constant 1.0 : f4E2M1FN
  %hs = arith.constant 1.0e+30 : f32
  %6 = arith.scaling_extf %h, %hs : f4E2M1FN, f32 to f16
  return %0, %1, %2, %3, %4, %5, %6 : f32, vector<2xbf16>, f4E2M1FN, f4E2M1FN, f4E2M1FN, f32, f16
}`)
	f := func(i int) float64 { return r[i].(Scalar).F }
	v := r[1].(*Vector)
	// 20/8 = 2.5, a tie between 2 and 3: even 2; 40/8 = 5 downward: 4;
	// 1000/8 saturates to 6; the scale 3.0 truncates to 4 (ties round up
	// in f8E8M0FNU); 2^100 is beyond f16.
	if f(0) != 12 || v.At(0).F != 1.5 || v.At(1).F != -12 || f(2) != 2 || f(3) != 4 || f(4) != 6 || f(5) != 12 || !math.IsInf(f(6), 1) {
		t.Errorf("got %v, %v %v, %v %v %v %v %v", f(0), v.At(0).F, v.At(1).F, f(2), f(3), f(4), f(5), f(6))
	}
	wantError(t, `func.func @main() -> f32 {
  %a = arith.constant 3.0 : f4E2M1FN
  %s = arith.constant 4.0 : f8E4M3FN
  %0 = arith.scaling_extf %a, %s : f4E2M1FN, f8E4M3FN to f32
  return %0 : f32
}`, "with a f8E4M3FN scale")
}

// TestFMARoundsOnce checks an f32 math.fma whose exact result lies just
// above a midpoint, closer than a float64 step: rounding it to float64
// first would land on the midpoint and then round down to even.
func TestFMARoundsOnce(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (f32, vector<2xf32>) {
  %a = arith.constant 1.000244140625 : f32
  %c = arith.constant 8.67361737988403547205962240695953369140625E-19 : f32
  %0 = math.fma %a, %a, %c : f32
  %va = arith.constant dense<1.000244140625> : vector<2xf32>
  %vc = arith.constant dense<8.67361737988403547205962240695953369140625E-19> : vector<2xf32>
  %1 = math.fma %va, %va, %vc : vector<2xf32>
  return %0, %1 : f32, vector<2xf32>
}`)
	want := 1 + 0x1p-11 + 0x1p-23
	if got := r[0].(Scalar).F; got != want {
		t.Errorf("scalar fma = %v, want %v", got, want)
	}
	if got := r[1].(*Vector).At(1).F; got != want {
		t.Errorf("vector fma = %v, want %v", got, want)
	}
}
