package intrange

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// The rules run on uint64 bounds up to 64 bits and on big.Int bounds above.
// These tests run the big.Int arithmetic at small widths (smallMax lowered)
// and check it gives exactly the uint64 results, which infer_test.go checks
// sound by enumeration.

// lift is r with its bounds in big.Ints, as a range wider than smallMax.
func lift(r Range) Range {
	b := func(x Bits) Bits { return Bits{Big: new(big.Int).SetUint64(x.Lo)} }
	return Range{Width: r.Width, UMin: b(r.UMin), UMax: b(r.UMax), SMin: b(r.SMin), SMax: b(r.SMax)}
}

// lower is r with its bounds back in uint64s.
func lower(r Range) Range {
	b := func(x Bits) Bits {
		if x.Big == nil {
			panic("bound not in a big.Int")
		}
		return Bits{Lo: x.Big.Uint64()}
	}
	return Range{Width: r.Width, UMin: b(r.UMin), UMax: b(r.UMax), SMin: b(r.SMin), SMax: b(r.SMax)}
}

// inBig runs f with every width above smallMax.
func inBig(f func()) {
	defer func(old int) { smallMax = old }(smallMax)
	smallMax = 0
	f()
}

func randomSmall(rng *rand.Rand, w int) Range {
	a, b := rng.Int63n(1<<w), rng.Int63n(1<<w)
	lo, hi := uint64(min(a, b)), uint64(max(a, b))
	half := int64(1) << (w - 1)
	switch rng.Intn(4) {
	case 0:
		return Constant(w, lo)
	case 1:
		return FromUnsigned(w, lo, hi)
	case 2:
		return FromSigned(w, int64(lo)-half, int64(hi)-half)
	}
	return Intersection(FromSigned(w, int64(lo)-half, int64(hi)-half), FromUnsigned(w, uint64(rng.Int63n(1<<w)), allOnes64(w)))
}

func TestBigBoundsAgree(t *testing.T) {
	flags := []Overflow{0, NSW, NUW, NSW | NUW}
	binary := map[string]func(l, r Range) Range{
		"and": And, "or": Or, "xor": Xor, "maxs": MaxS, "maxu": MaxU, "mins": MinS, "minu": MinU,
		"divs": DivS, "floordivs": FloorDivS, "ceildivs": CeilDivS, "rems": RemS,
		"divu": DivU, "ceildivu": CeilDivU, "remu": RemU, "shrs": ShrS, "shru": ShrU,
		"union": Union, "intersection": Intersection, "addsat": AddSat,
	}
	for _, f := range flags {
		binary[fmt.Sprintf("add/%d", f)] = func(l, r Range) Range { return Add(l, r, f) }
		binary[fmt.Sprintf("sub/%d", f)] = func(l, r Range) Range { return Sub(l, r, f) }
		binary[fmt.Sprintf("mul/%d", f)] = func(l, r Range) Range { return Mul(l, r, f) }
		binary[fmt.Sprintf("shl/%d", f)] = func(l, r Range) Range { return Shl(l, r, f) }
	}
	for to := 1; to < 8; to++ {
		binary[fmt.Sprintf("trunc/%d", to)] = func(l, _ Range) Range { return Trunc(l, to) }
		binary[fmt.Sprintf("exts/%d", to+8)] = func(l, _ Range) Range { return ExtS(l, to+8) }
		binary[fmt.Sprintf("extu/%d", to+8)] = func(l, _ Range) Range { return ExtU(l, to+8) }
		binary[fmt.Sprintf("ext/%d", to+8)] = func(l, _ Range) Range { return Ext(l, to+8) }
	}
	rng := rand.New(rand.NewSource(3))
	for range 3000 {
		w := 1 + rng.Intn(8)
		l, r := randomSmall(rng, w), randomSmall(rng, w)
		for name, rule := range binary {
			want := rule(l, r)
			var got Range
			inBig(func() { got = lower(rule(lift(l), lift(r))) })
			if !Equal(got, want) {
				t.Fatalf("%s(%+v, %+v) at %d bits: big bounds give %+v, uint64 ones %+v", name, l, r, w, got, want)
			}
		}
		for p := range 10 {
			want, wantOK := Cmp(p, l, r)
			var got, gotOK bool
			inBig(func() { got, gotOK = Cmp(p, lift(l), lift(r)) })
			if got != want || gotOK != wantOK {
				t.Fatalf("Cmp(%d, %+v, %+v): big bounds give %v, %v; uint64 ones %v, %v", p, l, r, got, gotOK, want, wantOK)
			}
		}
		for to := 1; to <= w; to++ {
			ws, wu := Truncatable(l, to)
			var gs, gu bool
			inBig(func() { gs, gu = Truncatable(lift(l), to) })
			if gs != ws || gu != wu {
				t.Fatalf("Truncatable(%+v, %d): big bounds give %v, %v; uint64 ones %v, %v", l, to, gs, gu, ws, wu)
			}
		}
	}
}

// TestWideRanges checks the rules at 128 bits, where values pass 2^64.
func TestWideRanges(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	c := func(v *big.Int) Range { return ConstantBig(128, v) }
	sum := Add(c(new(big.Int).Sub(two64, big.NewInt(1))), c(big.NewInt(1)), 0)
	if b, ok := ConstantBits(sum); !ok || b.Big.Cmp(two64) != 0 {
		t.Errorf("2^64-1 + 1 at 128 bits = %+v", sum)
	}
	// arith.ori of any value with a negative one is negative (upstream
	// int-range-interface.mlir's ori).
	neg := MinS(MaxRange(128), c(big.NewInt(-1)))
	if r := Or(MaxRange(128), neg); !Negative(128, r.SMax) {
		t.Errorf("x | negative = %+v, which may be non-negative", r)
	}
	if v, ok := Cmp(predSlt, Or(MaxRange(128), neg), c(big.NewInt(0))); !ok || !v {
		t.Errorf("x | negative < 0 is not known true")
	}
	// Truncating [2^64, 2^64 + 5] to 64 bits gives [0, 5]; to 8 bits too.
	r := fromU(128, fromBig(128, two64), fromBig(128, new(big.Int).Add(two64, big.NewInt(5))))
	for _, to := range []int{64, 8} {
		if got := Trunc(r, to); !Equal(got, FromUnsigned(to, 0, 5)) {
			t.Errorf("Trunc([2^64, 2^64+5], %d) = %+v", to, got)
		}
	}
	if got, want := ExtS(FromSigned(64, -3, 4), 128), fromS(128, Int(128, -3), Int(128, 4)); !Equal(got, want) {
		t.Errorf("ExtS([-3, 4] to 128 bits) = %+v, want %+v", got, want)
	}
	if got := SignedValue(128, ExtS(Constant(64, ^uint64(0)), 128).SMin); got.Int64() != -1 {
		t.Errorf("ExtS(-1) = %v", got)
	}
}
