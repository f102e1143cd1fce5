package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// The folds and canonicalizations of vector.extract_strided_slice, as
// MLIR's ExtractStridedSliceOp has them.

// foldStridedOfInsertChain reads the slice from the source of an
// insert_strided_slice up the chain that holds all of it, skipping
// inserts that are disjoint from it (MLIR's
// foldExtractStridedOpFromInsertChain).
func foldStridedOfInsertChain(op *ir.Operation) bool {
	v := StridedSlice{op}
	offs, sizes, strides := v.Offsets(), v.Sizes(), v.Strides()
	src, _ := vectorOf(op.Operand(0))
	for ins := op.Operand(0).DefiningOp(); ins != nil && ins.Name() == "vector.insert_strided_slice"; ins = ins.Operand(1).DefiningOp() {
		is, ok := vectorOf(ins.Operand(0))
		iOffs, iStrides := attrInts(ins, "offsets"), attrInts(ins, "strides")
		if !ok || len(is.Dims) != len(src.Dims) || len(offs) > len(iOffs) {
			return false
		}
		var diffs []int64
		disjoint := false
		for d := range offs {
			if strides[d] != iStrides[d] {
				return false
			}
			start, end := iOffs[d], iOffs[d]+is.Dims[d]
			if start <= offs[d] && offs[d] < end {
				if offs[d]+sizes[d] > end {
					return false // a partial overlap
				}
				diffs = append(diffs, offs[d]-start)
				continue
			}
			disjoint = true
			break
		}
		if !disjoint {
			op.SetOperand(0, ins.Operand(0))
			op.SetAttr("offsets", I64ArrayAttr(op.Context(), diffs))
			return true
		}
	}
	return false
}

func unitStrides(op *ir.Operation) bool {
	return !slices.ContainsFunc(attrInts(op, "strides"), func(s int64) bool { return s != 1 })
}

// stridedSliceOfConstantMask slices the sizes of a constant_mask.
var stridedSliceOfConstantMask = &ir.Pattern{
	Name: "StridedSliceConstantMaskFolder",
	Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.constant_mask" || !unitStrides(op) {
			return false
		}
		v := StridedSlice{op}
		offs, sizes := v.Offsets(), v.Sizes()
		mask := attrInts(def, "mask_dim_sizes")
		out := slices.Clone(mask)
		for i := range min(len(mask), len(offs)) {
			out[i] = max(0, min(offs[i]+sizes[i], mask[i])-offs[i])
		}
		if slices.Contains(out, 0) {
			clear(out)
		}
		replaceWithConstantMask(rw, op, out)
		return true
	},
}

// stridedSliceOfCreateMask subtracts the slice offsets from the bounds of
// a create_mask (create_mask clamps, so no min/max is needed).
var stridedSliceOfCreateMask = &ir.Pattern{
	Name: "StridedSliceCreateMaskFolder",
	Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.create_mask" || !unitStrides(op) {
			return false
		}
		offs := StridedSlice{op}.Offsets()
		bounds := slices.Clone(def.Operands())
		rw.SetInsertionPointBefore(op)
		for i := range min(len(bounds), len(offs)) {
			t := bounds[i].Type()
			c := rw.Create(&ir.OpState{Name: "arith.constant", Loc: op.Loc(), ResultTypes: []ir.Type{t},
				Attrs: []ir.NamedAttr{{Name: "value", Value: op.Context().IntegerAttr(t, offs[i])}}})
			bounds[i] = rw.Create(&ir.OpState{Name: "arith.subi", Loc: op.Loc(), ResultTypes: []ir.Type{t},
				Operands: []*ir.Value{bounds[i], c.Result(0)}}).Result(0)
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.create_mask", Loc: op.Loc(), ResultTypes: op.ResultTypes(), Operands: bounds})
		return true
	},
}

// stridedSliceOfBroadcast broadcasts the slice of the broadcast's source
// (or the source itself when its dims are all unit or kept whole).
var stridedSliceOfBroadcast = &ir.Pattern{
	Name: "StridedSliceBroadcast",
	Root: "vector.extract_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.broadcast" {
			return false
		}
		src := def.Operand(0)
		dst := op.Result(0).Type().(*ir.VectorType)
		st, _ := vectorOf(src)
		srcRank := 0
		if st != nil {
			srcRank = len(st.Dims)
		}
		diff := len(dst.Dims) - srcRank
		needsSlice := false
		for i := range srcRank {
			if st.Dims[i] != 1 && st.Dims[i] != dst.Dims[i+diff] {
				needsSlice = true
			}
		}
		rw.SetInsertionPointBefore(op)
		if needsSlice {
			v := StridedSlice{op}
			offs, sizes, strides := dropFront(v.Offsets(), diff), dropFront(v.Sizes(), diff), dropFront(v.Strides(), diff)
			for i := range min(srcRank, len(offs)) {
				if st.Dims[i] == 1 {
					offs[i], sizes[i] = 0, 1
				}
			}
			ctx := op.Context()
			src = rw.Create(&ir.OpState{Name: "vector.extract_strided_slice", Loc: op.Loc(),
				Operands: []*ir.Value{src}, ResultTypes: []ir.Type{StridedSliceType(ctx, st, sizes)},
				Attrs: []ir.NamedAttr{{Name: "offsets", Value: I64ArrayAttr(ctx, offs)}, {Name: "sizes", Value: I64ArrayAttr(ctx, sizes)},
					{Name: "strides", Value: I64ArrayAttr(ctx, strides)}}}).Result(0)
		}
		replaceWithBroadcast(rw, op, src)
		return true
	},
}

// dropFront returns a copy of vs without its first n entries (none when
// n is past the end).
func dropFront(vs []int64, n int) []int64 {
	return slices.Clone(vs[min(max(n, 0), len(vs)):])
}
