package memref

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// mixedList names one offsets/sizes/strides list of an op: its operand
// segment and its static property.
type mixedList struct {
	name, static string
	seg          int
}

var (
	offsetsList = mixedList{"offsets", "static_offsets", 1}
	sizesList   = mixedList{"sizes", "static_sizes", 2}
	stridesList = mixedList{"strides", "static_strides", 3}
)

// verifyMixed checks the static lists against the dynamic operands and
// each other, as MLIR's verifyOffsetSizeAndStrideOp does. wantOffsets is
// the required number of offsets (-1: any).
func verifyMixed(op *ir.Operation, wantOffsets int) error {
	var n [3]int
	for i, l := range []mixedList{offsetsList, sizesList, stridesList} {
		a, ok := op.Attr(l.static).(*ir.DenseArrayAttr)
		if !ok {
			return op.Errorf("requires attribute '%s'", l.static)
		}
		dyn := 0
		for _, v := range a.Ints {
			if v == ir.Dynamic {
				dyn++
			}
		}
		if got := len(ir.OperandSegment(op, l.seg)); got != dyn {
			return op.Errorf("expected the number of '%s' to match the number of dynamic entries in '%s' (%d vs %d)", l.name, l.static, got, dyn)
		}
		n[i] = len(a.Ints)
	}
	if wantOffsets >= 0 && n[0] != wantOffsets {
		return op.Errorf("expected %d offset values", wantOffsets)
	}
	if wantOffsets < 0 && n[0] != n[1] {
		return op.Errorf("expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed", n[0], n[1])
	}
	if n[1] != n[2] {
		return op.Errorf("expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed", n[1], n[2])
	}
	for _, l := range []mixedList{offsetsList, sizesList} {
		for _, v := range staticArray(op, l.static) {
			if v < 0 && v != ir.Dynamic {
				return op.Errorf("expected %s to be non-negative, but got %d", l.name, v)
			}
		}
	}
	return checkIndexOperands(op, 1, op.NumOperands()-1)
}

func dynOrStatic(v int64) string {
	if v == ir.Dynamic {
		return "dynamic"
	}
	return fmt.Sprint(v)
}

var reinterpretCast = &ir.OpDef{
	Name: "memref.reinterpret_cast", Summary: "Views a buffer with a new offset, sizes and strides.",
	Example:     "%r = memref.reinterpret_cast %m to offset: [%o], sizes: [10, %s], strides: [%s, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>",
	Traits:      ir.Pure | ir.AttrSizedOperandSegments | ir.MemRefsNormalizable,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"static_offsets", "static_sizes", "static_strides"},
	ResultNames: resultName("reinterpret_cast"),
	Format: sliceFormat("$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` " +
		"`sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` " +
		"`strides` `` `:` custom<DynamicIndexList>($strides, $static_strides)"),
	Verify: verifyReinterpretCast,
	Fold:   foldReinterpretCast,
	Canonicalize: []*ir.Pattern{{Name: "reinterpret-of-metadata", Root: "memref.reinterpret_cast", Rewrite: reinterpretOfMetadata},
		{Name: "reinterpret-constant-args", Root: "memref.reinterpret_cast", Rewrite: reinterpretConstantArgs}},
}

// sliceFormat is the format of subview and reinterpret_cast: the source,
// the three mixed lists of lists, then `: source-type to result-type`.
func sliceFormat(lists string) *ir.Format {
	return &ir.Format{Syntax: lists + " attr-dict `:` type($source) `to` type($result)",
		Operands: []string{"source", "offsets*", "sizes*", "strides*"}, Results: []string{"result"},
		Types:  indexTypes("offsets", "sizes", "strides"),
		Attrs:  []ir.FormatAttr{{Name: "static_offsets"}, {Name: "static_sizes"}, {Name: "static_strides"}},
		Custom: map[string]ir.CustomDirective{"DynamicIndexList": DynamicIndexList}}
}

func verifyReinterpretCast(op *ir.Operation) error {
	if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
		return err
	}
	if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	if err := verifyMixed(op, 1); err != nil {
		return err
	}
	src, res := op.Operand(0).Type(), op.Result(0).Type().(*ir.MemRefType)
	if MemorySpace(src) != res.MemorySpace {
		return op.Errorf("different memory spaces specified for source type %s and result memref type %s", ir.TypeString(src), ir.TypeString(res))
	}
	if se := ir.ElementTypeOrSelf(src); se != res.Elem {
		return op.Errorf("different element types specified for source type %s and result memref type %s: source element type ('%s') does not match result element type ('%s')",
			ir.TypeString(src), ir.TypeString(res), ir.TypeString(se), ir.TypeString(res.Elem))
	}
	sizes := staticArray(op, "static_sizes")
	if len(sizes) != len(res.Dims) {
		return op.Errorf("expected %d size values", len(res.Dims))
	}
	for i, d := range res.Dims {
		if d != ir.Dynamic && d != sizes[i] {
			return op.Errorf("expected result type with size = %s instead of %d in dim = %d", dynOrStatic(sizes[i]), d, i)
		}
	}
	strides, offset, ok := StridesAndOffset(res)
	if !ok {
		return op.Errorf("expected result type to have strided layout but found '%s'", ir.TypeString(res))
	}
	if want := staticArray(op, "static_offsets")[0]; offset != ir.Dynamic && offset != want {
		return op.Errorf("expected result type with offset = %s instead of %d", dynOrStatic(want), offset)
	}
	for i, s := range staticArray(op, "static_strides") {
		if strides[i] != ir.Dynamic && strides[i] != s {
			return op.Errorf("expected result type with stride = %s instead of %d in dim = %d", dynOrStatic(s), strides[i], i)
		}
	}
	return nil
}

var subview = &ir.OpDef{
	Name: "memref.subview", Summary: "Views a rectangular slice of a memref, with offsets, sizes and strides.",
	Example:     "%r = memref.subview %m[%o, 4] [2, %s] [1, 1] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 1], offset: ?>>",
	Traits:      ir.Pure | ir.AttrSizedOperandSegments,
	Operands:    ir.AtLeast(1),
	Results:     ir.Exactly(1),
	Inherent:    []string{"static_offsets", "static_sizes", "static_strides"},
	ResultNames: resultName("subview"),
	Format: sliceFormat("$source `` custom<DynamicIndexList>($offsets, $static_offsets) " +
		"custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides)"),
	Verify: verifySubView,
	Fold:   foldSubView,
	Canonicalize: []*ir.Pattern{{Name: "subview-constant-args", Root: "memref.subview", Rewrite: subviewConstantArgs},
		{Name: "subview-of-cast", Root: "memref.subview", Rewrite: subviewOfCast},
		{Name: "trivial-subview-to-cast", Root: "memref.subview", Rewrite: trivialSubViewToCast}},
}

func verifySubView(op *ir.Operation) error {
	if err := checkOperand(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	src := op.Operand(0).Type().(*ir.MemRefType)
	res := op.Result(0).Type().(*ir.MemRefType)
	if err := verifyMixed(op, -1); err != nil {
		return err
	}
	if err := verifyMixed(op, len(src.Dims)); err != nil {
		return err
	}
	// In MLIR's order: memory space, strided base, then the result against
	// the inferred type (rank, sizes, element type, layout), then bounds.
	if src.MemorySpace != res.MemorySpace {
		return op.Errorf("different memory spaces specified for base memref type '%s' and subview memref type '%s'", ir.TypeString(src), ir.TypeString(res))
	}
	if !IsStrided(src) {
		return op.Errorf("base type '%s' is not strided", ir.TypeString(src))
	}
	offsets, sizes, strides := staticArray(op, "static_offsets"), staticArray(op, "static_sizes"), staticArray(op, "static_strides")
	want, _ := SubViewResultType(op.Context(), src, offsets, sizes, strides)
	if len(res.Dims) > len(src.Dims) {
		return op.Errorf("expected result rank to be smaller or equal to the source rank, but got '%s'", ir.TypeString(res))
	}
	msg := rankReductionMismatch(want, res, sizes)
	if msg != mismatchSizes && src.Elem != res.Elem {
		return op.Errorf("expected result element type to be '%s', but got '%s'", ir.TypeString(src.Elem), ir.TypeString(res))
	}
	if msg != "" {
		return op.Errorf("expected result type to be '%s' or a rank-reduced version. (%s), but got '%s'", ir.TypeString(want), msg, ir.TypeString(res))
	}
	if msg := sliceOutOfBounds(src, offsets, sizes, strides); msg != "" {
		return op.Errorf("%s", msg)
	}
	return nil
}

// sliceOutOfBounds says how a slice with the given static offsets, sizes
// and strides leaves the source's static bounds ("" when it does not).
func sliceOutOfBounds(src *ir.MemRefType, offsets, sizes, strides []int64) string {
	for i, d := range src.Dims {
		if i >= len(offsets) || i >= len(sizes) || i >= len(strides) {
			break
		}
		o, s, st := offsets[i], sizes[i], strides[i]
		if d == ir.Dynamic || o == ir.Dynamic {
			continue
		}
		if o >= d && !(s == 0 && o == d) {
			return fmt.Sprintf("offset %d is out-of-bounds: %d >= %d", i, o, d)
		}
		if s != ir.Dynamic && st != ir.Dynamic && s > 0 {
			if last := o + (s-1)*st; last >= d {
				return fmt.Sprintf("slice along dimension %d runs out-of-bounds: %d >= %d", i, last, d)
			}
		}
	}
	return ""
}

const mismatchSizes = "mismatch of result sizes"

// rankReductionMismatch says how res fails to be want with some unit
// dimensions dropped ("" when it is): MLIR's isRankReducedType, then its
// offset and stride checks (equal values, dynamic only matching dynamic).
func rankReductionMismatch(want, res *ir.MemRefType, sizes []int64) string {
	// Match res's dimensions to want's greedily, dropping unit dims.
	j := 0
	for _, d := range want.Dims {
		if j < len(res.Dims) && res.Dims[j] == d {
			j++
			continue
		}
		if d != 1 {
			return mismatchSizes
		}
	}
	if j != len(res.Dims) {
		return mismatchSizes
	}
	// Which unit dims are dropped is told by the strides.
	const layout = "mismatch of result layout"
	ws, wo, _ := StridesAndOffset(want)
	rs, ro, ok := StridesAndOffset(res)
	if !ok || wo != ro {
		return layout
	}
	unused, ok := rankReductionMask(want, res, sizes)
	if !ok {
		return layout
	}
	k := 0
	for i := range want.Dims {
		if unused[i] {
			continue
		}
		if ws[i] != rs[k] {
			return layout
		}
		k++
	}
	return ""
}

// foldSubView folds a subview that takes all of its source, unchanged, and
// one that takes, at zero offsets and unit strides, the very sizes of the
// subview giving its source, with that source's type (MLIR's
// SubViewOp::fold).
func foldSubView(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok || src != op.Result(0).Type() {
		return nil, false
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "memref.subview" && subviewOfSameSizes(op, def) {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	if op.NumOperands() != 1 {
		return nil, false
	}
	offsets, sizes, strides := staticArray(op, "static_offsets"), staticArray(op, "static_sizes"), staticArray(op, "static_strides")
	if len(sizes) != len(src.Dims) {
		return nil, false
	}
	for i, d := range src.Dims {
		if offsets[i] != 0 || strides[i] != 1 || sizes[i] != d {
			return nil, false
		}
	}
	return []ir.FoldResult{{Value: op.Operand(0)}}, true
}

// subviewOfSameSizes reports whether subview op takes, at zero offsets
// and unit strides, the same sizes (equal constants or the same values) as
// the subview src.
func subviewOfSameSizes(op, src *ir.Operation) bool {
	for _, m := range mixedValues(op, offsetsList) {
		if m.Value != nil || m.Static != 0 {
			return false
		}
	}
	for _, m := range mixedValues(op, stridesList) {
		if m.Value != nil || m.Static != 1 {
			return false
		}
	}
	return slices.Equal(mixedEntries(op, sizesList), mixedEntries(src, sizesList))
}

// subviewConstantArgs turns constant dynamic offsets, sizes and strides of
// a subview into static ones, casting the new result back to the old type
// (MLIR's OpWithOffsetSizesAndStridesConstantArgumentFolder).
func subviewConstantArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	src, ok := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if !ok || !ok2 {
		return false
	}
	ctx := op.Context()
	changed := false
	var lists [3][]int64
	var dyns [3][]*ir.Value
	for i, l := range []mixedList{offsetsList, sizesList, stridesList} {
		dyn := ir.OperandSegment(op, l.seg)
		static := append([]int64(nil), staticArray(op, l.static)...)
		k := 0
		for j, s := range static {
			if s != ir.Dynamic || k >= len(dyn) {
				continue
			}
			v := dyn[k]
			k++
			// Offsets and sizes fold when non-negative, strides when
			// non-zero (MLIR's foldDynamicOffsetSizeList and
			// foldDynamicStrideList).
			if c, ok := ir.ConstantIntAttr(v); ok && (l != stridesList && c.Int() >= 0 || l == stridesList && c.Int() != 0) {
				static[j] = c.Int()
				changed = true
				continue
			}
			dyns[i] = append(dyns[i], v)
		}
		lists[i] = static
	}
	// A constant that would make the slice statically out of bounds stays an
	// operand: folding it in would make the op invalid (as in MLIR).
	if !changed || sliceOutOfBounds(src, lists[0], lists[1], lists[2]) != "" {
		return false
	}
	nt, ok := canonicalSubViewType(ctx, res, src, src, lists[0], lists[1], lists[2])
	if !ok || !IsCastCompatible(nt, res) {
		return false
	}
	out := createSliceLike(rw, op, nt, lists, dyns, op.DiscardableAttrs()).Result(0)
	if nt != res {
		out = rw.Create(&ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: []*ir.Value{out}, ResultTypes: []ir.Type{res}}).Result(0)
	}
	rw.ReplaceOp(op, []*ir.Value{out})
	return true
}

// createSliceLike creates before op an op named as op (a subview or a
// reinterpret_cast) of op's source with result type t, the static
// offsets, sizes and strides static, the dynamic ones dyn, and attrs.
func createSliceLike(rw *ir.Rewriter, op *ir.Operation, t ir.Type, static [3][]int64, dyn [3][]*ir.Value, attrs []ir.NamedAttr) *ir.Operation {
	ctx := op.Context()
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), ResultTypes: []ir.Type{t}, Attrs: attrs}
	st.Operands = append(append(append([]*ir.Value{op.Operand(0)}, dyn[0]...), dyn[1]...), dyn[2]...)
	for i, l := range []mixedList{offsetsList, sizesList, stridesList} {
		st.AddAttr(l.static, ctx.DenseI64Array(static[i]...))
	}
	setSegments(st, ctx, 1, len(dyn[0]), len(dyn[1]), len(dyn[2]))
	return rw.Create(st)
}

// SubViewParts returns a memref.subview's offsets, sizes and strides and
// the source dimensions its result drops (MLIR's getMixedOffsets, ...,
// getDroppedDims); ok is false for a malformed subview.
func SubViewParts(op *ir.Operation) (offsets, sizes, strides []Mixed, dropped []bool, ok bool) {
	src, ok1 := op.Operand(0).Type().(*ir.MemRefType)
	res, ok2 := op.Result(0).Type().(*ir.MemRefType)
	if op.Name() != "memref.subview" || !ok1 || !ok2 {
		return nil, nil, nil, nil, false
	}
	var lists [3][]Mixed
	for i, l := range []mixedList{offsetsList, sizesList, stridesList} {
		lists[i] = mixedValues(op, l)
		if len(lists[i]) != len(src.Dims) {
			return nil, nil, nil, nil, false
		}
	}
	dropped, ok = rankReductionMask(src, res, staticArray(op, "static_sizes"))
	return lists[0], lists[1], lists[2], dropped, ok
}

// ReinterpretCastParts returns a memref.reinterpret_cast's offsets, sizes
// and strides (MLIR's getMixedOffsets, getMixedSizes, getMixedStrides:
// dynamic entries keep their values); ok is false for a malformed one.
func ReinterpretCastParts(op *ir.Operation) (parts [3][]Mixed, ok bool) {
	if op.Name() != "memref.reinterpret_cast" || len(ir.OperandSegmentSizes(op)) != 4 {
		return parts, false
	}
	for i, l := range []mixedList{offsetsList, sizesList, stridesList} {
		parts[i] = mixedEntries(op, l)
		for _, m := range parts[i] {
			if m.Static == ir.Dynamic && m.Value == nil {
				return parts, false
			}
		}
	}
	return parts, len(parts[0]) == 1
}
