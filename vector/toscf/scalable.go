package toscf

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// scalableTransposeWrite is MLIR's ScalableTransposeTransferWriteConversion
// (lower-scalable): a transfer_write of vector.transpose [1, 0] to a
// vector<[N]xM> becomes an scf.for over the scalable dimension (or its
// mask size) writing M-element rows gathered from the transpose's source.
func (o Options) scalableTransposeWrite(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || !x.Write || x.tensor() && !o.LowerTensors || len(x.VT.Dims) != 2 ||
		!slices.Equal(x.VT.Scalable, []bool{true, false}) || !x.Map.IsIdentity() || !x.dimInBounds(0) {
		return false
	}
	tr := x.Vector.DefiningOp()
	if tr == nil || tr.Name() != "vector.transpose" || !slices.Equal(vector.Transpose{Operation: tr}.Permutation(), []int64{1, 0}) {
		return false
	}
	ctx := op.Context()
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	var vscale *ir.Value
	vscaled := func(n int64) *ir.Value {
		if vscale == nil {
			vscale = bd.Op("vector.vscale", nil, []ir.Type{ctx.Index()})
		}
		return bd.Op("arith.muli", []*ir.Value{vscale, bd.Index(n)}, []ir.Type{ctx.Index()})
	}
	var maskDims []*ir.Value
	if x.Mask != nil {
		d := x.Mask.DefiningOp()
		switch {
		case d != nil && d.Name() == "vector.create_mask":
			maskDims = d.Operands()
		case d != nil && d.Name() == "vector.constant_mask":
			mt := x.Mask.Type().(*ir.VectorType)
			sizes, _ := d.Attr("mask_dim_sizes").(*ir.DenseArrayAttr)
			if sizes == nil {
				return false
			}
			for i, s := range sizes.Ints {
				if len(mt.Scalable) > i && mt.Scalable[i] {
					maskDims = append(maskDims, vscaled(s))
				} else {
					maskDims = append(maskDims, bd.Index(s))
				}
			}
		default:
			return false // failed to resolve mask dims
		}
	}
	src := tr.Operand(0)
	m := x.VT.Dims[1]
	slices := make([]*ir.Value, m)
	for i := range slices {
		slices[i] = bd.ExtractAt(src, int64(i))
	}
	lb := bd.Index(0)
	var ub *ir.Value
	if maskDims == nil {
		ub = vscaled(x.VT.Dims[0])
	} else {
		ub = maskDims[0]
	}
	step := bd.Index(1)
	rowT := ctx.Vector([]int64{m}, x.VT.Elem)
	var rowMask *ir.Value
	if maskDims != nil {
		rowMask = bd.Op("vector.create_mask", maskDims[1:], []ir.Type{ctx.Vector([]int64{m}, ctx.I(1))})
	}
	var init *ir.Value
	if x.tensor() {
		init = x.Base
	}
	loop := bd.loop(lb, ub, step, init, func(bd b, iv, state *ir.Value) *ir.Value {
		idx := bd.xferIndices(x, iv)
		elems := make([]*ir.Value, m)
		for i, s := range slices {
			elems[i] = bd.ExtractAt(s, iv)
		}
		row := bd.Op("vector.from_elements", elems, []ir.Type{rowT})
		dest := x.Base
		if state != nil {
			dest = state
		}
		nw := bd.newWrite(row, dest, idx, x.innerMap(), rowMask, x.innerInBounds())
		if state != nil {
			return nw.Result(0)
		}
		return nil
	})
	if init != nil {
		rw.ReplaceOp(op, loop.Results())
	} else {
		rw.EraseOp(op)
	}
	return true
}
