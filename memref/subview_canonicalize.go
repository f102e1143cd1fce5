package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// rankReductionMask returns the dimensions of a subview of src that its
// result res drops, given the subview's static sizes (MLIR's
// computeMemRefRankReductionMask): unit dimensions, told apart by their
// strides when there are more of them than dropped dimensions.
func rankReductionMask(src, res *ir.MemRefType, sizes []int64) ([]bool, bool) {
	unused := make([]bool, len(src.Dims))
	if len(src.Dims) == len(res.Dims) {
		return unused, true
	}
	n := 0
	for i, s := range sizes {
		if s == 1 {
			unused[i] = true
			n++
		}
	}
	if n+len(res.Dims) == len(src.Dims) {
		return unused, true
	}
	srcStrides, _, ok1 := StridesAndOffset(src)
	resStrides, _, ok2 := StridesAndOffset(res)
	if !ok1 || !ok2 {
		return nil, false
	}
	left, want := map[int64]int{}, map[int64]int{}
	for _, s := range srcStrides {
		left[s]++
	}
	for _, s := range resStrides {
		want[s]++
	}
	for i := range unused {
		if !unused[i] {
			continue
		}
		s := srcStrides[i]
		switch {
		case left[s] > want[s]:
			left[s]--
		case left[s] == want[s]:
			unused[i] = false
			n--
		default:
			return nil, false
		}
	}
	return unused, n+len(res.Dims) == len(src.Dims)
}

// canonicalSubViewType is the type of a subview of newSrc with the given
// static lists that drops the dimensions the subview of curSrc to curRes
// drops (MLIR's getCanonicalSubViewResultType).
func canonicalSubViewType(ctx *ir.Context, curRes, curSrc, newSrc *ir.MemRefType, offsets, sizes, strides []int64) (*ir.MemRefType, bool) {
	full, ok := SubViewResultType(ctx, newSrc, offsets, sizes, strides)
	if !ok {
		return nil, false
	}
	unused, ok := rankReductionMask(curSrc, curRes, sizes)
	if !ok {
		return nil, false
	}
	layout, ok := full.Layout.(*ir.StridedLayoutAttr)
	if !ok {
		return nil, false
	}
	var shape, st []int64
	for i, d := range full.Dims {
		if !unused[i] {
			shape = append(shape, d)
			st = append(st, layout.Strides[i])
		}
	}
	return ctx.MemRef(shape, full.Elem, ctx.StridedLayout(layout.Offset, st), full.MemorySpace), true
}

// castFoldsIntoConsumer reports whether a memref.cast only loses static
// information, so its consumers may use its source (MLIR's
// CastOp::canFoldIntoConsumerOp).
func castFoldsIntoConsumer(cast *ir.Operation) bool {
	src, ok1 := cast.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := cast.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || src.Elem != res.Elem || len(src.Dims) != len(res.Dims) {
		return false
	}
	ss, so, ok1 := StridesAndOffset(src)
	rs, ro, ok2 := StridesAndOffset(res)
	if !ok1 || !ok2 {
		return false
	}
	moreStatic := func(a, b int64) bool { return a != b && a == ir.Dynamic && b != ir.Dynamic }
	if moreStatic(so, ro) {
		return false
	}
	for i := range src.Dims {
		if moreStatic(src.Dims[i], res.Dims[i]) || moreStatic(ss[i], rs[i]) {
			return false
		}
	}
	return true
}

// subviewOfCast rewrites subview(cast(x)) to cast(subview(x)) when the cast
// only loses static information and no operand is a constant (MLIR's
// SubViewOpMemRefCastFolder; constants go to subviewConstantArgs first).
func subviewOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	for _, v := range op.Operands()[1:] {
		if _, ok := ir.ConstantIntAttr(v); ok {
			return false
		}
	}
	cast := op.Operand(0).DefiningOp()
	if cast == nil || cast.Name() != "memref.cast" || !castFoldsIntoConsumer(cast) {
		return false
	}
	curSrc, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	curRes, ok2 := op.Result(0).Type().(*ir.MemRefType)
	newSrc := cast.Operand(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return false
	}
	nt, ok := canonicalSubViewType(op.Context(), curRes, curSrc, newSrc,
		staticArray(op, "static_offsets"), staticArray(op, "static_sizes"), staticArray(op, "static_strides"))
	if !ok || !IsCastCompatible(nt, curRes) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	operands := append([]*ir.Value{cast.Operand(0)}, op.Operands()[1:]...)
	n := rw.Create(&ir.OpState{Name: "memref.subview", Loc: op.Loc(), Operands: operands,
		ResultTypes: []ir.Type{nt}, Attrs: op.Attrs()})
	out := n.Result(0)
	if nt != curRes {
		out = rw.Create(&ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: []*ir.Value{out}, ResultTypes: []ir.Type{curRes}}).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{out})
	return true
}

// trivialSubViewToCast replaces a subview that takes all of its source
// (zero offsets, unit strides, the source's static sizes, no dropped
// dimension) but has another result type by a cast of the source (MLIR's
// TrivialSubViewOpFolder; equal types are foldSubView's).
func trivialSubViewToCast(op *ir.Operation, rw *ir.Rewriter) bool {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || src == res || op.NumOperands() != 1 || len(src.Dims) != len(res.Dims) {
		return false
	}
	offsets, sizes, strides := staticArray(op, "static_offsets"), staticArray(op, "static_sizes"), staticArray(op, "static_strides")
	if len(sizes) != len(src.Dims) {
		return false
	}
	for i, d := range src.Dims {
		if d == ir.Dynamic || offsets[i] != 0 || strides[i] != 1 || sizes[i] != d {
			return false
		}
	}
	if !IsCastCompatible(src, res) {
		return false
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: op.Operands(), ResultTypes: op.ResultTypes()})
	return true
}
