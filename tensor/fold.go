package tensor

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// The folders of the element ops (ExtractOp::fold, InsertOp::fold and
// FromElementsOp::fold in MLIR's TensorOps.cpp) and the extract patterns.

// foldExtract is ExtractOp::fold: an element of a splat constant (at any
// indices), and at constant indices an element of tensor.from_elements, of
// a dense constant, or the scalar a tensor.insert just put there.
func foldExtract(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
	d, isDense := consts[0].(*ir.DenseElementsAttr)
	if isDense && d.IsSplat() {
		if e := d.ElementAttr(op.Context(), 0); e != nil {
			return []ir.FoldResult{{Attr: e}}, true
		}
	}
	idx := make([]int64, len(consts)-1)
	for i, c := range consts[1:] {
		ia, ok := c.(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		idx[i] = ia.Int()
	}
	t := ranked(op.Operand(0).Type())
	if t == nil || len(idx) != len(t.Dims) {
		return nil, false
	}
	// The row-major position; out of bounds in code that never runs.
	flat, inBounds := int64(0), true
	for i, x := range idx {
		inBounds = inBounds && x >= 0 && (t.Dims[i] == ir.Dynamic || x < t.Dims[i])
		flat = flat*t.Dims[i] + x
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "tensor.from_elements" {
		if !inBounds || flat >= int64(def.NumOperands()) {
			return nil, false
		}
		return []ir.FoldResult{{Value: def.Operand(int(flat))}}, true
	}
	if isDense && inBounds {
		if e := d.ElementAttr(op.Context(), int(flat)); e != nil {
			return []ir.FoldResult{{Attr: e}}, true
		}
	}
	if v := extractAfterInsert(op, consts[1:]); v != nil {
		return []ir.FoldResult{{Value: v}}, true
	}
	return nil, false
}

// extractAfterInsert is MLIR's foldExtractAfterInsert: the scalar a
// tensor.insert put at the indices extracted, each index the same value or
// the same constant.
func extractAfterInsert(op *ir.Operation, consts []ir.Attribute) *ir.Value {
	ins := op.Operand(0).DefiningOp()
	if ins == nil || ins.Name() != "tensor.insert" || ins.Operand(0).Type() != op.Result(0).Type() ||
		ins.NumOperands()-2 != op.NumOperands()-1 {
		return nil
	}
	for i, v := range op.Operands()[1:] {
		w := ins.Operand(i + 2)
		if v == w {
			continue
		}
		a, ok1 := consts[i].(*ir.IntegerAttr)
		b, ok2 := ir.ConstantIntAttr(w)
		if !ok1 || !ok2 || a != b {
			return nil
		}
	}
	return ins.Operand(0)
}

// extractFromCast is MLIR's ExtractFromTensorCast: an element of a cast
// of a ranked tensor is that element of the tensor.
func extractFromCast(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	if c == nil || c.Name() != "tensor.cast" || ranked(c.Operand(0).Type()) == nil {
		return false
	}
	rw.ModifyInPlace(op, func() { op.SetOperand(0, c.Operand(0)) })
	return true
}

// foldInsert is InsertOp::fold: inserting a splat constant's own value
// changes nothing.
func foldInsert(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
	d, ok := consts[1].(*ir.DenseElementsAttr)
	if !ok || !d.IsSplat() || consts[0] == nil || d.ElementAttr(op.Context(), 0) != consts[0] {
		return nil, false
	}
	return []ir.FoldResult{{Attr: d}}, true
}

// foldFromElements is FromElementsOp::fold: constant elements make a dense
// constant.
func foldFromElements(op *ir.Operation, consts []ir.Attribute) ([]ir.FoldResult, bool) {
	t := ranked(op.Result(0).Type())
	if t == nil || len(consts) == 0 {
		return nil, false
	}
	ctx := op.Context()
	var d *ir.DenseElementsAttr
	switch e := t.Elem.(type) {
	case *ir.FloatType:
		fs := make([]float64, len(consts))
		for i, c := range consts {
			f, ok := c.(*ir.FloatAttr)
			if !ok {
				return nil, false
			}
			fs[i] = f.Value()
		}
		d = ctx.DenseFloats(t, fs)
	case *ir.IntegerType, *ir.IndexType:
		ints := make([]*ir.IntegerAttr, len(consts))
		for i, c := range consts {
			ia, ok := c.(*ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			ints[i] = ia
		}
		if it, ok := e.(*ir.IntegerType); ok && it.Width > 64 {
			bs := make([]*big.Int, len(ints))
			for i, ia := range ints {
				bs[i] = ia.Big()
			}
			d = ctx.DenseBigInts(t, bs)
		} else {
			is := make([]int64, len(ints))
			for i, ia := range ints {
				is[i] = ia.Int()
			}
			d = ctx.DenseInts(t, is)
		}
	}
	if d == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: d}}, true
}
