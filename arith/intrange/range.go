// Package intrange is MLIR's integer range inference: ConstantIntRanges
// (ir.IntRange: unsigned and signed bounds at a width, of any width) with
// MLIR's union, intersection and constructors, the inference rules of
// InferIntRangeCommon that the dialects' OpDef.InferIntRanges hooks use,
// and the sparse dataflow analysis over them (IntegerRangeAnalysis, on
// Kiln's dataflow engine). Bounds up to 64 bits are computed in uint64s,
// wider ones in big.Ints (bits.go).
package intrange

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// Range is the type the rules work on.
type Range = ir.IntRange

// StorageWidth is MLIR's getStorageBitwidth: the width a range of t is kept
// at (index: 64 bits; a vector's or tensor's element type counts), or 0
// when t holds no integers.
func StorageWidth(t ir.Type) int {
	switch t := ir.ElementTypeOrSelf(t).(type) {
	case *ir.IndexType:
		return 64
	case *ir.IntegerType:
		return t.Width
	}
	return 0
}

// MaxRange is the range of every w-bit value.
func MaxRange(w int) Range {
	return Range{Width: w, UMin: zero(w), UMax: allOnes(w), SMin: signMin(w), SMax: signMax(w)}
}

// MaxRangeOf is MLIR's IntegerValueRange::getMaxRange: the maximal range
// of v's type, or no range (Width 0) for a value holding no integers.
func MaxRangeOf(v *ir.Value) Range {
	if w := StorageWidth(v.Type()); w > 0 {
		return MaxRange(w)
	}
	return Range{}
}

// Constant is the range of the one w-bit value v (its low w bits).
func Constant(w int, v uint64) Range { return Point(w, Uint(w, v)) }

// ConstantBig is the range of the one w-bit value v (v modulo 2^w).
func ConstantBig(w int, v *big.Int) Range { return Point(w, fromBig(w, v)) }

// Point is the range of the one w-bit value b.
func Point(w int, b Bits) Range { return Range{Width: w, UMin: b, UMax: b, SMin: b, SMax: b} }

// FromSigned is the range [smin, smax] in the signed order; its unsigned
// bounds are exact when smin and smax have the same sign, else maximal.
func FromSigned(w int, smin, smax int64) Range { return fromS(w, Int(w, smin), Int(w, smax)) }

// FromUnsigned is the range [umin, umax] in the unsigned order.
func FromUnsigned(w int, umin, umax uint64) Range { return fromU(w, Uint(w, umin), Uint(w, umax)) }

func fromS(w int, smin, smax Bits) Range {
	r := Range{Width: w, SMin: smin, SMax: smax, UMin: zero(w), UMax: allOnes(w)}
	if Negative(w, smin) == Negative(w, smax) {
		r.UMin, r.UMax = minOf(w, smin, smax, false), maxOf(w, smin, smax, false)
	}
	return r
}

func fromU(w int, umin, umax Bits) Range {
	r := Range{Width: w, UMin: umin, UMax: umax, SMin: signMin(w), SMax: signMax(w)}
	if Negative(w, umin) == Negative(w, umax) {
		r.SMin, r.SMax = minOf(w, umin, umax, true), maxOf(w, umin, umax, true)
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
	w := a.Width
	return Range{Width: w, UMin: minOf(w, a.UMin, b.UMin, false), UMax: maxOf(w, a.UMax, b.UMax, false),
		SMin: minOf(w, a.SMin, b.SMin, true), SMax: maxOf(w, a.SMax, b.SMax, true)}
}

// Intersection is MLIR's intersection: the tighter of each bound.
func Intersection(a, b Range) Range {
	if a.Width == 0 {
		return a
	}
	if b.Width == 0 {
		return b
	}
	w := a.Width
	return Range{Width: w, UMin: maxOf(w, a.UMin, b.UMin, false), UMax: minOf(w, a.UMax, b.UMax, false),
		SMin: maxOf(w, a.SMin, b.SMin, true), SMax: minOf(w, a.SMax, b.SMax, true)}
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

// Equal reports whether a and b are the same range.
func Equal(a, b Range) bool {
	return a.Width == b.Width && eq(a.UMin, b.UMin) && eq(a.UMax, b.UMax) && eq(a.SMin, b.SMin) && eq(a.SMax, b.SMax)
}

// ConstantBits returns the one value r holds.
func ConstantBits(r Range) (Bits, bool) {
	switch {
	case r.Width == 0:
		return Bits{}, false
	case eq(r.UMin, r.UMax):
		return r.UMin, true
	case eq(r.SMin, r.SMax):
		return r.SMin, true
	}
	return Bits{}, false
}

// ConstantValue returns the one value r holds, as its low Width bits, for a
// range of at most 64 bits.
func ConstantValue(r Range) (uint64, bool) {
	b, ok := ConstantBits(r)
	if !ok || b.Big != nil {
		return 0, false
	}
	return b.Lo, true
}

// Truncatable reports whether every value of r survives a truncation to
// target bits and back by sign extension (signed) or by zero extension
// (unsigned): MLIR's checkTruncatability.
func Truncatable(r Range, target int) (signed, unsigned bool) {
	if r.Width <= target {
		return false, false
	}
	w, removed := r.Width, r.Width-target
	signed = signBits(w, r.SMin) >= removed+1 && signBits(w, r.SMax) >= removed+1
	unsigned = clz(w, r.UMin) >= removed && clz(w, r.UMax) >= removed
	return signed, unsigned
}
