package interp

import (
	"fmt"
	"math"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// binary interprets `op a, b : typ` on constants.
func binary(t *testing.T, op, typ, a, b string) Scalar {
	t.Helper()
	src := fmt.Sprintf(`func.func @main() -> %[2]s {
  %%a = arith.constant %[3]s : %[2]s
  %%b = arith.constant %[4]s : %[2]s
  %%r = %[1]s %%a, %%b : %[2]s
  return %%r : %[2]s
}`, op, typ, a, b)
	return mustRun(t, src)[0].(Scalar)
}

func TestIntegerOps(t *testing.T) {
	ctx := newContext()
	cases := []struct {
		op, typ, a, b string
		want          int64
		poison        bool
	}{
		{"arith.addi", "i8", "127", "1", -128, false},
		{"arith.addi", "i16", "32767", "1", -32768, false},
		{"arith.addi", "i32", "2147483647", "1", -2147483648, false},
		{"arith.addi", "i64", "9223372036854775807", "1", math.MinInt64, false},
		{"arith.muli", "i8", "16", "16", 0, false},
		{"arith.muli", "i32", "65536", "65537", 65536, false},
		{"arith.subi", "i8", "-128", "1", 127, false},
		{"arith.divsi", "i8", "-7", "2", -3, false},
		{"arith.divui", "i8", "-7", "2", 124, false},
		{"arith.remsi", "i8", "-7", "2", -1, false},
		{"arith.remui", "i8", "-7", "2", 1, false},
		{"arith.floordivsi", "i32", "-7", "2", -4, false},
		{"arith.ceildivsi", "i32", "7", "2", 4, false},
		{"arith.ceildivsi", "i8", "-128", "3", -42, false},
		{"arith.ceildivui", "i8", "-1", "2", -128, false},
		{"arith.shli", "i8", "1", "7", -128, false},
		{"arith.shrsi", "i8", "-128", "1", -64, false},
		{"arith.shrui", "i8", "-128", "1", 64, false},
		{"arith.shli", "i8", "1", "8", 0, true},
		{"arith.shrsi", "i16", "1", "16", 0, true},
		{"arith.maxsi", "i8", "-1", "1", 1, false},
		{"arith.maxui", "i8", "-1", "1", -1, false},
		{"arith.minui", "i16", "-1", "1", 1, false},
		{"arith.xori", "i8", "-1", "85", -86, false},
		{"arith.divsi", "index", "-9", "4", -2, false},
	}
	for _, c := range cases {
		t.Run(c.op+"_"+c.typ+"_"+c.a+"_"+c.b, func(t *testing.T) {
			r := binary(t, c.op, c.typ, c.a, c.b)
			if r.Poison != c.poison {
				t.Fatalf("poison = %v, want %v", r.Poison, c.poison)
			}
			typ, _ := ir.ParseTypeString(ctx, c.typ)
			if !c.poison && r.Int64(typ) != c.want {
				t.Fatalf("got %d, want %d", r.Int64(typ), c.want)
			}
		})
	}
}

func TestOverflowFlagsGivePoison(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i8, i8, i8) {
  %a = arith.constant 127 : i8
  %b = arith.constant 1 : i8
  %c = arith.constant -1 : i8
  %0 = arith.addi %a, %b overflow<nsw> : i8
  %1 = arith.addi %c, %b overflow<nuw> : i8
  %2 = arith.addi %c, %b overflow<nsw> : i8
  return %0, %1, %2 : i8, i8, i8
}`)
	if !r[0].(Scalar).Poison || !r[1].(Scalar).Poison || r[2].(Scalar).Poison {
		t.Fatalf("got %v", r)
	}
}

// TestNonNegGivesPoison checks nneg: a negative operand of extui,
// uitofp or index_castui gives poison, a non-negative one the cast.
func TestNonNegGivesPoison(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, f32, index, i32) {
  %m = arith.constant -1 : i8
  %p = arith.constant 5 : i8
  %0 = arith.extui %m nneg : i8 to i32
  %1 = arith.uitofp %m nneg : i8 to f32
  %2 = arith.index_castui %m nneg : i8 to index
  %3 = arith.extui %p nneg : i8 to i32
  return %0, %1, %2, %3 : i32, f32, index, i32
}`)
	if !r[0].(Scalar).Poison || !r[1].(Scalar).Poison || !r[2].(Scalar).Poison || r[3].(Scalar).Poison || r[3].(Scalar).Bits != 5 {
		t.Fatalf("got %v", r)
	}
}

func TestDivisionByZeroIsAnError(t *testing.T) {
	for _, op := range []string{"arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.floordivsi"} {
		wantError(t, fmt.Sprintf(`func.func @main() -> i32 {
  %%a = arith.constant 7 : i32
  %%b = arith.constant 0 : i32
  %%r = %s %%a, %%b : i32
  return %%r : i32
}`, op), "division by zero")
	}
	wantError(t, `func.func @main() -> i32 {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -1 : i32
  %r = arith.divsi %a, %b : i32
  return %r : i32
}`, "overflow")
}

func TestFloatMinMaxNaN(t *testing.T) {
	nan := "0x7FC00000"
	cases := []struct {
		op, a, b string
		want     float64
	}{
		{"arith.maximumf", nan, "1.0", math.NaN()},
		{"arith.maxnumf", nan, "1.0", 1},
		{"arith.minimumf", "1.0", nan, math.NaN()},
		{"arith.minnumf", "1.0", nan, 1},
		{"arith.maximumf", "-0.0", "0.0", 0},
		{"arith.minimumf", "-0.0", "0.0", math.Copysign(0, -1)},
		{"arith.maxnumf", "2.0", "-3.0", 2},
		{"arith.minnumf", "2.0", "-3.0", -3},
	}
	for _, c := range cases {
		r := binary(t, c.op, "f32", c.a, c.b)
		if math.IsNaN(c.want) != math.IsNaN(r.F) || !math.IsNaN(c.want) && (r.F != c.want || math.Signbit(r.F) != math.Signbit(c.want)) {
			t.Errorf("%s(%s, %s) = %v, want %v", c.op, c.a, c.b, r.F, c.want)
		}
	}
}

func TestFloatRounding(t *testing.T) {
	if r := binary(t, "arith.addf", "f16", "1.0", "0.0001"); r.F != 1 {
		t.Errorf("f16 1 + 0.0001 = %v, want 1", r.F)
	}
	want := float64(float32(0.1) + float32(0.2))
	if r := binary(t, "arith.addf", "f32", "0.1", "0.2"); r.F != want {
		t.Errorf("f32 0.1 + 0.2 = %v, want %v", r.F, want)
	}
	if r := binary(t, "arith.mulf", "f16", "300.0", "300.0"); !math.IsInf(r.F, 1) {
		t.Errorf("f16 300*300 = %v, want +inf", r.F)
	}
	if r := binary(t, "arith.divf", "bf16", "1.0", "3.0"); r.F != 0.333984375 {
		t.Errorf("bf16 1/3 = %v", r.F)
	}
	if r := binary(t, "arith.divf", "f64", "1.0", "3.0"); r.F != 1.0/3 {
		t.Errorf("f64 1/3 = %v", r.F)
	}
}

func TestCasts(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, i32, i8, f32, i32, i32, f32, i64, index) {
  %f = arith.constant 3.0e10 : f32
  %g = arith.constant -2.75 : f32
  %i = arith.constant -1 : i8
  %big = arith.constant 300 : i32
  %0 = arith.fptosi %f : f32 to i32
  %1 = arith.fptosi %g : f32 to i32
  %2 = arith.trunci %big : i32 to i8
  %3 = arith.sitofp %i : i8 to f32
  %4 = arith.extui %i : i8 to i32
  %5 = arith.bitcast %g : f32 to i32
  %6 = arith.uitofp %i : i8 to f32
  %7 = arith.extsi %i : i8 to i64
  %8 = arith.index_castui %i : i8 to index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i8, f32, i32, i32, f32, i64, index
}`)
	s := func(i int) Scalar { return r[i].(Scalar) }
	if !s(0).Poison {
		t.Errorf("fptosi out of range = %v, want poison", s(0))
	}
	if int32(s(1).Bits) != -2 || int8(s(2).Bits) != 44 || s(3).F != -1 || s(4).Bits != 255 {
		t.Errorf("casts: %v", r)
	}
	if uint32(s(5).Bits) != math.Float32bits(-2.75) || s(6).F != 255 || int64(s(7).Bits) != -1 || s(8).Bits != 255 {
		t.Errorf("casts: %v", r)
	}
}

func TestCompareSelectExtended(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i1, i1, i1, i32, i32, i32, i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 1 : i32
  %n = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi ult, %a, %b : i32
  %2 = arith.cmpf une, %n, %n : f32
  %3 = arith.select %1, %a, %b : i32
  %lo, %hi = arith.mulsi_extended %a, %a : i32
  %s, %o = arith.addui_extended %a, %b : i32, i1
  return %0, %1, %2, %3, %hi, %s, %o : i1, i1, i1, i32, i32, i32, i1
}`)
	got := fmt.Sprint(r)
	if got != "[1 0 1 1 0 0 1]" {
		t.Fatalf("got %s", got)
	}
}

func TestMathOps(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (f32, f32, i32, i32, i1, f32) {
  %x = arith.constant 2.0 : f32
  %i = arith.constant 8 : i32
  %e = arith.constant 3 : i32
  %0 = math.sqrt %x : f32
  %1 = math.powf %x, %x : f32
  %2 = math.ctlz %i : i32
  %3 = math.ipowi %e, %e : i32
  %n = arith.constant 0x7FC00000 : f32
  %4 = math.isnan %n : f32
  %5 = math.fpowi %x, %e : f32, i32
  return %0, %1, %2, %3, %4, %5 : f32, f32, i32, i32, i1, f32
}`)
	if r[0].(Scalar).F != float64(float32(math.Sqrt2)) || r[1].(Scalar).F != 4 || r[2].(Scalar).Bits != 28 ||
		r[3].(Scalar).Bits != 27 || r[4].(Scalar).Bits != 1 || r[5].(Scalar).F != 8 {
		t.Fatalf("got %v", r)
	}
}

func TestVectorArith(t *testing.T) {
	r := mustRun(t, `func.func @main() -> vector<4xi8> {
  %a = arith.constant dense<[100, -100, 1, 2]> : vector<4xi8>
  %b = arith.constant dense<[100, -100, 1, 3]> : vector<4xi8>
  %0 = arith.addi %a, %b : vector<4xi8>
  return %0 : vector<4xi8>
}`)
	v := r[0].(*Vector)
	want := []int8{-56, 56, 2, 5}
	for i, w := range want {
		if int8(v.At(i).Bits) != w {
			t.Fatalf("got %v, want %v", v.Elements(), want)
		}
	}
}

func TestTruncfRoundingModes(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (f32, f32, f32, f32, f32, f16, f16) {
  %x = arith.constant 0.1 : f64
  %n = arith.constant -0.1 : f64
  %t = arith.constant 1.5 : f32
  %0 = arith.truncf %x : f64 to f32
  %1 = arith.truncf %x downward : f64 to f32
  %2 = arith.truncf %x upward : f64 to f32
  %3 = arith.truncf %n toward_zero : f64 to f32
  %4 = arith.truncf %n downward : f64 to f32
  %h = arith.constant 2049.0 : f32
  %5 = arith.truncf %h : f32 to f16
  %6 = arith.truncf %h to_nearest_away : f32 to f16
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f32, f32, f32, f16, f16
}`)
	f := func(i int) float64 { return r[i].(Scalar).F }
	near := float64(float32(0.1))
	down := float64(math.Nextafter32(float32(0.1), 0))
	if near < 0.1 {
		t.Fatal("expected float32(0.1) to round up")
	}
	if f(0) != near || f(1) != down || f(2) != near || f(3) != -down || f(4) != -near {
		t.Fatalf("got %v", r)
	}
	if f(5) != 2048 || f(6) != 2050 {
		t.Fatalf("f16 ties: got %v %v", f(5), f(6))
	}
}
