package tensor

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// The folds of the slice ops after MLIR's ExtractSliceOp::fold and
// InsertSliceOp::fold: an extract of what an insert put at the same place,
// an insert over what an insert put at the same place, an insert of what
// was extracted from the same place, and an insert of nothing.

// sameSlice is MLIR's isSameAs with OpFoldResult equality: the two slice
// ops (first: the index of each one's first offset operand) have the same
// static entries and the same dynamic values in each list.
func sameSlice(a *ir.Operation, firstA int, b *ir.Operation, firstB int) bool {
	sa, da, err1 := mixed(a, firstA)
	sb, db, err2 := mixed(b, firstB)
	if err1 != nil || err2 != nil {
		return false
	}
	for l := range 3 {
		if !slices.Equal(sa[l], sb[l]) || !slices.Equal(da[l], db[l]) {
			return false
		}
	}
	return true
}

// extractAfterInsertSlice is MLIR's foldExtractAfterInsertSlice.
func extractAfterInsertSlice(op *ir.Operation) *ir.Value {
	ins := op.Operand(0).DefiningOp()
	if ins == nil || ins.Name() != "tensor.insert_slice" || ins.Operand(0).Type() != op.Result(0).Type() || !sameSlice(ins, 2, op, 1) {
		return nil
	}
	return ins.Operand(0)
}

// foldInsertSlice is InsertSliceOp::fold.
func foldInsertSlice(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src, dest := op.Operand(0), op.Operand(1)
	if isStaticTensor(src.Type()) && isIdentitySlice(op, 2, dest.Type(), src.Type()) {
		return []ir.FoldResult{{Value: src}}, true
	}
	// foldInsertAfterInsertSlice: the earlier insert is overwritten.
	if prev := dest.DefiningOp(); prev != nil && prev.Name() == "tensor.insert_slice" &&
		prev.Operand(0).Type() == src.Type() && sameSlice(prev, 2, op, 2) {
		op.SetOperand(1, prev.Operand(1))
		return nil, true
	}
	// foldInsertAfterExtractSlice: the slice goes back where it was.
	if ext := src.DefiningOp(); ext != nil && ext.Name() == "tensor.extract_slice" && ext.Operand(0) == dest && sameSlice(ext, 1, op, 2) {
		return []ir.FoldResult{{Value: dest}}, true
	}
	static, dyn, err := mixed(op, 2)
	if err != nil {
		return nil, false
	}
	for _, s := range static[1] {
		if s == 0 {
			return []ir.FoldResult{{Value: dest}}, true
		}
	}
	for _, v := range dyn[1] {
		if c, ok := ir.ConstantIntAttr(v); ok && c.Int() == 0 {
			return []ir.FoldResult{{Value: dest}}, true
		}
	}
	return nil, false
}

// sliceConstantArgs is MLIR's OpWithOffsetSizesAndStridesConstantArgumentFolder
// for extract_slice and insert_slice: constant offsets and sizes (not
// negative) and strides become static, unless the slice would then be out
// of bounds. The extract's result and the insert's source take the
// canonical rank-reduced type of the new sizes, a cast restoring the old.
func sliceConstantArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	first, full := 1, ranked(op.Operand(0).Type())
	if op.Name() == "tensor.insert_slice" {
		first, full = 2, ranked(op.Operand(1).Type())
	}
	static, dyn, err := mixed(op, first)
	if err != nil || full == nil {
		return false
	}
	var ns [3][]int64
	var nd [3][]*ir.Value
	changed := false
	for l := range 3 {
		if len(dyn[l]) != countDynamic(static[l]) {
			return false
		}
		k := 0
		for _, s := range static[l] {
			if s == ir.Dynamic {
				v := dyn[l][k]
				k++
				if c, ok := ir.ConstantIntAttr(v); ok && (l == 2 || c.Int() >= 0) {
					s, changed = c.Int(), true
				} else {
					nd[l] = append(nd[l], v)
				}
			}
			ns[l] = append(ns[l], s)
		}
	}
	if !changed || !inBoundsSlice(full.Dims, ns) {
		return false
	}
	ctx, loc := op.Context(), op.Loc()
	// The extract's result, or the insert's source, in canonical form.
	slice := op.Result(0).Type()
	if first == 2 {
		slice = op.Operand(0).Type()
	}
	t := rankReducedSliceType(ctx, len(ranked(slice).Dims), full, ns[1])
	if t == nil {
		return false
	}
	operands := op.Operands()[:first]
	for l := range 3 {
		operands = append(append([]*ir.Value(nil), operands...), nd[l]...)
	}
	segs := []int64{1, int64(len(nd[0])), int64(len(nd[1])), int64(len(nd[2]))}
	if first == 2 {
		segs = append([]int64{1}, segs...)
	}
	attrs := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(segs...)},
		{Name: "static_offsets", Value: ctx.DenseI64Array(ns[0]...)},
		{Name: "static_sizes", Value: ctx.DenseI64Array(ns[1]...)},
		{Name: "static_strides", Value: ctx.DenseI64Array(ns[2]...)},
	}
	rw.SetInsertionPointBefore(op)
	if first == 1 {
		made := rw.Create(&ir.OpState{Name: op.Name(), Loc: loc, Operands: operands, ResultTypes: []ir.Type{t}, Attrs: attrs})
		res := made.Result(0)
		if t != op.Result(0).Type() {
			res = rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: []*ir.Value{res}, ResultTypes: op.ResultTypes()}).Result(0)
		}
		rw.ReplaceOp(op, []*ir.Value{res})
		return true
	}
	if src := op.Operand(0); t != src.Type() {
		operands[0] = rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: []*ir.Value{src}, ResultTypes: []ir.Type{t}}).Result(0)
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: op.Name(), Loc: loc, Operands: operands, ResultTypes: op.ResultTypes(), Attrs: attrs})
	return true
}

// inBoundsSlice is MLIR's verifyInBoundsSlice: each static offset, and the
// last position a static size and stride reach, lies within a static
// dimension.
func inBoundsSlice(shape []int64, lists [3][]int64) bool {
	for i, d := range shape {
		off := lists[0][i]
		if d == ir.Dynamic || off == ir.Dynamic {
			continue
		}
		if off >= d {
			return false
		}
		size, stride := lists[1][i], lists[2][i]
		if size == ir.Dynamic || stride == ir.Dynamic {
			continue
		}
		if off+(size-1)*stride >= d {
			return false
		}
	}
	return true
}

// rankReducedSliceType is ExtractSliceOp::inferCanonicalRankReducedResultType:
// the type of the sizes, with its first unit dimensions dropped down to
// rank; nil when there are too few.
func rankReducedSliceType(ctx *ir.Context, rank int, full *ir.RankedTensorType, sizes []int64) ir.Type {
	drop := len(sizes) - rank
	var dims []int64
	for _, s := range sizes {
		if drop > 0 && s == 1 {
			drop--
			continue
		}
		dims = append(dims, s)
	}
	if drop != 0 {
		return nil
	}
	return ctx.Tensor(dims, full.Elem, full.Encoding)
}

// extractSliceOfCast is MLIR's ExtractSliceOpCastFolder: a slice of a cast
// that only loses static sizes is that slice of the cast's source, once no
// operand is a constant (the constant folder goes first) and if it stays
// in bounds.
func extractSliceOfCast(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	if !FoldableCast(c) {
		return false
	}
	for _, v := range op.Operands()[1:] {
		if _, ok := ir.ConstantIntAttr(v); ok {
			return false
		}
	}
	static, _, err := mixed(op, 1)
	src := ranked(c.Operand(0).Type())
	if err != nil || src == nil || len(src.Dims) != len(static[0]) || !inBoundsSlice(src.Dims, static) {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, c.Operand(0)) })
	return true
}

// insertSliceOfCasts is MLIR's InsertSliceOpCastFolder: casts that only
// lose static sizes, of the source or of the dest, go; the sizes take the
// source's leading static sizes (up to its first dynamic one, as MLIR's
// loop does), and a cast gives back the old result type. Not while an
// operand is a constant (the constant folder goes first), nor when the new
// op would not verify or would be out of bounds.
func insertSliceOfCasts(op *ir.Operation, rw *ir.Rewriter) bool {
	for _, v := range op.Operands()[2:] {
		if _, ok := ir.ConstantIntAttr(v); ok {
			return false
		}
	}
	src, dst := op.Operand(0), op.Operand(1)
	sc, dc := src.DefiningOp(), dst.DefiningOp()
	if !FoldableCast(sc) && !FoldableCast(dc) {
		return false
	}
	if FoldableCast(sc) {
		src = sc.Operand(0)
	}
	if FoldableCast(dc) {
		dst = dc.Operand(0)
	}
	st, dt := ranked(src.Type()), ranked(dst.Type())
	static, dyn, err := mixed(op, 2)
	if err != nil || st == nil || dt == nil || len(dyn[1]) != countDynamic(static[1]) {
		return false
	}
	unused, ok := rankReductionMask(static[1], st.Dims)
	if !ok {
		return false
	}
	sizes := append([]int64(nil), static[1]...)
	var sizeOps []*ir.Value
	r, k := 0, 0
	for i, s := range static[1] {
		var v *ir.Value
		if s == ir.Dynamic {
			v = dyn[1][k]
			k++
		}
		if !unused[i] && r < len(st.Dims) && st.Dims[r] != ir.Dynamic {
			sizes[i] = st.Dims[r]
			r++
			continue
		}
		if v != nil {
			sizeOps = append(sizeOps, v)
		}
	}
	if len(sizes) != len(dt.Dims) || st.Elem != dt.Elem || !rankReduces(sizes, st.Dims) ||
		!inBoundsSlice(dt.Dims, [3][]int64{static[0], sizes, static[2]}) {
		return false
	}
	ctx, loc := op.Context(), op.Loc()
	operands := append([]*ir.Value{src, dst}, dyn[0]...)
	operands = append(append(operands, sizeOps...), dyn[2]...)
	attrs := []ir.NamedAttr{
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 1, int64(len(dyn[0])), int64(len(sizeOps)), int64(len(dyn[2])))},
		{Name: "static_offsets", Value: op.Attr("static_offsets")},
		{Name: "static_sizes", Value: ctx.DenseI64Array(sizes...)},
		{Name: "static_strides", Value: op.Attr("static_strides")},
	}
	rw.SetInsertionPointBefore(op)
	res := rw.Create(&ir.OpState{Name: op.Name(), Loc: loc, Operands: operands, ResultTypes: []ir.Type{dt}, Attrs: attrs}).Result(0)
	if ir.Type(dt) != op.Result(0).Type() {
		res = rw.Create(&ir.OpState{Name: "tensor.cast", Loc: loc, Operands: []*ir.Value{res}, ResultTypes: op.ResultTypes()}).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{res})
	return true
}

// rankReductionMask is MLIR's computeRankReductionMask with matchDynamic:
// the dimensions of sizes that reduced drops (each a 1), a dynamic size on
// either side matching anything but a 1.
func rankReductionMask(sizes, reduced []int64) (map[int]bool, bool) {
	unused := map[int]bool{}
	r := 0
	for i, s := range sizes {
		if r < len(reduced) && s != 1 && (reduced[r] == ir.Dynamic || s == ir.Dynamic) || r < len(reduced) && s == reduced[r] {
			r++
			continue
		}
		unused[i] = true
		if s != 1 {
			return nil, false
		}
	}
	return unused, r == len(reduced)
}
