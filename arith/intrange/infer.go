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
type arithFn func(a, b Bits) (Bits, bool)

// exact computes f in big integers over the operands read signed or
// unsigned, then checks the exact result fits w bits in that reading;
// sat saturates an overflowing result instead of failing.
func exact(w int, signed, sat bool, f func(z, a, b *big.Int) *big.Int) arithFn {
	lo, hi := zero(w), allOnes(w)
	if signed {
		lo, hi = signMin(w), signMax(w)
	}
	read, loV, hiV := UnsignedValue, UnsignedValue(lo), UnsignedValue(hi)
	if signed {
		read = func(b Bits) *big.Int { return SignedValue(w, b) }
		loV, hiV = SignedValue(w, lo), SignedValue(w, hi)
	}
	return func(a, b Bits) (Bits, bool) {
		r := f(new(big.Int), read(a), read(b))
		switch {
		case r.Cmp(loV) < 0:
			if !sat {
				return Bits{}, false
			}
			return lo, true
		case r.Cmp(hiV) > 0:
			if !sat {
				return Bits{}, false
			}
			return hi, true
		}
		return fromBig(w, r), true
	}
}

// computeBoundsBy is MLIR's: op on the two minima and on the two maxima.
func computeBoundsBy(w int, op arithFn, minL, minR, maxL, maxR Bits, signed bool) Range {
	lo, ok1 := op(minL, minR)
	hi, ok2 := op(maxL, maxR)
	if ok1 && ok2 {
		return rangeOf(w, lo, hi, signed)
	}
	return MaxRange(w)
}

func rangeOf(w int, lo, hi Bits, signed bool) Range {
	if signed {
		return fromS(w, lo, hi)
	}
	return fromU(w, lo, hi)
}

// minMaxBy is MLIR's: the smallest and largest of op over all pairs; the
// maximal range if one overflows.
func minMaxBy(w int, op arithFn, lhs, rhs []Bits, signed bool) Range {
	lo, hi := allOnes(w), zero(w)
	if signed {
		lo, hi = signMax(w), signMin(w)
	}
	for _, l := range lhs {
		for _, r := range rhs {
			v, ok := op(l, r)
			if !ok {
				return MaxRange(w)
			}
			lo, hi = minOf(w, lo, v, signed), maxOf(w, hi, v, signed)
		}
	}
	return rangeOf(w, lo, hi, signed)
}

func bigAdd(z, a, b *big.Int) *big.Int { return z.Add(a, b) }
func bigSub(z, a, b *big.Int) *big.Int { return z.Sub(a, b) }
func bigMul(z, a, b *big.Int) *big.Int { return z.Mul(a, b) }

// Add is inferAdd.
func Add(l, r Range, f Overflow) Range {
	w := l.Width
	u := computeBoundsBy(w, exact(w, false, f&NUW != 0, bigAdd), l.UMin, r.UMin, l.UMax, r.UMax, false)
	sr := computeBoundsBy(w, exact(w, true, f&NSW != 0, bigAdd), l.SMin, r.SMin, l.SMax, r.SMax, true)
	return Intersection(u, sr)
}

// Sub is inferSub.
func Sub(l, r Range, f Overflow) Range {
	w := l.Width
	u := computeBoundsBy(w, exact(w, false, f&NUW != 0, bigSub), l.UMin, r.UMax, l.UMax, r.UMin, false)
	sr := computeBoundsBy(w, exact(w, true, f&NSW != 0, bigSub), l.SMin, r.SMax, l.SMax, r.SMin, true)
	return Intersection(u, sr)
}

// Mul is inferMul.
func Mul(l, r Range, f Overflow) Range {
	w := l.Width
	u := minMaxBy(w, exact(w, false, f&NUW != 0, bigMul), []Bits{l.UMin, l.UMax}, []Bits{r.UMin, r.UMax}, false)
	sr := minMaxBy(w, exact(w, true, f&NSW != 0, bigMul), []Bits{l.SMin, l.SMax}, []Bits{r.SMin, r.SMax}, true)
	return Intersection(u, sr)
}

// fixup adjusts a quotient (ceiling, floor); false on overflow.
type fixup func(l, r, q Bits) (Bits, bool)

func divURange(l, r Range, fix fixup) Range {
	w := l.Width
	if !isZero(r.UMin) && !isZero(r.UMax) {
		div := func(a, b Bits) (Bits, bool) { return fix(a, b, udiv(a, b)) }
		return minMaxBy(w, div, []Bits{l.UMin, l.UMax}, []Bits{r.UMin, r.UMax}, false)
	}
	umin := zero(w)
	if !ult(l.UMin, r.UMax) && !isZero(r.UMax) {
		umin = udiv(l.UMin, r.UMax)
	}
	return fromU(w, umin, l.UMax)
}

// DivU is inferDivU.
func DivU(l, r Range) Range {
	return divURange(l, r, func(_, _, q Bits) (Bits, bool) { return q, true })
}

// CeilDivU is inferCeilDivU.
func CeilDivU(l, r Range) Range {
	w := l.Width
	return divURange(l, r, func(a, b, q Bits) (Bits, bool) {
		if !isZero(urem(a, b)) {
			if eq(q, allOnes(w)) {
				return Bits{}, false
			}
			return add(w, q, Uint(w, 1)), true
		}
		return q, true
	})
}

func divSRange(l, r Range, fix fixup) Range {
	w := l.Width
	if positive(w, r.SMin) || Negative(w, r.SMax) {
		op := func(a, b Bits) (Bits, bool) {
			q, ok := sdiv(w, a, b)
			if !ok {
				return Bits{}, false
			}
			return fix(a, b, q)
		}
		return minMaxBy(w, op, []Bits{l.SMin, l.SMax}, []Bits{r.SMin, r.SMax}, true)
	}
	return MaxRange(w)
}

// DivS is inferDivS.
func DivS(l, r Range) Range {
	return divSRange(l, r, func(_, _, q Bits) (Bits, bool) { return q, true })
}

// CeilDivS is inferCeilDivS.
func CeilDivS(l, r Range) Range {
	w := l.Width
	fix := func(a, b, q Bits) (Bits, bool) {
		if !isZero(srem(w, a, b)) && Negative(w, a) == Negative(w, b) {
			if eq(q, signMax(w)) {
				return Bits{}, false
			}
			return add(w, q, Uint(w, 1)), true
		}
		// Current MLIR no longer negates INT_MIN / [positive] here (the
		// quotient is the true ceiling, which the folders never contradict:
		// they do not fold INT_MIN).
		return q, true
	}
	res := divSRange(l, r, fix)
	if eq(l.SMin, signMin(w)) && slt(w, l.SMin, l.SMax) {
		res = Union(res, divSRange(fromS(w, add(w, l.SMin, Uint(w, 1)), l.SMax), r, fix))
	}
	return res
}

// FloorDivS is inferFloorDivS.
func FloorDivS(l, r Range) Range {
	w := l.Width
	return divSRange(l, r, func(a, b, q Bits) (Bits, bool) {
		if !isZero(srem(w, a, b)) && Negative(w, a) != Negative(w, b) {
			if eq(q, signMin(w)) {
				return Bits{}, false
			}
			return sub(w, q, Uint(w, 1)), true
		}
		return q, true
	})
}

// RemS is inferRemS.
func RemS(l, r Range) Range {
	w := l.Width
	smin, smax := signMin(w), signMax(w)
	if positive(w, r.SMin) || Negative(w, r.SMax) {
		// The largest divisor's magnitude, as APInt's abs (which keeps
		// INT_MIN), read unsigned.
		maxDivisor := r.SMax
		if !positive(w, r.SMin) {
			maxDivisor = sub(w, zero(w), r.SMin)
		}
		maxPos := sub(w, maxDivisor, Uint(w, 1))
		smin, smax = zero(w), zero(w)
		if Negative(w, l.SMin) {
			smin = sub(w, zero(w), maxPos)
		}
		if positive(w, l.SMax) {
			smax = maxPos
		}
		if eq(r.SMin, r.SMax) && ult(sub(w, l.SMax, l.SMin), maxDivisor) {
			minRem, maxRem := srem(w, l.SMin, maxDivisor), srem(w, l.SMax, maxDivisor)
			if !slt(w, maxRem, minRem) {
				smin, smax = minRem, maxRem
			}
		}
	}
	return fromS(w, smin, smax)
}

// RemU is inferRemU.
func RemU(l, r Range) Range {
	w := l.Width
	umin := zero(w)
	umax := minOf(w, sub(w, r.UMax, Uint(w, 1)), l.UMax, false)
	if !isZero(r.UMin) && eq(r.UMin, r.UMax) && ult(sub(w, l.UMax, l.UMin), r.UMax) {
		minRem, maxRem := urem(l.UMin, r.UMax), urem(l.UMax, r.UMax)
		if !ult(maxRem, minRem) {
			umin, umax = minRem, maxRem
		}
	}
	return fromU(w, umin, umax)
}

// MaxS is inferMaxS.
func MaxS(l, r Range) Range {
	w := l.Width
	return fromS(w, maxOf(w, l.SMin, r.SMin, true), maxOf(w, l.SMax, r.SMax, true))
}

// MaxU is inferMaxU.
func MaxU(l, r Range) Range {
	w := l.Width
	return fromU(w, maxOf(w, l.UMin, r.UMin, false), maxOf(w, l.UMax, r.UMax, false))
}

// MinS is inferMinS.
func MinS(l, r Range) Range {
	w := l.Width
	return fromS(w, minOf(w, l.SMin, r.SMin, true), minOf(w, l.SMax, r.SMax, true))
}

// MinU is inferMinU.
func MinU(l, r Range) Range {
	w := l.Width
	return fromU(w, minOf(w, l.UMin, r.UMin, false), minOf(w, l.UMax, r.UMax, false))
}

// varying is the mask of the bits that change over [r.UMin, r.UMax].
func varying(r Range) Bits {
	w := r.Width
	return lowOnes(w, w-clz(w, xor(r.UMin, r.UMax)))
}

// widen is MLIR's widenBitwiseBounds: the common high bits with the rest
// all clear and all set.
func widen(r Range) []Bits {
	m := varying(r)
	return []Bits{and(r.UMin, not(r.Width, m)), or(r.UMax, m)}
}

// And is inferAnd.
func And(l, r Range) Range {
	return minMaxBy(l.Width, func(a, b Bits) (Bits, bool) { return and(a, b), true }, widen(l), widen(r), false)
}

// Or is inferOr.
func Or(l, r Range) Range {
	return minMaxBy(l.Width, func(a, b Bits) (Bits, bool) { return or(a, b), true }, widen(l), widen(r), false)
}

// Xor is inferXor.
func Xor(l, r Range) Range {
	w := l.Width
	m := or(varying(l), varying(r))
	x := xor(l.UMin, r.UMin)
	return fromU(w, and(x, not(w, m)), or(x, m))
}

// Shl is inferShl: a shift by n overflows as a multiplication by 2^n.
func Shl(l, r Range, f Overflow) Range {
	w := l.Width
	ushl := func(a, b Bits) (Bits, bool) {
		n, ok := amount(w, b)
		if !ok || int(n) > clz(w, a) {
			if f&NUW != 0 {
				return allOnes(w), true
			}
			return Bits{}, false
		}
		return shl(w, a, n), true
	}
	sshl := func(a, b Bits) (Bits, bool) {
		neg := Negative(w, a)
		n, ok := amount(w, b)
		if ok {
			if neg {
				ok = int(n) < clz(w, not(w, a))
			} else {
				ok = int(n) < clz(w, a)
			}
		}
		if !ok {
			if f&NSW == 0 {
				return Bits{}, false
			}
			if neg {
				return signMin(w), true
			}
			return signMax(w), true
		}
		return shl(w, a, n), true
	}
	u := minMaxBy(w, ushl, []Bits{l.UMin, l.UMax}, []Bits{r.UMin, r.UMax}, false)
	sr := minMaxBy(w, sshl, []Bits{l.SMin, l.SMax}, []Bits{r.UMin, r.UMax}, true)
	return Intersection(u, sr)
}

// ShrS is inferShrS.
func ShrS(l, r Range) Range {
	w := l.Width
	shr := func(a, b Bits) (Bits, bool) {
		n, ok := amount(w, b)
		if !ok {
			return Bits{}, false
		}
		return ashr(w, a, n), true
	}
	return minMaxBy(w, shr, []Bits{l.SMin, l.SMax}, []Bits{r.UMin, r.UMax}, true)
}

// ShrU is inferShrU.
func ShrU(l, r Range) Range {
	w := l.Width
	shr := func(a, b Bits) (Bits, bool) {
		n, ok := amount(w, b)
		if !ok {
			return Bits{}, false
		}
		return lshr(a, n), true
	}
	return minMaxBy(w, shr, []Bits{l.UMin, l.UMax}, []Bits{r.UMin, r.UMax}, false)
}

// Ext is extRange: both extensions of r to w bits.
func Ext(r Range, w int) Range {
	return Range{Width: w, UMin: zext(r.UMin, w), UMax: zext(r.UMax, w),
		SMin: sextTo(r.Width, r.SMin, w), SMax: sextTo(r.Width, r.SMax, w)}
}

// ExtU is extUIRange.
func ExtU(r Range, w int) Range { return fromU(w, zext(r.UMin, w), zext(r.UMax, w)) }

// ExtS is extSIRange.
func ExtS(r Range, w int) Range {
	return fromS(w, sextTo(r.Width, r.SMin, w), sextTo(r.Width, r.SMax, w))
}

// Trunc is truncRange.
func Trunc(r Range, w int) Range {
	from := r.Width
	out := MaxRange(w)
	if eq(lshr(r.UMin, uint(w)), lshr(r.UMax, uint(w))) {
		out.UMin, out.UMax = trunc(r.UMin, w), trunc(r.UMax, w)
	}
	lo, hi := ashr(from, r.SMin, uint(w-1)), ashr(from, r.SMax, uint(w-1))
	ones, zeros := allOnes(from), zero(from)
	overflow := !eq(lo, hi) && !(eq(lo, ones) && (eq(hi, ones) || eq(hi, zeros))) && !(eq(lo, zeros) && eq(hi, zeros))
	if !overflow {
		out.SMin, out.SMax = trunc(r.SMin, w), trunc(r.SMax, w)
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
		equal = Equal(thirtyTwo, back)
	case Signed:
		equal = eq(thirtyTwo.SMin, back.SMin) && eq(thirtyTwo.SMax, back.SMax)
	case Unsigned:
		equal = eq(thirtyTwo.UMin, back.UMin) && eq(thirtyTwo.UMax, back.UMax)
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
	uadd := exact(w, false, true, bigAdd)
	sadd := exact(w, true, true, bigAdd)
	umin, _ := uadd(l.UMin, r.UMin)
	umax, _ := uadd(l.UMax, r.UMax)
	smin, _ := sadd(l.SMin, r.SMin)
	smax, _ := sadd(l.SMax, r.SMax)
	return Range{Width: w, UMin: umin, UMax: umax, SMin: smin, SMax: smax}
}
