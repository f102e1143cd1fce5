package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// MLIRMultiReductionPhases are the three pattern sets MLIR's
// lower-vector-multi-reduction applies one after the other, each to a
// fixed point (reorder and expand, flattening, unrolling): the reduced dims
// are transposed innermost (innerReduction, "inner-reduction") or
// outermost ("inner-parallel") and a 1-d reduction gets a unit parallel
// dim; then the source is shape_cast to 2-d (1-d when every dim is
// reduced: that 1-d reduction is left, as in MLIR); then the 2-d form
// becomes one vector.reduction per row (inner-reduction) or one
// element-wise arith op per row (inner-parallel). A reduction under
// vector.mask is rewritten with its mask transposed, cast and sliced
// alongside, as MLIR's patterns do.
func MLIRMultiReductionPhases(innerReduction bool) [][]*ir.Pattern {
	expand := []*ir.Pattern{
		{Name: "vector-multi-reduction-one-dim-to-two-dim", Root: "vector.multi_reduction", Rewrite: oneDimMultiReductionToTwoDim},
		{Name: "vector-multi-reduction-inner-outer-dim", Root: "vector.multi_reduction", Rewrite: innerOuterDimReduction(innerReduction)},
	}
	flatten := []*ir.Pattern{
		{Name: "vector-multi-reduction-reduce-rank", Root: "vector.multi_reduction", Rewrite: reduceMultiReductionRank(innerReduction)},
	}
	unroll := []*ir.Pattern{{Name: "vector-multi-reduction-to-elementwise", Root: "vector.multi_reduction", Rewrite: twoDimMultiReductionToElementWise}}
	if innerReduction {
		unroll = []*ir.Pattern{{Name: "vector-multi-reduction-to-reduction", Root: "vector.multi_reduction", Rewrite: twoDimMultiReductionToReduction}}
	}
	return [][]*ir.Pattern{expand, flatten, unroll}
}

// multiReductionParts reads a multi_reduction: its source type, which of
// its dims are reduced, the op a rewrite replaces (the vector.mask around
// it when masked, else the op) and the mask (nil when unmasked).
func multiReductionParts(op *ir.Operation) (st *ir.VectorType, reduced []bool, root *ir.Operation, mask *ir.Value, ok bool) {
	st, ok = op.Operand(0).Type().(*ir.VectorType)
	if !ok {
		return nil, nil, nil, nil, false
	}
	reduced = make([]bool, len(st.Dims))
	for _, d := range vector.ReductionDims(op) {
		if d < 0 || int(d) >= len(reduced) {
			return nil, nil, nil, nil, false
		}
		reduced[d] = true
	}
	root = op
	if p := op.ParentOp(); p != nil && p.Name() == "vector.mask" && vector.MaskedOp(p) == op {
		root, mask = p, p.Operand(0)
	}
	return st, reduced, root, mask, true
}

// atRoot returns a builder inserting before root (the op or its
// vector.mask), located at op, as MLIR's patterns build.
func atRoot(rw *ir.Rewriter, root, op *ir.Operation) *builder {
	b := at(rw, root)
	b.Loc = op.Loc()
	return b
}

// masked returns body's single result (of type rt), built under `vector.mask mask`
// (MLIR's maskOperation) when mask is not nil.
func (b *builder) masked(mask *ir.Value, rt ir.Type, body func(*builder) *ir.Value) *ir.Value {
	if mask == nil {
		return body(b)
	}
	st := &ir.OpState{Name: "vector.mask", Loc: b.Loc, Operands: []*ir.Value{mask}, ResultTypes: []ir.Type{rt}}
	r := st.AddRegion()
	m := b.RW.Create(st)
	blk, before := b.RW.InsertionPoint()
	b.RW.CreateBlock(r, nil, nil, nil)
	v := body(b)
	b.Op("vector.yield", []*ir.Value{v}, nil)
	b.RW.RestoreInsertionPoint(blk, before)
	return m.Result(0)
}

// multiReduction builds a multi_reduction of src reducing the dims
// reduced marks, under vector.mask vmask when that is not nil.
func (b *builder) multiReduction(kind vector.CombiningKind, src, acc *ir.Value, reduced []bool, vmask *ir.Value) *ir.Value {
	var dims []int64
	for i, r := range reduced {
		if r {
			dims = append(dims, int64(i))
		}
	}
	st := src.Type().(*ir.VectorType)
	var kept []int64
	var scal []bool
	for i, r := range reduced {
		if !r {
			kept = append(kept, st.Dims[i])
			if st.Scalable != nil {
				scal = append(scal, st.Scalable[i])
			}
		}
	}
	var rt ir.Type = st.Elem
	if len(kept) > 0 {
		rt = b.Context().ScalableVector(kept, scal, st.Elem)
	}
	return b.masked(vmask, rt, func(b *builder) *ir.Value {
		return b.Op("vector.multi_reduction", []*ir.Value{src, acc}, []ir.Type{rt},
			ir.NamedAttr{Name: "kind", Value: vector.Kind(b.Context(), kind)},
			ir.NamedAttr{Name: "reduction_dims", Value: b.Context().DenseI64Array(dims...)})
	})
}

func (b *builder) shapeCast(v *ir.Value, t ir.Type) *ir.Value {
	return b.Op("vector.shape_cast", []*ir.Value{v}, []ir.Type{t})
}

// withElem returns t with element type elem (a mask's type of t's shape).
func withElem(ctx *ir.Context, t *ir.VectorType, elem ir.Type) *ir.VectorType {
	return ctx.ScalableVector(t.Dims, t.Scalable, elem)
}

// innerOuterDimReduction is MLIR's InnerOuterDimReductionConversion.
func innerOuterDimReduction(inner bool) func(*ir.Operation, *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		st, reduced, root, mask, ok := multiReductionParts(op)
		if !ok {
			return false
		}
		var par []int64
		for i, r := range reduced {
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
		newReduced := make([]bool, len(st.Dims))
		if inner {
			perm = append(append(perm, par...), red...)
			for i := range red {
				newReduced[len(st.Dims)-i-1] = true
			}
		} else {
			perm = append(append(perm, red...), par...)
			for i := range red {
				newReduced[i] = true
			}
		}
		b := atRoot(rw, root, op)
		var tmask *ir.Value
		if mask != nil {
			tmask = b.transpose(mask, perm)
		}
		t := b.transpose(op.Operand(0), perm)
		rw.ReplaceOp(root, []*ir.Value{b.multiReduction(vector.KindOf(op), t, op.Operand(1), newReduced, tmask)})
		return true
	}
}

// reduceMultiReductionRank is MLIR's ReduceMultiDimReductionRank: with the
// reduced dims innermost (or outermost), the source is shape_cast to 2-d
// (1-d when every dim is reduced).
func reduceMultiReductionRank(inner bool) func(*ir.Operation, *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		st, reduced, root, mask, ok := multiReductionParts(op)
		if !ok || len(st.Dims) < 2 {
			return false
		}
		nScal := 0
		for _, s := range st.Scalable {
			if s {
				nScal++
			}
		}
		if nScal > 1 || len(st.Dims) == 2 && reduced[0] != reduced[1] {
			return false
		}
		var parDims, parShape, redShape []int64
		var parScal []bool
		redScal := false
		for i, r := range reduced {
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
		var newReduced, scal []bool
		var shape []int64
		parScalable := slices.Contains(parScal, true)
		if len(parShape) > 0 {
			newReduced, shape, scal = append(newReduced, false), append(shape, vector.Product(parShape)), append(scal, parScalable)
		}
		if len(redShape) > 0 {
			newReduced, shape, scal = append(newReduced, true), append(shape, vector.Product(redShape)), append(scal, redScal)
		}
		if !inner && len(shape) == 2 {
			slices.Reverse(newReduced)
			slices.Reverse(shape)
			slices.Reverse(scal)
		}
		if !slices.Contains(scal, true) {
			scal = nil
		}
		b := atRoot(rw, root, op)
		castType := b.Context().ScalableVector(shape, scal, st.Elem)
		var cmask *ir.Value
		if mask != nil {
			// MLIR casts the mask to the fixed shape; it keeps the source's
			// scalable dim here so that a scalable mask casts validly.
			cmask = b.shapeCast(mask, withElem(b.Context(), castType, mask.Type().(*ir.VectorType).Elem))
		}
		cast := b.shapeCast(op.Operand(0), castType)
		acc := op.Operand(1)
		var accScal []bool
		if parScalable {
			accScal = []bool{true}
		}
		if len(parShape) > 0 {
			acc = b.shapeCast(acc, b.Context().ScalableVector([]int64{vector.Product(parShape)}, accScal, st.Elem))
		}
		r := b.multiReduction(vector.KindOf(op), cast, acc, newReduced, cmask)
		if len(parShape) == 0 {
			rw.ReplaceOp(root, []*ir.Value{r})
			return true
		}
		if !parScalable {
			parScal = nil
		}
		rw.ReplaceOp(root, []*ir.Value{b.shapeCast(r, b.Context().ScalableVector(parShape, parScal, st.Elem))})
		return true
	}
}

// oneDimMultiReductionToTwoDim is MLIR's OneDimMultiReductionToTwoDim: a
// 1-d reduction to a scalar reduces the 1xN (1x[N]) shape_cast of its
// source, its mask broadcast to the same shape.
func oneDimMultiReductionToTwoDim(op *ir.Operation, rw *ir.Rewriter) bool {
	st, reduced, root, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 1 || !reduced[0] {
		return false
	}
	var scal []bool
	if st.IsScalable() {
		scal = []bool{false, true}
	}
	b := atRoot(rw, root, op)
	castType := b.Context().ScalableVector([]int64{1, st.Dims[0]}, scal, st.Elem)
	cast := b.shapeCast(op.Operand(0), castType)
	acc := b.Broadcast(op.Operand(1), b.Context().Vector([]int64{1}, st.Elem))
	var cmask *ir.Value
	if mask != nil {
		cmask = b.Broadcast(mask, withElem(b.Context(), castType, mask.Type().(*ir.VectorType).Elem))
	}
	r := b.multiReduction(vector.KindOf(op), cast, acc, []bool{false, true}, cmask)
	rw.ReplaceOp(root, []*ir.Value{b.Extract(r, []int64{0})})
	return true
}

// twoDimMultiReductionToReduction is MLIR's TwoDimMultiReductionToReduction:
// [parallel, reduced] becomes one vector.reduction per row (masked by the
// mask's row) inserted into a zero vector.
func twoDimMultiReductionToReduction(op *ir.Operation, rw *ir.Rewriter) bool {
	st, reduced, root, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 2 || reduced[0] || !reduced[1] {
		return false
	}
	b := atRoot(rw, root, op)
	dt := op.Result(0).Type()
	result := b.zero(dt)
	kind := ir.NamedAttr{Name: "kind", Value: vector.Kind(b.Context(), vector.KindOf(op))}
	for i := int64(0); i < st.Dims[0]; i++ {
		v := b.Extract(op.Operand(0), []int64{i})
		acc := b.Extract(op.Operand(1), []int64{i})
		var row *ir.Value
		if mask != nil {
			row = b.Extract(mask, []int64{i})
		}
		r := b.masked(row, st.Elem, func(b *builder) *ir.Value {
			return b.Op("vector.reduction", []*ir.Value{v, acc}, []ir.Type{st.Elem}, kind)
		})
		result = b.Insert(r, result, []int64{i})
	}
	rw.ReplaceOp(root, []*ir.Value{result})
	return true
}

// twoDimMultiReductionToElementWise is MLIR's
// TwoDimMultiReductionToElementWise: [reduced, parallel] folds its rows
// into the accumulator one after the other with the kind's arith op;
// under a mask, the lanes the mask's row turns off keep the accumulator
// (an arith.select, as MLIR's makeArithReduction).
func twoDimMultiReductionToElementWise(op *ir.Operation, rw *ir.Rewriter) bool {
	st, reduced, root, mask, ok := multiReductionParts(op)
	if !ok || len(st.Dims) != 2 || reduced[1] || !reduced[0] {
		return false
	}
	name := vector.ArithCombiner(vector.KindOf(op), st.Elem)
	if name == "" {
		return false
	}
	b := atRoot(rw, root, op)
	result := op.Operand(1)
	for i := int64(0); i < st.Dims[0]; i++ {
		v := b.Extract(op.Operand(0), []int64{i})
		var m *ir.Value
		if mask != nil {
			m = b.Extract(mask, []int64{i})
		}
		next := b.Op(name, []*ir.Value{v, result}, []ir.Type{result.Type()})
		if m != nil {
			next = b.Op("arith.select", []*ir.Value{m, next, result}, []ir.Type{result.Type()})
		}
		result = next
	}
	rw.ReplaceOp(root, []*ir.Value{result})
	return true
}
