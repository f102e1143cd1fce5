package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// extractStridedSliceOp is vector.extract_strided_slice:
//
//	%r = vector.extract_strided_slice %v offsets = [1], sizes = [2], strides = [1] : vector<4xf32> to vector<2xf32>
var extractStridedSliceOp = &ir.OpDef{
	Name:     "vector.extract_strided_slice",
	Summary:  "extract_strided_slice operation",
	Example:  "%r = vector.extract_strided_slice %v offsets = [1, 0], sizes = [2, 8], strides = [1, 1] : vector<4x8xf32> to vector<2x8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"offsets", "sizes", "strides"},
	Format: &ir.Format{Syntax: "$vector (`offsets` `=` $offsets^ `,` `sizes` `=` $sizes `,` `strides` `=` $strides)? attr-dict `:` type($vector) `to` type($result)",
		Operands: []string{"vector"}, Results: []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "offsets"}, {Name: "sizes"}, {Name: "strides"}},
		Kinds: map[string]ir.TypeKind{"vector": vectorKind, "result": vectorKind}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		offs, sizes, strides, err := sliceAttrs(op, "offsets", "sizes", "strides")
		if err != nil {
			return err
		}
		if len(offs) != len(sizes) || len(offs) != len(strides) {
			return op.Errorf("expected offsets, sizes and strides attributes of same size")
		}
		if len(offs) > len(vt.Dims) {
			return op.Errorf("expected offsets attribute of rank no greater than vector rank")
		}
		if err := confined(op, "offsets", offs, 0, vt.Dims); err != nil {
			return err
		}
		if err := confined(op, "sizes", sizes, 1, plus1(vt.Dims)); err != nil {
			return err
		}
		if err := confinedAll(op, "strides", strides, 1, 2); err != nil {
			return err
		}
		sum := make([]int64, len(offs))
		for i := range offs {
			sum[i] = offs[i] + sizes[i]
		}
		if err := confined(op, "sum(offsets, sizes)", sum, 1, plus1(vt.Dims)); err != nil {
			return err
		}
		for i := range sizes {
			if isScalableDim(vt, i) && sizes[i] != vt.Dims[i] {
				return op.Errorf("expected size at idx=%d to match the corresponding base size from the input vector (%d vs %d)", i, sizes[i], vt.Dims[i])
			}
		}
		want := StridedSliceType(op.Context(), vt, sizes)
		if op.Result(0).Type() != want {
			return op.Errorf("expected result type to be %s", typeQuoted(want))
		}
		return nil
	},
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return foldTo(op.Operand(0))
		}
		if foldStridedOfInsertChain(op) {
			return nil, true
		}
		ctx := op.Context()
		rt := op.Result(0).Type().(*ir.VectorType)
		src, _ := vectorOf(op.Operand(0))
		elems, ok := elementsOf(ctx, operands[0])
		if !ok || src.IsScalable() {
			return nil, false
		}
		v := StridedSlice{op}
		idx := StridedSliceIndices(src.Dims, v.Offsets(), v.Sizes(), v.Strides())
		out := make([]ir.Attribute, len(idx))
		for i, j := range idx {
			out[i] = elems[j]
		}
		return foldToAttr(denseFrom(ctx, rt, out))
	},
	Canonicalize: []*ir.Pattern{stridedSliceOfCreateMask, stridedSliceOfConstantMask, stridedSliceOfBroadcast, stridedSliceOfSplat},
}

// StridedSliceType is the type of a slice of t with the given leading
// sizes (the remaining dimensions are kept).
func StridedSliceType(ctx *ir.Context, t *ir.VectorType, sizes []int64) *ir.VectorType {
	dims := append([]int64(nil), sizes...)
	dims = append(dims, t.Dims[len(sizes):]...)
	return ctx.ScalableVector(dims, t.Scalable, t.Elem)
}

// StridedSliceIndices returns, for each element of the slice (row-major),
// the row-major offset of the element it refers to in the full vector of
// shape: the index map shared by extract_strided_slice and
// insert_strided_slice.
func StridedSliceIndices(shape, offsets, sizes, strides []int64) []int64 {
	sliceShape := append(append([]int64(nil), sizes...), shape[len(sizes):]...)
	n := Product(sliceShape)
	out := make([]int64, n)
	for i := range out {
		pos := Delinearize(int64(i), sliceShape)
		for d := range offsets {
			pos[d] = offsets[d] + pos[d]*strides[d]
		}
		out[i] = Linearize(pos, shape)
	}
	return out
}

func plus1(dims []int64) []int64 {
	out := make([]int64, len(dims))
	for i, d := range dims {
		out[i] = d + 1
	}
	return out
}

// sliceAttrs reads i64 array attributes, reporting missing ones.
func sliceAttrs(op *ir.Operation, names ...string) (a, b, c []int64, err error) {
	vals := make([][]int64, 3)
	for i, n := range names {
		v, ok := Ints(op.Attr(n))
		if !ok {
			if op.Attr(n) == nil {
				return nil, nil, nil, op.Errorf("requires attribute '%s'", n)
			}
			return nil, nil, nil, op.Errorf("attribute '%s' failed to satisfy constraint: 64-bit integer array attribute", n)
		}
		vals[i] = v
	}
	return vals[0], vals[1], vals[2], nil
}

// confined checks min <= vs[i] < max[i] with MLIR's message.
func confined(op *ir.Operation, what string, vs []int64, min int64, max []int64) error {
	for i, v := range vs {
		if v < min || v >= max[i] {
			return op.Errorf("expected %s dimension %d to be confined to [%d, %d)", what, i, min, max[i])
		}
	}
	return nil
}

func confinedAll(op *ir.Operation, what string, vs []int64, min, max int64) error {
	for _, v := range vs {
		if v < min || v >= max {
			return op.Errorf("expected %s to be confined to [%d, %d)", what, min, max)
		}
	}
	return nil
}

// insertStridedSliceOp is vector.insert_strided_slice:
//
//	%r = vector.insert_strided_slice %s, %v offsets = [1], strides = [1] : vector<2xf32> into vector<4xf32>
var insertStridedSliceOp = &ir.OpDef{
	Name:     "vector.insert_strided_slice",
	Summary:  "strided_slice operation",
	Example:  "%r = vector.insert_strided_slice %s, %v offsets = [1, 0], strides = [1] : vector<8xf32> into vector<4x8xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"offsets", "strides"},
	Format: &ir.Format{Syntax: "$valueToStore `,` $dest (`offsets` `=` $offsets^ `,` `strides` `=` $strides)? attr-dict `:` type($valueToStore) `into` type($dest)",
		Operands: []string{"valueToStore", "dest"}, Results: []string{"res"}, TypesMatch: [][]string{{"dest", "res"}},
		Attrs: []ir.FormatAttr{{Name: "offsets"}, {Name: "strides"}},
		Kinds: map[string]ir.TypeKind{"valueToStore": vectorKind, "dest": vectorKind}},
	Verify: verifyInsertStridedSlice,
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return foldTo(op.Operand(0))
		}
		ctx := op.Context()
		src, _ := vectorOf(op.Operand(0))
		dst, _ := vectorOf(op.Operand(1))
		part, ok1 := elementsOf(ctx, operands[0])
		whole, ok2 := elementsOf(ctx, operands[1])
		if !ok1 || !ok2 || dst.IsScalable() {
			return nil, false
		}
		// The source fills the trailing dimensions; leading ones are single slices.
		lead := len(dst.Dims) - len(src.Dims)
		sizes := make([]int64, len(dst.Dims))
		strides := make([]int64, len(dst.Dims))
		for i := range sizes {
			sizes[i], strides[i] = 1, 1
			if i >= lead {
				sizes[i], strides[i] = src.Dims[i-lead], attrInts(op, "strides")[i-lead]
			}
		}
		out := append([]ir.Attribute(nil), whole...)
		for i, j := range StridedSliceIndices(dst.Dims, attrInts(op, "offsets"), sizes, strides) {
			out[j] = part[i]
		}
		return foldToAttr(denseFrom(ctx, dst, out))
	},
	Canonicalize: []*ir.Pattern{insertStridedSplat, insertStridedOfExtract},
}

func verifyInsertStridedSlice(op *ir.Operation) error {
	src, ok1 := vectorOf(op.Operand(0))
	dst, ok2 := vectorOf(op.Operand(1))
	if !ok1 || !ok2 {
		return op.Errorf("operands must be vectors")
	}
	if op.Result(0).Type() != dst {
		return op.Errorf("failed to verify that all of {dest, result} have same type")
	}
	if src.Elem != dst.Elem {
		return op.Errorf("failed to verify that all of {valueToStore, dest} have same element type")
	}
	offs, strides, _, err := sliceAttrs(op, "offsets", "strides", "strides")
	if err != nil {
		return err
	}
	if len(offs) != len(dst.Dims) {
		return op.Errorf("expected offsets of same size as destination vector rank")
	}
	if len(strides) != len(src.Dims) {
		return op.Errorf("expected strides of same size as source vector rank")
	}
	if len(src.Dims) > len(dst.Dims) {
		return op.Errorf("expected source rank to be no greater than destination rank")
	}
	if err := confined(op, "offsets", offs, 0, dst.Dims); err != nil {
		return err
	}
	if err := confinedAll(op, "strides", strides, 1, 2); err != nil {
		return err
	}
	lead := len(dst.Dims) - len(src.Dims)
	sum := make([]int64, len(src.Dims))
	max := make([]int64, len(src.Dims))
	for i := range src.Dims {
		sum[i] = offs[lead+i] + src.Dims[i]
		max[i] = dst.Dims[lead+i] + 1
	}
	for i, v := range sum {
		if v < 1 || v >= max[i] {
			return op.Errorf("expected sum(offsets, source vector shape) dimension %d to be confined to [1, %d)", i+lead, max[i])
		}
	}
	for i := range src.Dims {
		d := lead + i
		if isScalableDim(src, i) != isScalableDim(dst, d) {
			return op.Errorf("mismatching scalable flags (at source vector idx=%d)", i)
		}
		if isScalableDim(src, i) && src.Dims[i] != dst.Dims[d] {
			return op.Errorf("expected size at idx=%d to match the corresponding base size from the input vector (%d vs %d)", d, src.Dims[i], dst.Dims[d])
		}
	}
	return nil
}
