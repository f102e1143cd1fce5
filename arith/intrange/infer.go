package intrange

import "math/big"

// The inference rules of MLIR's InferIntRangeCommon.cpp, one per op family,
// on ranges of one width. A rule's helper returns false where MLIR's APInt
// operation overflows, which makes the bound unknown.

// Overflow flags of an op (arith's nsw/nuw): with one, the op's result
// cannot wrap in that order, so the bounds saturate instead.
type Overflow uint8

// The overflow flags.
const (
	NSW Overflow = 1 << iota
	NUW
)

// arithFn computes one bound from two; false on overflow.
type arithFn func(a, b uint64) (uint64, bool)

// exact computes f in big integers over the operands read signed or
// unsigned, then checks the exact result fits w bits in that reading;
// sat saturates an overflowing result instead of failing.
func exact(w int, signed, sat bool, f func(z, a, b *big.Int) *big.Int) arithFn {
	lo, hi := new(big.Int), new(big.Int)
	if signed {
		lo.SetInt64(sminOf(w))
		hi.SetInt64(smaxOf(w))
	} else {
		hi.SetUint64(allOnes(w))
	}
	read := func(v uint64) *big.Int {
		if signed {
			return big.NewInt(sext(w, v))
		}
		return new(big.Int).SetUint64(v)
	}
	return func(a, b uint64) (uint64, bool) {
		r := f(new(big.Int), read(a), read(b))
		switch {
		case r.Cmp(lo) < 0:
			if !sat {
				return 0, false
			}
			r = lo
		case r.Cmp(hi) > 0:
			if !sat {
				return 0, false
			}
			r = hi
		}
		if signed {
			return mask(w, uint64(r.Int64())), true
		}
		return r.Uint64(), true
	}
}

// computeBoundsBy is MLIR's: op on the two minima and on the two maxima.
func computeBoundsBy(w int, op arithFn, minL, minR, maxL, maxR uint64, signed bool) Range {
	lo, ok1 := op(minL, minR)
	hi, ok2 := op(maxL, maxR)
	if ok1 && ok2 {
		return rangeOf(w, lo, hi, signed)
	}
	return MaxRange(w)
}

func rangeOf(w int, lo, hi uint64, signed bool) Range {
	if signed {
		return FromSigned(w, sext(w, lo), sext(w, hi))
	}
	return FromUnsigned(w, lo, hi)
}

// less compares two w-bit values in the signed or unsigned order.
func less(w int, a, b uint64, signed bool) bool {
	if signed {
		return sext(w, a) < sext(w, b)
	}
	return a < b
}

// minMaxBy is MLIR's: the smallest and largest of op over all pairs; the
// maximal range if one overflows.
func minMaxBy(w int, op arithFn, lhs, rhs []uint64, signed bool) Range {
	lo, hi := allOnes(w), uint64(0)
	if signed {
		lo, hi = mask(w, uint64(smaxOf(w))), mask(w, uint64(sminOf(w)))
	}
	for _, l := range lhs {
		for _, r := range rhs {
			v, ok := op(l, r)
			if !ok {
				return MaxRange(w)
			}
			if less(w, v, lo, signed) {
				lo = v
			}
			if less(w, hi, v, signed) {
				hi = v
			}
		}
	}
	return rangeOf(w, lo, hi, signed)
}

func s(v int64) uint64 { return uint64(v) }

func add(z, a, b *big.Int) *big.Int { return z.Add(a, b) }
func sub(z, a, b *big.Int) *big.Int { return z.Sub(a, b) }
func mul(z, a, b *big.Int) *big.Int { return z.Mul(a, b) }

// Add is inferAdd.
func Add(l, r Range, f Overflow) Range {
	w := l.Width
	u := computeBoundsBy(w, exact(w, false, f&NUW != 0, add), l.UMin, r.UMin, l.UMax, r.UMax, false)
	sr := computeBoundsBy(w, exact(w, true, f&NSW != 0, add), s(l.SMin), s(r.SMin), s(l.SMax), s(r.SMax), true)
	return Intersection(u, sr)
}

// Sub is inferSub.
func Sub(l, r Range, f Overflow) Range {
	w := l.Width
	u := computeBoundsBy(w, exact(w, false, f&NUW != 0, sub), l.UMin, r.UMax, l.UMax, r.UMin, false)
	sr := computeBoundsBy(w, exact(w, true, f&NSW != 0, sub), s(l.SMin), s(r.SMax), s(l.SMax), s(r.SMin), true)
	return Intersection(u, sr)
}

// Mul is inferMul.
func Mul(l, r Range, f Overflow) Range {
	w := l.Width
	u := minMaxBy(w, exact(w, false, f&NUW != 0, mul), []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, false)
	sr := minMaxBy(w, exact(w, true, f&NSW != 0, mul), []uint64{s(l.SMin), s(l.SMax)}, []uint64{s(r.SMin), s(r.SMax)}, true)
	return Intersection(u, sr)
}

// fixup adjusts a quotient (ceiling, floor); false on overflow.
type fixup func(l, r, q uint64) (uint64, bool)

func divURange(l, r Range, fix fixup) Range {
	w := l.Width
	if r.UMin != 0 && r.UMax != 0 {
		udiv := func(a, b uint64) (uint64, bool) { return fix(a, b, a/b) }
		return minMaxBy(w, udiv, []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, false)
	}
	umin := uint64(0)
	if l.UMin >= r.UMax && r.UMax != 0 {
		umin = l.UMin / r.UMax
	}
	return FromUnsigned(w, umin, l.UMax)
}

// DivU is inferDivU.
func DivU(l, r Range) Range {
	return divURange(l, r, func(_, _, q uint64) (uint64, bool) { return q, true })
}

// CeilDivU is inferCeilDivU.
func CeilDivU(l, r Range) Range {
	w := l.Width
	return divURange(l, r, func(a, b, q uint64) (uint64, bool) {
		if a%b != 0 {
			if q == allOnes(w) {
				return 0, false
			}
			return q + 1, true
		}
		return q, true
	})
}

// sdiv is APInt's sdiv_ov: false for the one overflowing quotient.
func sdiv(w int, a, b uint64) (uint64, bool) {
	x, y := sext(w, a), sext(w, b)
	if y == 0 || x == sminOf(w) && y == -1 {
		return 0, false // only an empty range (unreachable code) divides by 0
	}
	return mask(w, uint64(x/y)), true
}

func divSRange(l, r Range, fix fixup) Range {
	w := l.Width
	if r.SMin > 0 || r.SMax < 0 {
		op := func(a, b uint64) (uint64, bool) {
			q, ok := sdiv(w, a, b)
			if !ok {
				return 0, false
			}
			return fix(a, b, q)
		}
		return minMaxBy(w, op, []uint64{s(l.SMin), s(l.SMax)}, []uint64{s(r.SMin), s(r.SMax)}, true)
	}
	return MaxRange(w)
}

// DivS is inferDivS.
func DivS(l, r Range) Range {
	return divSRange(l, r, func(_, _, q uint64) (uint64, bool) { return q, true })
}

// CeilDivS is inferCeilDivS.
func CeilDivS(l, r Range) Range {
	w := l.Width
	fix := func(a, b, q uint64) (uint64, bool) {
		x, y := sext(w, a), sext(w, b)
		if x%y != 0 && (x >= 0) == (y >= 0) {
			if sext(w, q) == smaxOf(w) {
				return 0, false
			}
			return mask(w, q+1), true
		}
		// Current MLIR no longer negates INT_MIN / [positive] here (the
		// quotient is the true ceiling, which the folders never contradict:
		// they do not fold INT_MIN).
		return q, true
	}
	res := divSRange(l, r, fix)
	if l.SMin == sminOf(w) && l.SMax > l.SMin {
		res = Union(res, divSRange(FromSigned(w, l.SMin+1, l.SMax), r, fix))
	}
	return res
}

// FloorDivS is inferFloorDivS.
func FloorDivS(l, r Range) Range {
	w := l.Width
	return divSRange(l, r, func(a, b, q uint64) (uint64, bool) {
		x, y := sext(w, a), sext(w, b)
		if x%y != 0 && (x >= 0) != (y >= 0) {
			if sext(w, q) == sminOf(w) {
				return 0, false
			}
			return mask(w, q-1), true
		}
		return q, true
	})
}

// RemS is inferRemS.
func RemS(l, r Range) Range {
	w := l.Width
	smin, smax := sminOf(w), smaxOf(w)
	if r.SMin > 0 || r.SMax < 0 {
		// The largest divisor's magnitude, as APInt's abs (which keeps
		// INT_MIN), read unsigned.
		maxDivisor := uint64(r.SMax)
		if r.SMin <= 0 {
			maxDivisor = mask(w, uint64(-r.SMin))
		}
		maxPos := mask(w, maxDivisor-1)
		smin, smax = 0, 0
		if l.SMin < 0 {
			smin = sext(w, mask(w, -maxPos))
		}
		if l.SMax > 0 {
			smax = sext(w, maxPos)
		}
		if r.SMin == r.SMax && mask(w, uint64(l.SMax)-uint64(l.SMin)) < maxDivisor {
			d := sext(w, maxDivisor)
			minRem, maxRem := srem(w, l.SMin, d), srem(w, l.SMax, d)
			if minRem <= maxRem {
				smin, smax = minRem, maxRem
			}
		}
	}
	return FromSigned(w, smin, smax)
}

// srem is APInt's srem of w-bit values (the sign of the dividend).
func srem(w int, a, d int64) int64 {
	if d == 0 || d == -1 || d == sminOf(w) && a == d {
		return 0
	}
	return a % d
}

// RemU is inferRemU.
func RemU(l, r Range) Range {
	w := l.Width
	umin := uint64(0)
	umax := min(mask(w, r.UMax-1), l.UMax)
	if r.UMin != 0 && r.UMin == r.UMax && l.UMax-l.UMin < r.UMax {
		minRem, maxRem := l.UMin%r.UMax, l.UMax%r.UMax
		if minRem <= maxRem {
			umin, umax = minRem, maxRem
		}
	}
	return FromUnsigned(w, umin, umax)
}

// MaxS is inferMaxS.
func MaxS(l, r Range) Range { return FromSigned(l.Width, max(l.SMin, r.SMin), max(l.SMax, r.SMax)) }

// MaxU is inferMaxU.
func MaxU(l, r Range) Range { return FromUnsigned(l.Width, max(l.UMin, r.UMin), max(l.UMax, r.UMax)) }

// MinS is inferMinS.
func MinS(l, r Range) Range { return FromSigned(l.Width, min(l.SMin, r.SMin), min(l.SMax, r.SMax)) }

// MinU is inferMinU.
func MinU(l, r Range) Range { return FromUnsigned(l.Width, min(l.UMin, r.UMin), min(l.UMax, r.UMax)) }

// varying is the mask of the bits that change over [r.UMin, r.UMax].
func varying(r Range) uint64 {
	n := r.Width - clz(r.Width, r.UMin^r.UMax)
	return allOnes(n)
}

// widen is MLIR's widenBitwiseBounds: the common high bits with the rest
// all clear and all set.
func widen(r Range) []uint64 {
	m := varying(r)
	return []uint64{r.UMin &^ m, r.UMax | m}
}

// And is inferAnd.
func And(l, r Range) Range {
	return minMaxBy(l.Width, func(a, b uint64) (uint64, bool) { return a & b, true }, widen(l), widen(r), false)
}

// Or is inferOr.
func Or(l, r Range) Range {
	return minMaxBy(l.Width, func(a, b uint64) (uint64, bool) { return a | b, true }, widen(l), widen(r), false)
}

// Xor is inferXor.
func Xor(l, r Range) Range {
	m := varying(l) | varying(r)
	x := l.UMin ^ r.UMin
	return FromUnsigned(l.Width, x&^m, mask(l.Width, x|m))
}

// Shl is inferShl: a shift by n overflows as a multiplication by 2^n.
func Shl(l, r Range, f Overflow) Range {
	w := l.Width
	ushl := func(a, n uint64) (uint64, bool) {
		if n >= uint64(w) || n > uint64(clz(w, a)) {
			if f&NUW != 0 {
				return allOnes(w), true
			}
			return 0, false
		}
		return mask(w, a<<n), true
	}
	sshl := func(a, n uint64) (uint64, bool) {
		neg := sext(w, a) < 0
		over := n >= uint64(w)
		if !over {
			if neg {
				over = n >= uint64(clz(w, ^a))
			} else {
				over = n >= uint64(clz(w, a))
			}
		}
		if over {
			if f&NSW == 0 {
				return 0, false
			}
			if neg {
				return mask(w, uint64(sminOf(w))), true
			}
			return uint64(smaxOf(w)), true
		}
		return mask(w, a<<n), true
	}
	u := minMaxBy(w, ushl, []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, false)
	sr := minMaxBy(w, sshl, []uint64{s(l.SMin), s(l.SMax)}, []uint64{r.UMin, r.UMax}, true)
	return Intersection(u, sr)
}

// ShrS is inferShrS.
func ShrS(l, r Range) Range {
	w := l.Width
	ashr := func(a, n uint64) (uint64, bool) {
		if n >= uint64(w) {
			return 0, false
		}
		return mask(w, uint64(sext(w, a)>>n)), true
	}
	return minMaxBy(w, ashr, []uint64{s(l.SMin), s(l.SMax)}, []uint64{r.UMin, r.UMax}, true)
}

// ShrU is inferShrU.
func ShrU(l, r Range) Range {
	w := l.Width
	lshr := func(a, n uint64) (uint64, bool) {
		if n >= uint64(w) {
			return 0, false
		}
		return a >> n, true
	}
	return minMaxBy(w, lshr, []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, false)
}

// Ext is extRange: both extensions of r to w bits.
func Ext(r Range, w int) Range {
	return Range{Width: w, UMin: r.UMin, UMax: r.UMax, SMin: r.SMin, SMax: r.SMax}
}

// ExtU is extUIRange.
func ExtU(r Range, w int) Range { return FromUnsigned(w, r.UMin, r.UMax) }

// ExtS is extSIRange.
func ExtS(r Range, w int) Range { return FromSigned(w, r.SMin, r.SMax) }

// Trunc is truncRange.
func Trunc(r Range, w int) Range {
	out := Range{Width: w, UMax: allOnes(w), SMin: sminOf(w), SMax: smaxOf(w)}
	if r.UMin>>uint(w) == r.UMax>>uint(w) || w >= 64 {
		out.UMin, out.UMax = mask(w, r.UMin), mask(w, r.UMax)
	}
	lo, hi := r.SMin>>uint(w-1), r.SMax>>uint(w-1)
	overflow := lo != hi && !(lo == -1 && (hi == -1 || hi == 0)) && !(lo == 0 && hi == 0)
	if !overflow {
		out.SMin, out.SMax = sext(w, uint64(r.SMin)), sext(w, uint64(r.SMax))
	}
	return out
}

// Cast is the range of an integer cast from r to w bits, as
// arith.index_cast (signed) and index_castui (unsigned) give it.
func Cast(r Range, w int, signed bool) Range {
	switch {
	case r.Width < w && signed:
		return ExtS(r, w)
	case r.Width < w:
		return ExtU(r, w)
	case r.Width > w:
		return Trunc(r, w)
	}
	return r
}

// CmpMode says which of a range's bounds an index op's result depends on.
type CmpMode int

// The comparison modes of inferIndexOp.
const (
	Both CmpMode = iota
	Signed
	Unsigned
)

// IndexOp is inferIndexOp: an index op's rule f at 64 bits, widened by its
// result at 32 bits when the two disagree, since index may be either.
func IndexOp(f func([]Range) Range, args []Range, mode CmpMode) Range {
	sixtyFour := f(args)
	truncated := make([]Range, len(args))
	for i, a := range args {
		truncated[i] = Trunc(a, 32)
	}
	thirtyTwo := f(truncated)
	back := Trunc(sixtyFour, 32)
	var equal bool
	switch mode {
	case Both:
		equal = thirtyTwo == back
	case Signed:
		equal = thirtyTwo.SMin == back.SMin && thirtyTwo.SMax == back.SMax
	case Unsigned:
		equal = thirtyTwo.UMin == back.UMin && thirtyTwo.UMax == back.UMax
	}
	if equal {
		return sixtyFour
	}
	return Union(sixtyFour, Ext(thirtyTwo, 64))
}

// AddSat is the bounds of l plus r computed with saturation in each order
// (APInt's uadd_sat and sadd_sat on the bounds): MLIR's check that a loop's
// induction variable plus its step still fits a narrower width.
func AddSat(l, r Range) Range {
	w := l.Width
	uadd := exact(w, false, true, add)
	sadd := exact(w, true, true, add)
	umin, _ := uadd(l.UMin, r.UMin)
	umax, _ := uadd(l.UMax, r.UMax)
	smin, _ := sadd(s(l.SMin), s(r.SMin))
	smax, _ := sadd(s(l.SMax), s(r.SMax))
	return Range{Width: w, UMin: umin, UMax: umax, SMin: sext(w, smin), SMax: sext(w, smax)}
}
