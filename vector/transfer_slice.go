package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/tensor"
)

// foldExtractSliceIntoTransferRead reads the source of a unit-stride
// tensor.extract_slice directly, at the slice's offsets plus the read's
// indices (MLIR's FoldExtractSliceIntoTransferRead, a transfer_read
// canonicalization in the MLIR these tests come from). A rank-reducing
// slice qualifies when it drops leading unit dims.
var foldExtractSliceIntoTransferRead = &ir.Pattern{
	Name: "FoldExtractSliceIntoTransferRead",
	Root: "vector.transfer_read",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		x, ok := transferOf(op)
		if !ok || len(x.Map.Results) == 0 || x.outOfBounds() || !x.Map.IsMinorIdentity() || x.Mask != nil {
			return false
		}
		ex := x.Base.DefiningOp()
		if ex == nil || ex.Name() != "tensor.extract_slice" {
			return false
		}
		static, dyn, ok := tensor.SliceLists(ex)
		src, ok1 := ex.Operand(0).Type().(*ir.RankedTensorType)
		res, ok2 := ex.Result(0).Type().(*ir.RankedTensorType)
		if !ok || !ok1 || !ok2 || len(res.Dims) > len(src.Dims) || len(static[0]) != len(src.Dims) ||
			len(x.Indices) != len(res.Dims) || !unitSliceStrides(static) {
			return false
		}
		reduced := len(src.Dims) - len(res.Dims)
		for i, s := range static[1] {
			if i < reduced && s != 1 || i >= reduced && s != res.Dims[i-reduced] {
				return false
			}
		}
		rw.SetInsertionPointBefore(op)
		loc := op.Loc()
		offsets := make([]*ir.Value, len(static[0]))
		k := 0
		for i, o := range static[0] {
			if o == ir.Dynamic {
				offsets[i] = dyn[0][k]
				k++
			} else {
				offsets[i] = arith.BuildConstant(&rw.Builder, op.Context().IndexAttr(o), op.Context().Index(), loc).Result(0)
			}
		}
		indices := slices.Clone(offsets[:reduced])
		for j, idx := range x.Indices {
			add := rw.Create(&ir.OpState{Name: "arith.addi", Loc: loc, Operands: []*ir.Value{idx, offsets[j+reduced]},
				ResultTypes: []ir.Type{idx.Type()}})
			indices = append(indices, add.Result(0))
		}
		inBounds := slices.Repeat([]bool{true}, len(x.Map.Results))
		nr := NewTransferRead(&rw.Builder, loc, x.VT, ex.Operand(0), indices, TransferMinorIdentityMap(src, x.VT), x.Pad, nil, inBounds)
		rw.ReplaceOp(op, nr.Results())
		return true
	},
}

// foldInsertSliceIntoTransferWrite writes the vector straight into the
// destination of a unit-stride tensor.insert_slice whose source is a
// transfer_write covering all of its tensor (MLIR's
// FoldInsertSliceIntoTransferWrite, registered with transfer_write in the
// MLIR these tests come from). A rank-extending insertion qualifies when
// the vector's dims are the slice's trailing ones.
var foldInsertSliceIntoTransferWrite = &ir.Pattern{
	Name: "FoldInsertSliceIntoTransferWrite",
	Root: "tensor.insert_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		static, dyn, ok := tensor.SliceLists(op)
		if !ok || !unitSliceStrides(static) {
			return false
		}
		w := op.Operand(0).DefiningOp()
		if w == nil || w.Name() != "vector.transfer_write" {
			return false
		}
		x, ok := transferOf(w)
		if !ok || len(x.Map.Results) == 0 || x.outOfBounds() || x.Mask != nil {
			return false
		}
		src, ok1 := x.Base.Type().(*ir.RankedTensorType)
		dest, ok2 := op.Operand(1).Type().(*ir.RankedTensorType)
		if !ok1 || !ok2 || len(x.VT.Dims) != len(src.Dims) || !slices.Equal(x.VT.Dims, src.Dims) ||
			!x.Map.IsMinorIdentity() || x.Map.Dims != len(x.Map.Results) || len(static[0]) != len(dest.Dims) {
			return false
		}
		if n := len(x.VT.Dims); len(dest.Dims) > n && !slices.Equal(src.Dims, static[1][len(static[1])-n:]) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		ctx, loc := op.Context(), op.Loc()
		indices := make([]*ir.Value, len(static[0]))
		k := 0
		for i, o := range static[0] {
			if o == ir.Dynamic {
				indices[i] = dyn[0][k]
				k++
			} else {
				indices[i] = arith.BuildConstant(&rw.Builder, ctx.IndexAttr(o), ctx.Index(), loc).Result(0)
			}
		}
		inBounds := slices.Repeat([]bool{true}, len(x.Map.Results))
		nw := NewTransferWrite(&rw.Builder, loc, x.Vector, op.Operand(1), indices, TransferMinorIdentityMap(dest, x.VT), nil, inBounds)
		rw.ReplaceOp(op, nw.Results())
		return true
	},
}

// swapExtractSliceOfTransferWrite moves a zero-offset tensor.extract_slice
// of a whole-tensor transfer_write, inserted back with the same sizes,
// before the write: the write then goes into a slice of the insertion's
// destination (MLIR's SwapExtractSliceOfTransferWrite). in_bounds starts
// all false for the folder to infer.
var swapExtractSliceOfTransferWrite = &ir.Pattern{
	Name: "SwapExtractSliceOfTransferWrite",
	Root: "tensor.insert_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		ins, insDyn, ok := tensor.SliceLists(op)
		ex := op.Operand(0).DefiningOp()
		if !ok || !unitSliceStrides(ins) || ex == nil || ex.Name() != "tensor.extract_slice" || !ex.Result(0).HasOneUse() {
			return false
		}
		exs, exDyn, ok := tensor.SliceLists(ex)
		w := ex.Operand(0).DefiningOp()
		if !ok || !unitSliceStrides(exs) || w == nil || w.Name() != "vector.transfer_write" || !w.Result(0).HasOneUse() {
			return false
		}
		x, ok := transferOf(w)
		srcT, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
		wT, ok2 := x.Base.Type().(*ir.RankedTensorType)
		if !ok || !ok1 || !ok2 || x.Mask != nil || len(srcT.Dims) != len(x.Map.Results) ||
			slices.ContainsFunc(exs[0], func(o int64) bool { return o != 0 }) {
			return false
		}
		for _, i := range x.Indices {
			if c, isConst := constIntOf(i); !isConst || c != 0 {
				return false
			}
		}
		if !sameMixed(ins[1], insDyn[1], exs[1], exDyn[1]) {
			return false
		}
		for i, r := range x.Map.Results {
			if r.Kind != ir.AffineDim || int(r.Value) >= len(wT.Dims) || wT.Dims[r.Value] != x.VT.Dims[i] {
				return false
			}
		}
		ctx := op.Context()
		rw.SetInsertionPointBefore(op)
		segs := ir.OperandSegmentSizes(op)
		nex := rw.Create(&ir.OpState{Name: "tensor.extract_slice", Loc: ex.Loc(), ResultTypes: []ir.Type{srcT},
			Operands: append([]*ir.Value{op.Operand(1)}, op.Operands()[2:]...),
			Attrs: []ir.NamedAttr{
				{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, segs[2], segs[3], segs[4])},
				{Name: "static_offsets", Value: op.Attr("static_offsets")},
				{Name: "static_sizes", Value: op.Attr("static_sizes")},
				{Name: "static_strides", Value: op.Attr("static_strides")},
			}})
		nw := NewTransferWrite(&rw.Builder, w.Loc(), x.Vector, nex.Result(0), x.Indices, x.Map, nil, nil)
		rw.ModifyInPlace(op, func() { op.SetOperand(0, nw.Result(0)) })
		return true
	},
}

func unitSliceStrides(lists [3][]int64) bool {
	return !slices.ContainsFunc(lists[2], func(s int64) bool { return s != 1 })
}

// sameMixed reports whether two mixed lists are equal entry by entry: the
// same integer, or the same value (MLIR's isEqualConstantIntOrValue).
func sameMixed(a []int64, aDyn []*ir.Value, b []int64, bDyn []*ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	entry := func(s []int64, dyn []*ir.Value) []any {
		out := make([]any, len(s))
		k := 0
		for i, v := range s {
			out[i] = v
			if v == ir.Dynamic && k < len(dyn) {
				out[i] = dyn[k]
				if c, ok := constIntOf(dyn[k]); ok {
					out[i] = c
				}
				k++
			}
		}
		return out
	}
	return slices.Equal(entry(a, aDyn), entry(b, bDyn))
}
