package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// MLIRMultiReductionPatterns are MLIR's
// populateVectorMultiReductionLoweringPatterns, the patterns of
// lower-vector-multi-reduction: the reduced dims are transposed innermost
// (innerReduction, "inner-reduction") or outermost ("inner-parallel"),
// the source is shape_cast to 2-d, and the 2-d form becomes one
// vector.reduction per row (inner-reduction) or a chain of element-wise
// arith ops over the rows (inner-parallel). Reductions under vector.mask
// are left to lower-vector-mask.
func MLIRMultiReductionPatterns(innerReduction bool) []*ir.Pattern {
	ps := []*ir.Pattern{
		{Name: "vector-multi-reduction-inner-outer-dim", Root: "vector.multi_reduction", Rewrite: innerOuterDimReduction(innerReduction)},
		{Name: "vector-multi-reduction-reduce-rank", Root: "vector.multi_reduction", Rewrite: reduceMultiReductionRank(innerReduction)},
		{Name: "vector-multi-reduction-one-dim-to-two-dim", Root: "vector.multi_reduction", Rewrite: oneDimMultiReductionToTwoDim},
	}
	if innerReduction {
		return append(ps, &ir.Pattern{Name: "vector-multi-reduction-to-reduction", Root: "vector.multi_reduction", Rewrite: twoDimMultiReductionToReduction})
	}
	return append(ps, &ir.Pattern{Name: "vector-multi-reduction-to-elementwise", Root: "vector.multi_reduction", Rewrite: twoDimMultiReductionToElementWise})
}

// multiReductionParts reads an unmasked multi_reduction: its source type
// and which of its dims are reduced.
func multiReductionParts(op *ir.Operation) (*ir.VectorType, []bool, bool) {
	if p := op.ParentOp(); p != nil && p.Name() == "vector.mask" {
		return nil, nil, false
	}
	st, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok {
		return nil, nil, false
	}
	mask := make([]bool, len(st.Dims))
	for _, d := range vector.ReductionDims(op) {
		if d < 0 || int(d) >= len(mask) {
			return nil, nil, false
		}
		mask[d] = true
	}
	return st, mask, true
}

func (b *builder) multiReduction(kind vector.CombiningKind, src, acc *ir.Value, mask []bool) *ir.Value {
	var dims []int64
	for i, r := range mask {
		if r {
			dims = append(dims, int64(i))
		}
	}
	st := src.Type().(*ir.VectorType)
	var kept []int64
	var scal []bool
	for i, r := range mask {
		if !r {
			kept = append(kept, st.Dims[i])
			if st.Scalable != nil {
				scal = append(scal, st.Scalable[i])
			}
		}
	}
	var rt ir.Type = st.Elem
	if len(kept) > 0 {
		rt = b.ctx.ScalableVector(kept, scal, st.Elem)
	}
	return b.op("vector.multi_reduction", []*ir.Value{src, acc}, []ir.Type{rt},
		ir.NamedAttr{Name: "kind", Value: vector.Kind(b.ctx, kind)},
		ir.NamedAttr{Name: "reduction_dims", Value: b.ctx.DenseI64Array(dims...)})
}

func (b *builder) shapeCast(v *ir.Value, t ir.Type) *ir.Value {
	return b.op("vector.shape_cast", []*ir.Value{v}, []ir.Type{t})
}

// innerOuterDimReduction is MLIR's InnerOuterDimReductionConversion.
func innerOuterDimReduction(inner bool) func(*ir.Operation, *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		st, mask, ok := multiReductionParts(op)
		if !ok {
			return false
		}
		var par []int64
		for i, r := range mask {
			if !r {
				par = append(par, int64(i))
			}
		}
		// The reduction dims keep their attribute's order, as MLIR's.
		red := vector.ReductionDims(op)
		if len(par) == 0 {
			return false
		}
		start := int64(0)
		if !inner {
			start = int64(len(red))
		}
		inPlace := true
		for i, p := range par {
			inPlace = inPlace && p == start+int64(i)
		}
		if inPlace {
			return false
		}
		var perm []int64
		newMask := make([]bool, len(st.Dims))
		if inner {
			perm = append(append(perm, par...), red...)
			for i := range red {
				newMask[len(st.Dims)-i-1] = true
			}
		} else {
			perm = append(append(perm, red...), par...)
			for i := range red {
				newMask[i] = true
			}
		}
		b := at(rw, op)
		t := b.transpose(op.Operand(0), perm)
		rw.ReplaceOp(op, []*ir.Value{b.multiReduction(vector.KindOf(op), t, op.Operand(1), newMask)})
		return true
	}
}

// reduceMultiReductionRank is MLIR's ReduceMultiDimReductionRank: with the
// reduced dims innermost (or outermost), the source is shape_cast to 2-d.
func reduceMultiReductionRank(inner bool) func(*ir.Operation, *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		st, mask, ok := multiReductionParts(op)
		if !ok || len(st.Dims) < 2 {
			return false
		}
		nScal := 0
		for _, s := range st.Scalable {
			if s {
				nScal++
			}
		}
		if nScal > 1 || len(st.Dims) == 2 && mask[0] != mask[1] {
			return false
		}
		var parDims, parShape, redShape []int64
		var parScal []bool
		redScal := false
		for i, r := range mask {
			sc := st.Scalable != nil && st.Scalable[i]
			if r {
				redShape = append(redShape, st.Dims[i])
				redScal = redScal || sc
			} else {
				parDims = append(parDims, int64(i))
				parShape = append(parShape, st.Dims[i])
				parScal = append(parScal, sc)
			}
		}
		start := int64(0)
		if !inner {
			start = int64(len(st.Dims) - len(parDims))
		}
		for i, p := range parDims {
			if p != start+int64(i) {
				return false
			}
		}
		var newMask, scal []bool
		var shape []int64
		parScalable := slices.Contains(parScal, true)
		if len(parShape) > 0 {
			newMask, shape, scal = append(newMask, false), append(shape, vector.Product(parShape)), append(scal, parScalable)
		}
		if len(redShape) > 0 {
			newMask, shape, scal = append(newMask, true), append(shape, vector.Product(redShape)), append(scal, redScal)
		}
		if !inner && len(shape) == 2 {
			slices.Reverse(newMask)
			slices.Reverse(shape)
			slices.Reverse(scal)
		}
		if !slices.Contains(scal, true) {
			scal = nil
		}
		b := at(rw, op)
		cast := b.shapeCast(op.Operand(0), b.ctx.ScalableVector(shape, scal, st.Elem))
		acc := op.Operand(1)
		var accScal []bool
		if parScalable {
			accScal = []bool{true}
		}
		if len(parShape) > 0 {
			acc = b.shapeCast(acc, b.ctx.ScalableVector([]int64{vector.Product(parShape)}, accScal, st.Elem))
		}
		r := b.multiReduction(vector.KindOf(op), cast, acc, newMask)
		if len(parShape) == 0 {
			rw.ReplaceOp(op, []*ir.Value{r})
			return true
		}
		if !parScalable {
			parScal = nil
		}
		rw.ReplaceOp(op, []*ir.Value{b.shapeCast(r, b.ctx.ScalableVector(parShape, parScal, st.Elem))})
		return true
	}
}

// oneDimMultiReductionToTwoDim is MLIR's OneDimMultiReductionToTwoDim: a
// 1-d reduction to a scalar reduces the 1xN (1x[N]) shape_cast of its source.
func oneDimMultiReductionToTwoDim(op *ir.Operation, rw *ir.Rewriter) bool {
	st, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 1 || !mask[0] {
		return false
	}
	var scal []bool
	if st.IsScalable() {
		scal = []bool{false, true}
	}
	b := at(rw, op)
	cast := b.shapeCast(op.Operand(0), b.ctx.ScalableVector([]int64{1, st.Dims[0]}, scal, st.Elem))
	acc := b.broadcast(op.Operand(1), b.ctx.Vector([]int64{1}, st.Elem))
	r := b.multiReduction(vector.KindOf(op), cast, acc, []bool{false, true})
	rw.ReplaceOp(op, []*ir.Value{b.extract(r, []int64{0})})
	return true
}

// twoDimMultiReductionToReduction is MLIR's TwoDimMultiReductionToReduction:
// [parallel, reduced] becomes one vector.reduction per row inserted into a
// zero vector.
func twoDimMultiReductionToReduction(op *ir.Operation, rw *ir.Rewriter) bool {
	st, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 2 || mask[0] || !mask[1] {
		return false
	}
	b := at(rw, op)
	dt := op.Result(0).Type()
	result := b.zero(dt)
	kind := ir.NamedAttr{Name: "kind", Value: vector.Kind(b.ctx, vector.KindOf(op))}
	for i := int64(0); i < st.Dims[0]; i++ {
		v := b.extract(op.Operand(0), []int64{i})
		acc := b.extract(op.Operand(1), []int64{i})
		r := b.op("vector.reduction", []*ir.Value{v, acc}, []ir.Type{st.Elem}, kind)
		result = b.insert(r, result, []int64{i})
	}
	rw.ReplaceOp(op, []*ir.Value{result})
	return true
}

// twoDimMultiReductionToElementWise is MLIR's
// TwoDimMultiReductionToElementWise: [reduced, parallel] folds its rows
// into the accumulator with the kind's arith op.
func twoDimMultiReductionToElementWise(op *ir.Operation, rw *ir.Rewriter) bool {
	st, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 2 || mask[1] || !mask[0] {
		return false
	}
	name := vector.ArithCombiner(vector.KindOf(op), st.Elem)
	if name == "" || !ir.IsIntOrIndex(st.Elem) && !ir.IsFloat(st.Elem) {
		return false
	}
	b := at(rw, op)
	result := op.Operand(1)
	for i := int64(0); i < st.Dims[0]; i++ {
		v := b.extract(op.Operand(0), []int64{i})
		result = b.op(name, []*ir.Value{v, result}, []ir.Type{result.Type()})
	}
	rw.ReplaceOp(op, []*ir.Value{result})
	return true
}
