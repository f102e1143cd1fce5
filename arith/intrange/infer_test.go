package intrange_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/kiln-gpu/kiln/arith/intrange"
)

// The rules must be sound: every value an op computes from values in its
// operands' ranges lies in the range inferred for its result. The tests
// check that exhaustively over the values of random ranges at small
// widths, where every pair can be enumerated.

const w = 6

func mask(v int64) uint64 { return uint64(v) & (1<<w - 1) }

func sext(v uint64) int64 { return sextAt(w, v) }

// sextAt reads the low n bits of v as a signed number.
func sextAt(n int, v uint64) int64 { return int64(v<<(64-n)) >> (64 - n) }

// members are the values r holds: in both its unsigned and signed bounds.
func members(r intrange.Range) []uint64 {
	var out []uint64
	for v := uint64(0); v < 1<<w; v++ {
		if contains(r, v) {
			out = append(out, v)
		}
	}
	return out
}

// contains reports whether the r.Width-bit value v lies in r.
func contains(r intrange.Range, v uint64) bool {
	s := sextAt(r.Width, v)
	return v >= r.UMin.Lo && v <= r.UMax.Lo && s >= sextAt(r.Width, r.SMin.Lo) && s <= sextAt(r.Width, r.SMax.Lo)
}

// randomRange is a constant, a signed or unsigned interval, or the
// intersection of both.
func randomRange(rng *rand.Rand) intrange.Range {
	a, b := rng.Int63n(1<<w), rng.Int63n(1<<w)
	lo, hi := min(a, b), max(a, b)
	switch rng.Intn(4) {
	case 0:
		return intrange.Constant(w, uint64(a))
	case 1:
		return intrange.FromUnsigned(w, uint64(lo), uint64(hi))
	case 2:
		return intrange.FromSigned(w, lo-1<<(w-1), hi-1<<(w-1))
	}
	s := intrange.FromSigned(w, lo-1<<(w-1), hi-1<<(w-1))
	c, d := rng.Int63n(1<<w), rng.Int63n(1<<w)
	if x := intrange.Intersection(s, intrange.FromUnsigned(w, uint64(min(c, d)), uint64(max(c, d)))); len(members(x)) > 0 {
		return x // a range of reachable code holds some value
	}
	return s
}

type binaryCase struct {
	name string
	rule func(l, r intrange.Range) intrange.Range
	// eval computes the op; false where its result is undefined (poison,
	// division by zero) and so constrains nothing.
	eval func(a, b uint64) (uint64, bool)
}

func fitsS(v int64) bool { return v >= -1<<(w-1) && v < 1<<(w-1) }
func fitsU(v int64) bool { return v >= 0 && v < 1<<w }

func divCases() []binaryCase {
	sdiv := func(round func(x, y int64) int64) func(a, b uint64) (uint64, bool) {
		return func(a, b uint64) (uint64, bool) {
			x, y := sext(a), sext(b)
			if y == 0 || x == -1<<(w-1) && y == -1 {
				return 0, false
			}
			return mask(round(x, y)), true
		}
	}
	floor := func(x, y int64) int64 {
		q := x / y
		if x%y != 0 && (x < 0) != (y < 0) {
			q--
		}
		return q
	}
	ceil := func(x, y int64) int64 {
		q := x / y
		if x%y != 0 && (x < 0) == (y < 0) {
			q++
		}
		return q
	}
	udiv := func(f func(a, b uint64) uint64) func(a, b uint64) (uint64, bool) {
		return func(a, b uint64) (uint64, bool) {
			if b == 0 {
				return 0, false
			}
			return f(a, b), true
		}
	}
	return []binaryCase{
		{"divs", intrange.DivS, sdiv(func(x, y int64) int64 { return x / y })},
		{"floordivs", intrange.FloorDivS, sdiv(floor)},
		{"ceildivs", intrange.CeilDivS, sdiv(ceil)},
		{"rems", intrange.RemS, sdiv(func(x, y int64) int64 { return x % y })},
		{"divu", intrange.DivU, udiv(func(a, b uint64) uint64 { return a / b })},
		{"ceildivu", intrange.CeilDivU, udiv(func(a, b uint64) uint64 { return (a + b - 1) / b })},
		{"remu", intrange.RemU, udiv(func(a, b uint64) uint64 { return a % b })},
	}
}

func flagged(name string, rule func(l, r intrange.Range, f intrange.Overflow) intrange.Range, op func(x, y int64) int64) []binaryCase {
	var out []binaryCase
	for _, f := range []intrange.Overflow{0, intrange.NSW, intrange.NUW, intrange.NSW | intrange.NUW} {
		out = append(out, binaryCase{fmt.Sprintf("%s/%d", name, f), func(l, r intrange.Range) intrange.Range { return rule(l, r, f) },
			func(a, b uint64) (uint64, bool) {
				if f&intrange.NSW != 0 && !fitsS(op(sext(a), sext(b))) || f&intrange.NUW != 0 && !fitsU(op(int64(a), int64(b))) {
					return 0, false // poison
				}
				return mask(op(int64(a), int64(b))), true
			}})
	}
	return out
}

func shiftCases() []binaryCase {
	shl := func(f intrange.Overflow) func(a, b uint64) (uint64, bool) {
		return func(a, b uint64) (uint64, bool) {
			if b >= w {
				return 0, false
			}
			if f&intrange.NSW != 0 && !fitsS(sext(a)<<b) || f&intrange.NUW != 0 && !fitsU(int64(a)<<b) {
				return 0, false
			}
			return mask(int64(a) << b), true
		}
	}
	var out []binaryCase
	for _, f := range []intrange.Overflow{0, intrange.NSW, intrange.NUW, intrange.NSW | intrange.NUW} {
		out = append(out, binaryCase{fmt.Sprintf("shl/%d", f), func(l, r intrange.Range) intrange.Range { return intrange.Shl(l, r, f) }, shl(f)})
	}
	return append(out,
		binaryCase{"shrs", intrange.ShrS, func(a, b uint64) (uint64, bool) { return mask(sext(a) >> b), b < w }},
		binaryCase{"shru", intrange.ShrU, func(a, b uint64) (uint64, bool) { return a >> b, b < w }},
	)
}

func TestBinaryRulesSound(t *testing.T) {
	cases := []binaryCase{
		{"and", intrange.And, func(a, b uint64) (uint64, bool) { return a & b, true }},
		{"or", intrange.Or, func(a, b uint64) (uint64, bool) { return a | b, true }},
		{"xor", intrange.Xor, func(a, b uint64) (uint64, bool) { return a ^ b, true }},
		{"maxs", intrange.MaxS, func(a, b uint64) (uint64, bool) { return mask(max(sext(a), sext(b))), true }},
		{"mins", intrange.MinS, func(a, b uint64) (uint64, bool) { return mask(min(sext(a), sext(b))), true }},
		{"maxu", intrange.MaxU, func(a, b uint64) (uint64, bool) { return max(a, b), true }},
		{"minu", intrange.MinU, func(a, b uint64) (uint64, bool) { return min(a, b), true }},
	}
	cases = append(cases, divCases()...)
	cases = append(cases, shiftCases()...)
	cases = append(cases, flagged("add", intrange.Add, func(x, y int64) int64 { return x + y })...)
	cases = append(cases, flagged("sub", intrange.Sub, func(x, y int64) int64 { return x - y })...)
	cases = append(cases, flagged("mul", intrange.Mul, func(x, y int64) int64 { return x * y })...)
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		for range 300 {
			l, r := randomRange(rng), randomRange(rng)
			res := c.rule(l, r)
			for _, a := range members(l) {
				for _, b := range members(r) {
					if v, ok := c.eval(a, b); ok && !contains(res, v) {
						t.Fatalf("%s(%v, %v) = %v: %d %s %d = %d is outside", c.name, l, r, res, sext(a), c.name, sext(b), sext(v))
					}
				}
			}
		}
	}
}

func TestCastsAndComparesSound(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for range 2000 {
		r := randomRange(rng)
		for _, to := range []int{2, 3, 5} {
			tr := intrange.Trunc(r, to)
			for _, v := range members(r) {
				if got := v & (1<<to - 1); !contains(tr, got) {
					t.Fatalf("Trunc(%v, %d) = %v misses %d", r, to, tr, got)
				}
			}
		}
		es, eu := intrange.ExtS(r, 16), intrange.ExtU(r, 16)
		for _, v := range members(r) {
			if s := sext(v); !contains(es, uint64(s)&0xffff) {
				t.Fatalf("ExtS(%v) = %v misses %d", r, es, s)
			}
			if !contains(eu, v) {
				t.Fatalf("ExtU(%v) = %v misses %d", r, eu, v)
			}
		}
		l := randomRange(rng)
		for p := range 10 {
			got, known := intrange.Cmp(p, l, r)
			if !known {
				continue
			}
			for _, a := range members(l) {
				for _, b := range members(r) {
					if cmp(p, a, b) != got {
						t.Fatalf("Cmp(%d, %v, %v) = %v, but %d and %d compare otherwise", p, l, r, got, a, b)
					}
				}
			}
		}
	}
}

func cmp(p int, a, b uint64) bool {
	x, y := sext(a), sext(b)
	return [...]bool{a == b, a != b, x < y, x <= y, x > y, x >= y, a < b, a <= b, a > b, a >= b}[p]
}

// TestRangeAlgebra checks the constructors against MLIR's definitions on
// fixed cases, wraparound included.
func TestRangeAlgebra(t *testing.T) {
	// of is the range of the given bounds, the signed ones as values.
	of := func(w int, umin, umax uint64, smin, smax int64) intrange.Range {
		return intrange.Range{Width: w, UMin: intrange.Uint(w, umin), UMax: intrange.Uint(w, umax),
			SMin: intrange.Int(w, smin), SMax: intrange.Int(w, smax)}
	}
	for _, c := range []struct {
		name      string
		got, want intrange.Range
	}{
		{"signed across zero", intrange.FromSigned(8, -2, 3), of(8, 0, 255, -2, 3)},
		{"signed negative", intrange.FromSigned(8, -5, -2), of(8, 251, 254, -5, -2)},
		{"unsigned across the sign bit", intrange.FromUnsigned(8, 100, 200), of(8, 100, 200, -128, 127)},
		{"max", intrange.MaxRange(1), of(1, 0, 1, -1, 0)},
		{"wrapping add", intrange.Add(intrange.Constant(8, 127), intrange.Constant(8, 1), 0), intrange.Constant(8, 128)},
		{"wrapping add of a range", intrange.Add(intrange.FromSigned(8, 126, 127), intrange.Constant(8, 1), 0), of(8, 127, 128, -128, 127)},
		{"nsw add saturates", intrange.Add(intrange.FromSigned(8, 100, 120), intrange.Constant(8, 20), intrange.NSW), intrange.FromSigned(8, 120, 127)},
		{"nuw sub saturates", intrange.Sub(intrange.FromUnsigned(8, 0, 10), intrange.Constant(8, 5), intrange.NUW), intrange.FromSigned(8, 0, 5)},
		{"index op agreeing at 32 bits", intrange.IndexOp(func(a []intrange.Range) intrange.Range {
			return intrange.Add(a[0], a[1], 0)
		}, []intrange.Range{intrange.Constant(64, 1<<31-1), intrange.Constant(64, 1)}, intrange.Both), intrange.Constant(64, 1<<31)},
		{"index op differing at 32 bits", intrange.IndexOp(func(a []intrange.Range) intrange.Range {
			return intrange.DivU(a[0], a[1])
		}, []intrange.Range{intrange.Constant(64, 1<<32), intrange.Constant(64, 2)}, intrange.Unsigned), intrange.FromUnsigned(64, 0, 1<<31)},
	} {
		if !intrange.Equal(c.got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, c.got, c.want)
		}
	}
	if v, ok := intrange.ConstantValue(intrange.FromSigned(8, -1, -1)); !ok || v != 255 {
		t.Errorf("ConstantValue(-1) = %d, %v", v, ok)
	}
}
