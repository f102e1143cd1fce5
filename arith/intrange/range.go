// Package intrange is MLIR's integer range inference: ConstantIntRanges
// (ir.IntRange: unsigned and signed bounds at a width) with MLIR's union,
// intersection and constructors, the inference rules of
// InferIntRangeCommon that the dialects' OpDef.InferIntRanges hooks use,
// and the sparse dataflow analysis over them (IntegerRangeAnalysis, on
// Kiln's dataflow engine). Widths above 64 bits are not analysed: their
// values have no range, as non-integers have none.
package intrange

import (
	"math/bits"

	"github.com/kiln-gpu/kiln/ir"
)

// Range is the type the rules work on.
type Range = ir.IntRange

// StorageWidth is MLIR's getStorageBitwidth: the width a range of t is kept
// at (index: 64 bits; a vector's or tensor's element type counts), or 0
// when t holds no integers Kiln analyses.
func StorageWidth(t ir.Type) int {
	switch t := ir.ElementTypeOrSelf(t).(type) {
	case *ir.IndexType:
		return 64
	case *ir.IntegerType:
		if t.Width > 0 && t.Width <= 64 {
			return t.Width
		}
	}
	return 0
}

func allOnes(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func mask(w int, v uint64) uint64 { return v & allOnes(w) }

func sext(w int, v uint64) int64 {
	s := uint(64 - w)
	return int64(v<<s) >> s
}

func sminOf(w int) int64 { return sext(w, 1<<uint(w-1)) }
func smaxOf(w int) int64 { return int64(allOnes(w) >> 1) }

// MaxRange is the range of every w-bit value.
func MaxRange(w int) Range { return FromUnsigned(w, 0, allOnes(w)) }

// MaxRangeOf is MLIR's IntegerValueRange::getMaxRange: the maximal range
// of v's type, or no range (Width 0) for a value holding no integers.
func MaxRangeOf(v *ir.Value) Range {
	if w := StorageWidth(v.Type()); w > 0 {
		return MaxRange(w)
	}
	return Range{}
}

// Constant is the range of the one w-bit value v.
func Constant(w int, v uint64) Range {
	v = mask(w, v)
	return Range{Width: w, UMin: v, UMax: v, SMin: sext(w, v), SMax: sext(w, v)}
}

// FromSigned is the range [smin, smax] in the signed order; its unsigned
// bounds are exact when smin and smax have the same sign, else maximal.
func FromSigned(w int, smin, smax int64) Range {
	r := Range{Width: w, SMin: smin, SMax: smax, UMax: allOnes(w)}
	if (smin >= 0) == (smax >= 0) {
		a, b := mask(w, uint64(smin)), mask(w, uint64(smax))
		r.UMin, r.UMax = min(a, b), max(a, b)
	}
	return r
}

// FromUnsigned is the range [umin, umax] in the unsigned order.
func FromUnsigned(w int, umin, umax uint64) Range {
	r := Range{Width: w, UMin: umin, UMax: umax, SMin: sminOf(w), SMax: smaxOf(w)}
	if a, b := sext(w, umin), sext(w, umax); (a < 0) == (b < 0) {
		r.SMin, r.SMax = min(a, b), max(a, b)
	}
	return r
}

// Union is MLIR's rangeUnion: the bounds of both.
func Union(a, b Range) Range {
	if a.Width == 0 {
		return a
	}
	if b.Width == 0 {
		return b
	}
	return Range{Width: a.Width, UMin: min(a.UMin, b.UMin), UMax: max(a.UMax, b.UMax),
		SMin: min(a.SMin, b.SMin), SMax: max(a.SMax, b.SMax)}
}

// Intersection is MLIR's intersection: the tighter of each bound.
func Intersection(a, b Range) Range {
	if a.Width == 0 {
		return a
	}
	if b.Width == 0 {
		return b
	}
	return Range{Width: a.Width, UMin: max(a.UMin, b.UMin), UMax: min(a.UMax, b.UMax),
		SMin: max(a.SMin, b.SMin), SMax: min(a.SMax, b.SMax)}
}

// Join is IntegerValueRange's join: a range with no value (Width 0) is the
// lattice's bottom.
func Join(a, b Range) Range {
	switch {
	case a.Width == 0:
		return b
	case b.Width == 0:
		return a
	}
	return Union(a, b)
}

// ConstantValue returns the one value r holds, as its low Width bits.
func ConstantValue(r Range) (uint64, bool) {
	switch {
	case r.Width == 0:
		return 0, false
	case r.UMin == r.UMax:
		return r.UMin, true
	case r.SMin == r.SMax:
		return mask(r.Width, uint64(r.SMin)), true
	}
	return 0, false
}

// clz counts the leading zeros of the w-bit value v.
func clz(w int, v uint64) int { return bits.LeadingZeros64(mask(w, v)) - (64 - w) }

// signBits is APInt's getNumSignBits.
func signBits(w int, v uint64) int {
	if sext(w, v) < 0 {
		return clz(w, ^v)
	}
	return clz(w, v)
}

// Truncatable reports whether every value of r survives a truncation to
// target bits and back by sign extension (signed) or by zero extension
// (unsigned): MLIR's checkTruncatability.
func Truncatable(r Range, target int) (signed, unsigned bool) {
	if r.Width <= target {
		return false, false
	}
	removed := r.Width - target
	signed = signBits(r.Width, uint64(r.SMin)) >= removed+1 && signBits(r.Width, uint64(r.SMax)) >= removed+1
	unsigned = clz(r.Width, r.UMin) >= removed && clz(r.Width, r.UMax) >= removed
	return signed, unsigned
}
