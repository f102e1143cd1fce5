package transforms

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// lowerMaskOp rewrites vector.mask as MLIR's LowerVectorMask does, by
// moving the mask into the op it predicates: a transfer takes it as its
// mask operand (a read's masked-off lanes then take the pass-through
// through a select), a gather takes it as its mask, and a reduction or
// multi_reduction reduces its source with the masked-off lanes replaced
// by the kind's neutral value.
var lowerMaskOp = &ir.Pattern{Name: "vector-lower-mask-op", Root: "vector.mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumRegions() != 1 || op.Region(0).Empty() || op.NumOperands() == 0 {
			return false
		}
		inner := vector.MaskedOp(op)
		if inner == nil {
			y := op.Region(0).Entry().Last()
			if y == nil || y.NumOperands() != op.NumResults() {
				return false
			}
			rw.ReplaceOp(op, y.Operands())
			return true
		}
		if inner.NumResults() != op.NumResults() {
			return false
		}
		var results []*ir.Value
		switch inner.Name() {
		case "vector.transfer_read", "vector.transfer_write":
			results = maskTransfer(op, inner, rw)
		case "vector.reduction", "vector.multi_reduction":
			results = maskReduction(op, inner, rw)
		case "vector.gather":
			results = maskGather(op, inner, rw)
		}
		if results == nil {
			return false
		}
		rw.ReplaceOp(op, results)
		return true
	}}

// maskGather returns the result of the gather inner under the mask of the
// vector.mask op (MLIR's MaskedGatherOpPattern): with an all-true mask of
// its own, the gather takes the vector.mask's mask and its pass-through
// (zero without one: the masked-off lanes are undefined); otherwise it
// gathers under both masks with its own pass-through, and the lanes the
// vector.mask turns off take the vector.mask's pass-through.
func maskGather(op, inner *ir.Operation, rw *ir.Rewriter) []*ir.Value {
	n := inner.NumOperands()
	if n < 4 {
		return nil
	}
	b := at(rw, op)
	mask, pass := op.Operand(0), inner.Operand(n-1)
	var outerPass *ir.Value
	if op.NumOperands() == 2 {
		outerPass = op.Operand(1)
	}
	allTrue := vector.MaskFormatOf(inner.Operand(n-2)) == vector.AllTrue
	switch {
	case allTrue && outerPass != nil:
		pass = outerPass
	case allTrue:
		pass = b.zero(pass.Type())
	default:
		mask = b.Op("arith.andi", []*ir.Value{mask, inner.Operand(n - 2)}, []ir.Type{mask.Type()})
	}
	operands := append(append([]*ir.Value(nil), inner.Operands()[:n-2]...), mask, pass)
	r := b.RW.Create(&ir.OpState{Name: inner.Name(), Loc: inner.Loc(), Operands: operands,
		ResultTypes: inner.ResultTypes(), Attrs: inner.Attrs()}).Result(0)
	if !allTrue && outerPass != nil {
		r = b.Op("arith.select", []*ir.Value{op.Operand(0), r, outerPass}, []ir.Type{r.Type()})
	}
	return []*ir.Value{r}
}

// maskTransfer returns the results of the transfer inner made with the
// mask of the vector.mask op as its mask operand (nil when it cannot be).
func maskTransfer(op, inner *ir.Operation, rw *ir.Rewriter) []*ir.Value {
	seg := ir.OperandSegmentSizes(inner)
	if len(seg) != 4 || seg[3] != 0 {
		return nil
	}
	mask := op.Operand(0)
	var pass *ir.Value
	if op.NumOperands() == 2 {
		// The select needs the mask in the order of the result's lanes,
		// which a transposing or broadcasting map changes.
		pass = op.Operand(1)
		mt, ok := fixedVector(mask)
		rt, okr := fixedVector(inner.Result(0))
		pm, okm := inner.Attr("permutation_map").(*ir.AffineMapAttr)
		if !ok || !okr || !okm || !slices.Equal(mt.Dims, rt.Dims) || !inOrder(pm.Map) {
			return nil
		}
	}
	b := at(rw, op)
	attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: b.Context().DenseI32Array(seg[0], seg[1], seg[2], 1)}}
	for _, a := range inner.Attrs() {
		if a.Name != "operandSegmentSizes" {
			attrs = append(attrs, a)
		}
	}
	o := b.RW.Create(&ir.OpState{Name: inner.Name(), Loc: inner.Loc(),
		Operands:    append(append([]*ir.Value(nil), inner.Operands()...), mask),
		ResultTypes: inner.ResultTypes(), Attrs: attrs})
	if pass == nil {
		return resultsOrEmpty(o)
	}
	return []*ir.Value{b.Op("arith.select", []*ir.Value{mask, o.Result(0), pass}, []ir.Type{pass.Type()})}
}

// inOrder reports whether a transfer map takes memref dimensions in
// increasing order without broadcasts, so that its mask, which lists the
// memref dimensions in order, is in the order of the vector's lanes.
func inOrder(m *ir.AffineMap) bool {
	last := int64(-1)
	for _, r := range m.Results {
		if r.Kind != ir.AffineDim || r.Value <= last {
			return false
		}
		last = r.Value
	}
	return true
}

// resultsOrEmpty returns op's results, as a non-nil slice.
func resultsOrEmpty(op *ir.Operation) []*ir.Value {
	return append([]*ir.Value{}, op.Results()...)
}

// maskReduction returns the result of the reduction inner on its source
// with masked-off lanes replaced by the neutral value of its kind.
func maskReduction(op, inner *ir.Operation, rw *ir.Rewriter) []*ir.Value {
	mask := op.Operand(0)
	src := inner.Operand(0)
	vt, ok := fixedVector(src)
	mt, okm := fixedVector(mask)
	if !ok || !okm || !slices.Equal(vt.Dims, mt.Dims) || op.NumOperands() != 1 {
		return nil
	}
	neutral := neutralAttr(op.Context(), vector.KindOf(inner), vt.Elem)
	if neutral == nil {
		return nil
	}
	b := at(rw, op)
	fill := b.Constant(b.Context().DenseSplat(vt, neutral), vt)
	masked := b.Op("arith.select", []*ir.Value{mask, src, fill}, []ir.Type{vt})
	operands := append([]*ir.Value{masked}, inner.Operands()[1:]...)
	o := b.RW.Create(&ir.OpState{Name: inner.Name(), Loc: inner.Loc(), Operands: operands,
		ResultTypes: inner.ResultTypes(), Attrs: inner.Attrs()})
	return resultsOrEmpty(o)
}

// neutralAttr returns the value x for which combining with x under kind k
// changes nothing, on element type t (nil for index, whose width the
// target decides, and for kinds t does not support).
func neutralAttr(ctx *ir.Context, k vector.CombiningKind, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		v, ok := map[vector.CombiningKind]float64{vector.KindAdd: math.Copysign(0, -1), vector.KindMul: 1,
			vector.KindMinNumF: math.Inf(1), vector.KindMinimumF: math.Inf(1),
			vector.KindMaxNumF: math.Inf(-1), vector.KindMaximumF: math.Inf(-1)}[k]
		if !ok {
			return nil
		}
		return ctx.FloatAttr(ft, v)
	}
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Width > 64 {
		return nil
	}
	w := uint(it.Width)
	v, ok := map[vector.CombiningKind]int64{vector.KindAdd: 0, vector.KindMul: 1, vector.KindOr: 0, vector.KindXor: 0,
		vector.KindAnd: -1, vector.KindMinUI: -1, vector.KindMaxUI: 0,
		vector.KindMinSI: int64(uint64(1)<<(w-1) - 1), vector.KindMaxSI: -int64(uint64(1) << (w - 1))}[k]
	if !ok {
		return nil
	}
	return ctx.IntegerAttr(t, v)
}

// lowerScan rewrites vector.scan element by element, as MLIR's
// ScanToArithOps does slice by slice: along the scanned dimension each
// result combines the previous one with the current element (inclusive)
// or the previous element (exclusive, starting from the initial value);
// the second result is the last result of each line.
var lowerScan = &ir.Pattern{Name: "vector-lower-scan", Root: "vector.scan",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt, ok := fixedVector(op.Operand(0))
		it, oki := fixedVector(op.Operand(1))
		dim, inclusive := vector.ScanDim(op)
		if !ok || !oki || dim < 0 || int(dim) >= len(vt.Dims) {
			return false
		}
		combine := vector.ArithCombiner(vector.KindOf(op), vt.Elem)
		if combine == "" {
			return false
		}
		b := at(rw, op)
		src, init := op.Operand(0), op.Operand(1)
		out := make([]*ir.Value, vector.Product(vt.Dims))
		var last []*ir.Value
		n := vt.Dims[dim]
		forEach(it.Dims, func(line []int64) {
			posAt := func(k int64) []int64 {
				return append(append(append([]int64(nil), line[:dim]...), k), line[dim:]...)
			}
			var prev, prevIn *ir.Value
			for k := int64(0); k < n; k++ {
				x := b.Extract(src, posAt(k))
				var r *ir.Value
				switch {
				case k == 0 && inclusive:
					r = x
				case k == 0:
					r = b.Extract(init, line)
				case inclusive:
					r = b.Op(combine, []*ir.Value{prev, x}, []ir.Type{vt.Elem})
				default:
					r = b.Op(combine, []*ir.Value{prev, prevIn}, []ir.Type{vt.Elem})
				}
				out[linear(posAt(k), vt.Dims)] = r
				prev, prevIn = r, x
			}
			last = append(last, prev)
		})
		rw.ReplaceOp(op, []*ir.Value{
			b.Op("vector.from_elements", out, []ir.Type{vt}),
			b.Op("vector.from_elements", last, []ir.Type{it}),
		})
		return true
	}}

// linear returns the row-major offset of pos in shape.
func linear(pos, shape []int64) int64 {
	var l int64
	for i, p := range pos {
		l = l*shape[i] + p
	}
	return l
}

// lowerCompressed rewrites vector.expandload and vector.compressstore
// lane by lane: lane i whose mask bit is set reads or writes the element
// at the base plus the number of set bits before it, under scf.if so that
// masked-off lanes never touch memory; unset lanes of a load take the
// pass-through.
var lowerCompressed = &ir.Pattern{Name: "vector-lower-expand-compress",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		load := op.Name() == "vector.expandload"
		if !load && op.Name() != "vector.compressstore" {
			return false
		}
		n := op.NumOperands()
		if n < 4 {
			return false // no index: nothing to count along
		}
		base, indices, mask, v := op.Operand(0), op.Operands()[1:n-2], op.Operand(n-2), op.Operand(n-1)
		vt, ok := fixedVector(v)
		_, isMem := base.Type().(*ir.MemRefType)
		if !ok || !isMem || len(vt.Dims) != 1 {
			return false
		}
		b := at(rw, op)
		idx := append([]*ir.Value(nil), indices...)
		last := len(idx) - 1
		one, zero := b.Index(1), b.Index(0)
		var elems []*ir.Value
		for i := int64(0); i < vt.Dims[0]; i++ {
			on := b.Extract(mask, []int64{i})
			lane := append([]*ir.Value(nil), idx...)
			if load {
				elems = append(elems, b.ifThen(on, []ir.Type{vt.Elem}, func(b *builder) []*ir.Value {
					return []*ir.Value{b.Op("memref.load", append([]*ir.Value{base}, lane...), []ir.Type{vt.Elem})}
				}, func(b *builder) []*ir.Value { return []*ir.Value{b.Extract(v, []int64{i})} })[0])
			} else {
				b.ifThen(on, nil, func(b *builder) []*ir.Value {
					b.Op("memref.store", append([]*ir.Value{b.Extract(v, []int64{i}), base}, lane...), nil)
					return nil
				}, nil)
			}
			if i+1 < vt.Dims[0] {
				step := b.Op("arith.select", []*ir.Value{on, one, zero}, []ir.Type{b.Context().Index()})
				idx[last] = b.Op("arith.addi", []*ir.Value{idx[last], step}, []ir.Type{b.Context().Index()})
			}
		}
		if load {
			rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, []ir.Type{vt})})
		} else {
			rw.EraseOp(op)
		}
		return true
	}}
