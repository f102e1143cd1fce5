package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// StridesAndOffset returns the strides and offset of a ranked memref type:
// those of its strided layout, row-major ones for the identity layout, or
// those of an affine layout of the form d0 * s + d1 * 4 + c (where a symbol
// term stands for a dynamic stride or offset). ok is false for non-strided
// layouts and unranked types.
func StridesAndOffset(t ir.Type) (strides []int64, offset int64, ok bool) {
	mt, isRanked := t.(*ir.MemRefType)
	if !isRanked {
		return nil, 0, false
	}
	if s, o, ok := mt.StridesAndOffset(); ok {
		return s, o, true
	}
	am, isMap := mt.Layout.(*ir.AffineMapAttr)
	if !isMap || len(am.Map.Results) != 1 {
		return nil, 0, false
	}
	strides = make([]int64, am.Map.Dims)
	known := make([]bool, am.Map.Dims)
	var walk func(e *ir.AffineExpr) bool
	walk = func(e *ir.AffineExpr) bool {
		switch e.Kind {
		case ir.AffineAdd:
			return walk(e.LHS) && walk(e.RHS)
		case ir.AffineConst:
			if offset != ir.Dynamic {
				offset += e.Value
			}
			return true
		case ir.AffineSymbol:
			offset = ir.Dynamic
			return true
		case ir.AffineDim:
			return addStride(strides, known, int(e.Value), 1)
		case ir.AffineMul:
			d, c := e.LHS, e.RHS
			if d.Kind != ir.AffineDim {
				d, c = c, d
			}
			if d.Kind != ir.AffineDim {
				return false
			}
			switch c.Kind {
			case ir.AffineConst:
				return addStride(strides, known, int(d.Value), c.Value)
			case ir.AffineSymbol:
				return addStride(strides, known, int(d.Value), ir.Dynamic)
			}
		}
		return false
	}
	// A zero stride would alias elements: MLIR does not call such a map strided.
	if !walk(am.Map.Results[0]) || slices.Contains(strides, 0) {
		return nil, 0, false
	}
	return strides, offset, true
}

func addStride(strides []int64, known []bool, d int, v int64) bool {
	if d < 0 || d >= len(strides) {
		return false
	}
	switch {
	case !known[d]:
		strides[d] = v
	case strides[d] == ir.Dynamic || v == ir.Dynamic:
		strides[d] = ir.Dynamic
	default:
		strides[d] += v
	}
	known[d] = true
	return true
}

// IsStrided reports whether t is a ranked memref with a strided layout.
func IsStrided(t ir.Type) bool {
	_, _, ok := StridesAndOffset(t)
	return ok
}

// mulDyn multiplies, with Dynamic absorbing except by zero, which is zero
// whatever the other factor (MLIR's SaturatedInteger).
func mulDyn(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

// addDyn adds, with Dynamic absorbing.
func addDyn(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

// SubViewResultType infers the type of a subview of source with the given
// static offsets, sizes and strides (ir.Dynamic for dynamic entries), as
// MLIR's SubViewOp::inferResultType does: the sizes as shape and a strided
// layout whose offset and strides compose the source's with the slice's.
func SubViewResultType(ctx *ir.Context, source *ir.MemRefType, offsets, sizes, strides []int64) (*ir.MemRefType, bool) {
	srcStrides, srcOffset, ok := StridesAndOffset(source)
	if !ok || len(offsets) != len(srcStrides) || len(strides) != len(srcStrides) || len(sizes) != len(srcStrides) {
		return nil, false
	}
	offset := srcOffset
	outStrides := make([]int64, len(srcStrides))
	for i := range srcStrides {
		offset = addDyn(offset, mulDyn(offsets[i], srcStrides[i]))
		outStrides[i] = mulDyn(srcStrides[i], strides[i])
	}
	return ctx.MemRef(sizes, source.Elem, ctx.StridedLayout(offset, outStrides), source.MemorySpace), true
}

// MemorySpace returns the memory space attribute of a memref type (nil for
// the default space).
func MemorySpace(t ir.Type) ir.Attribute {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.MemorySpace
	case *ir.UnrankedMemRefType:
		return t.MemorySpace
	}
	return nil
}

// IsCastCompatible reports whether memref.cast may cast a to b (MLIR's
// CastOp::areCastCompatible): a type casts to itself (PR 192029, unranked
// too); otherwise same element type and memory space, and for ranked types
// the same rank with static sizes, strides and offset agreeing where both
// are static, except the stride of a dimension of size 1 on either side,
// which may differ (PR 172864); unranked to another unranked is not a cast.
func IsCastCompatible(a, b ir.Type) bool {
	if a == b {
		return isMemRef(a)
	}
	ar, aRanked := a.(*ir.MemRefType)
	br, bRanked := b.(*ir.MemRefType)
	if aRanked && bRanked {
		if ar.Elem != br.Elem || len(ar.Dims) != len(br.Dims) || ar.MemorySpace != br.MemorySpace {
			return false
		}
		if ar.Layout != br.Layout {
			as, ao, ok1 := StridesAndOffset(ar)
			bs, bo, ok2 := StridesAndOffset(br)
			if !ok1 || !ok2 || len(as) != len(bs) || !dimCompatible(ao, bo) {
				return false
			}
			for i := range as {
				if ar.Dims[i] != 1 && br.Dims[i] != 1 && !dimCompatible(as[i], bs[i]) {
					return false
				}
			}
		}
		for i := range ar.Dims {
			if !dimCompatible(ar.Dims[i], br.Dims[i]) {
				return false
			}
		}
		return true
	}
	_, aUnranked := a.(*ir.UnrankedMemRefType)
	_, bUnranked := b.(*ir.UnrankedMemRefType)
	if aUnranked && bUnranked || !(aRanked || aUnranked) || !(bRanked || bUnranked) {
		return false
	}
	return ir.ElementTypeOrSelf(a) == ir.ElementTypeOrSelf(b) && MemorySpace(a) == MemorySpace(b)
}

func dimCompatible(a, b int64) bool { return a == ir.Dynamic || b == ir.Dynamic || a == b }

// isMemRef reports whether t is a ranked or unranked memref type.
func isMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

// numDynamicDims counts the dynamic dimensions of a memref type.
func numDynamicDims(t *ir.MemRefType) int {
	n := 0
	for _, d := range t.Dims {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// numSymbols returns the symbol count of t's layout map (MLIR's
// getAffineMap().getNumSymbols(); 0 for the identity).
func numSymbols(t *ir.MemRefType) int {
	switch l := t.Layout.(type) {
	case *ir.AffineMapAttr:
		return l.Map.Symbols
	case *ir.StridedLayoutAttr:
		// The layout's affine map has a symbol per dynamic offset and stride.
		n := 0
		for _, v := range append([]int64{l.Offset}, l.Strides...) {
			if v == ir.Dynamic {
				n++
			}
		}
		return n
	}
	return 0
}
