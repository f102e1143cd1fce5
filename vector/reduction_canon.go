package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// elideUnitDimsMultiReduction: a multi_reduction whose reduced dims are
// all unit combines the accumulator with the source, shape_cast to the
// result (or extracted, when every dim is reduced).
var elideUnitDimsMultiReduction = &ir.Pattern{
	Name: "ElideUnitDimsInMultiDimReduction",
	Root: "vector.multi_reduction",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		src, ok := vectorOf(op.Operand(0))
		if !ok {
			return false
		}
		for _, d := range attrInts(op, "reduction_dims") {
			if d < 0 || int(d) >= len(src.Dims) || src.Dims[d] != 1 || isScalableDim(src, int(d)) {
				return false
			}
		}
		rt := op.Result(0).Type()
		combine := ArithCombiner(KindOf(op), rt)
		if combine == "" {
			return false
		}
		// Under a vector.mask, the mask op is replaced and the mask reshaped
		// like the source; masked-off lanes keep the source's value.
		root, mask, ok := maskingRoot(op)
		if !ok {
			return false
		}
		rw.SetInsertionPointBefore(root)
		ctx := op.Context()
		reshape := func(v *ir.Value, elem ir.Type) *ir.Value {
			if vt, isVec := rt.(*ir.VectorType); isVec {
				t := ctx.ScalableVector(vt.Dims, vt.Scalable, elem)
				return rw.Create(&ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
			}
			return rw.Create(&ir.OpState{Name: "vector.extract", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: []ir.Type{elem},
				Attrs: []ir.NamedAttr{{Name: "static_position", Value: ctx.DenseI64Array(make([]int64, len(src.Dims))...)}}}).Result(0)
		}
		if mask != nil {
			mask = reshape(mask, ctx.I(1))
		}
		cast := reshape(op.Operand(0), src.Elem)
		res := rw.Create(&ir.OpState{Name: combine, Loc: op.Loc(), Operands: []*ir.Value{op.Operand(1), cast}, ResultTypes: []ir.Type{rt}}).Result(0)
		if mask != nil {
			res = rw.Create(&ir.OpState{Name: "arith.select", Loc: op.Loc(), Operands: []*ir.Value{mask, res, cast}, ResultTypes: []ir.Type{rt}}).Result(0)
		}
		rw.ReplaceOp(root, []*ir.Value{res})
		return true
	},
}

// maskingRoot returns the op a rewrite of op replaces: op, or the
// vector.mask that masks it, with its mask. ok is false for a mask op
// this cannot handle (a pass-through, or more results).
func maskingRoot(op *ir.Operation) (root *ir.Operation, mask *ir.Value, ok bool) {
	p := op.ParentOp()
	if p == nil || p.Name() != "vector.mask" {
		return op, nil, true
	}
	if MaskedOp(p) != op || p.NumOperands() != 1 || p.NumResults() != 1 {
		return nil, nil, false
	}
	return p, p.Operand(0), true
}
