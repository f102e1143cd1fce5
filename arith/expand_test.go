package arith_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/vector"
)

// expandCase is a function whose results arith-expand (all options on) must
// not change, and the arguments to check it with.
type expandCase struct {
	name, src string
	args      [][]interp.Value
}

func ints(vs ...int64) []interp.Value {
	var out []interp.Value
	for _, v := range vs {
		out = append(out, interp.Int(v))
	}
	return out
}

func floats(vs ...float64) []interp.Value {
	var out []interp.Value
	for _, v := range vs {
		out = append(out, interp.Float(v))
	}
	return out
}

// pairs returns every pair of vs.
func pairs(vs []interp.Value) [][]interp.Value {
	var out [][]interp.Value
	for _, a := range vs {
		for _, b := range vs {
			out = append(out, []interp.Value{a, b})
		}
	}
	return out
}

func singles(vs []interp.Value) [][]interp.Value {
	var out [][]interp.Value
	for _, v := range vs {
		out = append(out, []interp.Value{v})
	}
	return out
}

// TestExpandPreservesResults runs each function in the interpreter before
// and after arith-expand and compares the results bit for bit (NaNs by
// NaN-ness).
func TestExpandPreservesResults(t *testing.T) {
	divisions := [][]interp.Value{}
	for _, p := range pairs(ints(-128, -127, -9, -7, -4, -3, -1, 0, 1, 3, 4, 7, 9, 126, 127)) {
		a, b := int8(p[0].(interp.Scalar).Bits), int8(p[1].(interp.Scalar).Bits)
		if b != 0 && !(a == -128 && b == -1) {
			divisions = append(divisions, p)
		}
	}
	nan, inf := math.NaN(), math.Inf(1)
	// No -0: the expansions of maximumf and minimumf, as MLIR's, do not
	// order -0 below +0.
	specials := floats(nan, -inf, -2.5, -1, 0, 0.5, 1, 3, inf)
	var bf16In []float64
	for _, v := range []float64{1, 1.00390625, 1.005859375, 1.0078125, 3.14159, -2.71828, 1e-40, 3.4e38, 65504.123, 0x1.fffffep127} {
		bf16In = append(bf16In, v, -v)
	}
	cases := []expandCase{
		{"ceildivsi", `func.func @main(%a: i8, %b: i8) -> i8 {
  %r = arith.ceildivsi %a, %b : i8
  return %r : i8
}`, divisions},
		{"ceildivui", `func.func @main(%a: i8, %b: i8) -> i8 {
  %r = arith.ceildivui %a, %b : i8
  return %r : i8
}`, divisions},
		{"floordivsi", `func.func @main(%a: i8, %b: i8) -> vector<2xi8> {
  %va = vector.broadcast %a : i8 to vector<2xi8>
  %vb = vector.broadcast %b : i8 to vector<2xi8>
  %r = arith.floordivsi %va, %vb : vector<2xi8>
  return %r : vector<2xi8>
}`, divisions},
		{"minmax_int", `func.func @main(%a: i8, %b: i8) -> (i8, i8, i8, i8) {
  %0 = arith.maxsi %a, %b : i8
  %1 = arith.maxui %a, %b : i8
  %2 = arith.minsi %a, %b : i8
  %3 = arith.minui %a, %b : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}`, pairs(ints(-128, -1, 0, 1, 127))},
		{"minmax_float", `func.func @main(%a: f32, %b: f32) -> (f32, f32, f32, f32) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.maxnumf %a, %b : f32
  %3 = arith.minnumf %a, %b : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}`, pairs(specials)},
		{"bf16", `func.func @main(%a: f32) -> (f32, i16) {
  %t = arith.truncf %a : f32 to bf16
  %e = arith.extf %t : bf16 to f32
  %b = arith.bitcast %t : bf16 to i16
  %nan = arith.cmpf uno, %e, %e : f32
  %q = arith.constant 32704 : i16
  %bits = arith.select %nan, %q, %b : i16
  return %e, %bits : f32, i16
}`, singles(append(floats(bf16In...), specials...))},
	}
	ctx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), vector.Dialect())()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := func(expand bool) [][]string {
				mod, err := ir.Parse(ctx, c.src, c.name+".mlir")
				if err != nil {
					t.Fatal(err)
				}
				if expand {
					if err := arith.Expand(mod, arith.ExpandOptions{BF16: true, F8E8M0: true, F4E2M1: true, MinMaxF: true, MinMaxI: true}); err != nil {
						t.Fatal(err)
					}
					mod.Walk(func(o *ir.Operation) bool {
						switch o.Name() {
						case "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi", "arith.maxsi", "arith.maximumf", "arith.maxnumf":
							t.Fatalf("%s left after arith-expand", o.Name())
						}
						return true
					})
				}
				if err := ir.Verify(mod); err != nil {
					t.Fatal(err)
				}
				var all [][]string
				for _, args := range c.args {
					rs, err := interp.New(mod).Call("main", args...)
					if err != nil {
						t.Fatal(err)
					}
					var got []string
					for _, r := range rs {
						got = append(got, show(r))
					}
					all = append(all, got)
				}
				return all
			}
			want, got := run(false), run(true)
			for i := range want {
				if fmt.Sprint(want[i]) != fmt.Sprint(got[i]) {
					t.Errorf("args %v: expanded %v, want %v", c.args[i], got[i], want[i])
				}
			}
		})
	}
}

func show(v interp.Value) string {
	switch x := v.(type) {
	case interp.Scalar:
		if math.IsNaN(x.F) {
			return "NaN"
		}
		if x.F != 0 || math.Signbit(x.F) {
			return fmt.Sprint(x.F)
		}
		return fmt.Sprintf("%d/%v", x.Bits, x.F)
	}
	return fmt.Sprint(v)
}

// TestExpandSmallFloats checks the expansions of the casts from and to
// f8E8M0FNU and f4E2M1FN, and of the scaled casts, against the formats'
// values (OCP MX spec), and for truncf to f4E2M1FN against MLIR's
// rounding: nearest, ties away from zero, clamped to 6.
func TestExpandSmallFloats(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	f4 := []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6}
	type check struct {
		src  string
		arg  interp.Value
		want []string
	}
	var checks []check
	extf := `func.func @main(%b: i8) -> (f32, f16, f64) {
  %x = arith.bitcast %b : i8 to f8E8M0FNU
  %0 = arith.extf %x : f8E8M0FNU to f32
  %1 = arith.extf %x : f8E8M0FNU to f16
  %2 = arith.extf %x : f8E8M0FNU to f64
  return %0, %1, %2 : f32, f16, f64
}`
	for b := range 256 {
		// 2^-127 is not a normal f32: the expansion, as MLIR's, makes it 0.
		v := math.Ldexp(1, b-127)
		want := []string{show(interp.Float(v)), show(interp.Float(ir.RoundFloat(ir.F16, v))), show(interp.Float(v))}
		switch b {
		case 0:
			want = []string{"0/0", "0/0", "0/0"}
		case 255:
			want = []string{"NaN", "NaN", "NaN"}
		}
		checks = append(checks, check{extf, interp.Int(int64(b)), want})
	}
	f4ext := `func.func @main(%b: i4) -> (f32, f16) {
  %x = arith.bitcast %b : i4 to f4E2M1FN
  %0 = arith.extf %x : f4E2M1FN to f32
  %1 = arith.extf %x : f4E2M1FN to f16
  return %0, %1 : f32, f16
}`
	for b := range 16 {
		v := f4[b&7]
		if b&8 != 0 {
			v = -v
		}
		checks = append(checks, check{f4ext, interp.Int(int64(b)), []string{show(interp.Float(v)), show(interp.Float(v))}})
	}
	f8trunc := `func.func @main(%a: f32) -> i8 {
  %x = arith.truncf %a : f32 to f8E8M0FNU
  %b = arith.bitcast %x : f8E8M0FNU to i8
  return %b : i8
}`
	for v, b := range map[float64]int64{0x1p-127: 0, 1: 127, 3: 128, 0.75: 126, -4: 129, 0x1p127: 254, nan: 255, inf: 255} {
		checks = append(checks, check{f8trunc, interp.Float(v), []string{show(interp.Int(b))}})
	}
	f4trunc := `func.func @main(%a: f32) -> i4 {
  %x = arith.truncf %a : f32 to f4E2M1FN
  %b = arith.bitcast %x : f4E2M1FN to i4
  return %b : i4
}`
	for v, b := range map[float64]int64{0: 0, 0.1: 0, 0.25: 0, 0.3: 1, 0.5: 1, 0.75: 2, 1: 2, 1.25: 3, 1.4: 3, 1.75: 4,
		2.5: 5, 3: 5, 3.5: 6, 5: 7, 6: 7, 100: 7, inf: 7, -1: 10, -3: 13, -4.5: 14, -5: 15, -6: 15, -100: 15} {
		checks = append(checks, check{f4trunc, interp.Float(v), []string{show(interp.Int(b))}})
	}
	f8ext := `func.func @main(%b: i8) -> (f32, f16, f64) {
  %x = arith.bitcast %b : i8 to f8E4M3FN
  %0 = arith.extf %x : f8E4M3FN to f32
  %1 = arith.extf %x : f8E4M3FN to f16
  %y = arith.bitcast %b : i8 to f8E5M2
  %2 = arith.extf %y : f8E5M2 to f64
  return %0, %1, %2 : f32, f16, f64
}`
	var e4m3 []float64 // the finite f8E4M3FN values of bits 0 to 0x7e
	for b := range 256 {
		v := e4m3fn(b)
		if b < 0x7f {
			e4m3 = append(e4m3, v)
		}
		checks = append(checks, check{f8ext, interp.Int(int64(b)),
			[]string{show(interp.Float(v)), show(interp.Float(v)), show(interp.Float(ir.FloatFromBits(ir.F8E5M2, uint64(b))))}})
	}
	f8trunc2 := `func.func @main(%a: f32) -> (i8, i8) {
  %x = arith.truncf %a : f32 to f8E4M3FN
  %b = arith.bitcast %x : f8E4M3FN to i8
  %y = arith.truncf %a : f32 to f8E5M2
  %c = arith.bitcast %y : f8E5M2 to i8
  return %b, %c : i8, i8
}`
	// Every f8E4M3FN value and every midpoint of two (ties go to the even
	// one), and values past the largest, 448: up to 464 they round to it,
	// beyond (and infinities) are NaN, 0x7f. f8E5M2 rounds to nearest
	// even too, past its largest, 57344, to infinity.
	e4m3Want := map[float64]int64{464: 0x7e, 464.5: 0x7f, 1000: 0x7f, inf: 0x7f, -inf: 0x7f, nan: 0x7f}
	for i, v := range e4m3 {
		e4m3Want[v], e4m3Want[-v] = int64(i), int64(i|0x80)
		if i > 0 {
			mid := (v + e4m3[i-1]) / 2
			even := int64(i)
			if i%2 == 1 {
				even = int64(i - 1)
			}
			e4m3Want[mid], e4m3Want[-mid] = even, even|0x80
		}
	}
	for v, b := range e4m3Want {
		e5m2 := int64(ir.FloatBits(ir.F8E5M2, v))
		if math.IsNaN(v) {
			e5m2 = 0x7e
		}
		checks = append(checks, check{f8trunc2, interp.Float(v), []string{show(interp.Int(b)), show(interp.Int(e5m2))}})
	}
	// The scale is truncated to a power of two: 3 scales by 2.
	scaled := `func.func @main(%s: f32) -> (f32, i4, f16) {
  %c = arith.constant 1.5 : f32
  %x = arith.truncf %c : f32 to f4E2M1FN
  %e = arith.scaling_extf %x, %s : f4E2M1FN, f32 to f32
  %three = arith.constant 3.0 : f32
  %t = arith.scaling_truncf %three, %s : f32, f32 to f4E2M1FN
  %b = arith.bitcast %t : f4E2M1FN to i4
  %h = arith.scaling_extf %x, %s fastmath<fast> : f4E2M1FN, f32 to f16
  return %e, %b, %h : f32, i4, f16
}`
	for s, want := range map[float64][]string{1: {"1.5", "5/0", "1.5"}, 3: {"3", "3/0", "3"}, 0.25: {"0.375", "7/0", "0.375"}} {
		checks = append(checks, check{scaled, interp.Float(s), want})
	}
	ctx := irtest.ContextWith(arith.Dialect(), fn.Dialect())()
	for _, c := range checks {
		mod, err := ir.Parse(ctx, c.src, "t.mlir")
		if err != nil {
			t.Fatal(err)
		}
		if err := arith.Expand(mod, arith.ExpandOptions{F8E8M0: true, F4E2M1: true, F8E5M2: true, F8E4M3FN: true}); err != nil {
			t.Fatal(err)
		}
		// Folding the bitcasts through f4E2M1FN and f8E8M0FNU keeps the
		// interpreter from decoding their bits, which it models as IEEE
		// formats (no finite-only encodings).
		if _, err := rewrite.ApplyPatternsGreedily(mod, nil, rewrite.GreedyConfig{}); err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(mod); err != nil {
			t.Fatal(err)
		}
		rs, err := interp.New(mod).Call("main", c.arg)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, show(r))
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s\nwith %v: got %v, want %v", c.src, c.arg, got, c.want)
		}
	}
}

// e4m3fn decodes an f8E4M3FN: bias 7, no infinity, NaN only at magnitude 0x7f.
func e4m3fn(b int) float64 {
	sign := 1.0
	if b&0x80 != 0 {
		sign = -1
	}
	e, m := b>>3&15, b&7
	switch {
	case b&0x7f == 0x7f:
		return math.NaN()
	case e == 0:
		return sign * math.Ldexp(float64(m), -9)
	}
	return sign * math.Ldexp(float64(8|m), e-10)
}
