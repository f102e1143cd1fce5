package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/tensor"
)

// The folds of vector.transfer_read and vector.transfer_write, as MLIR's
// TransferReadOp::fold and TransferWriteOp::fold do them.

// xfer is what the folds need of either transfer op: its parts and the
// operand indices of its base and mask.
type xfer struct {
	TransferParts
	baseIdx int
	maskIdx int // when there is a mask
}

func transferOf(op *ir.Operation) (xfer, bool) {
	p, ok := TransferOf(op)
	x := xfer{TransferParts: p, maskIdx: op.NumOperands() - 1}
	if p.Write {
		x.baseIdx = 1
	}
	return x, ok && len(x.InBounds) == len(x.Map.Results)
}

func (x xfer) shaped() ir.ShapedType { return x.Base.Type().(ir.ShapedType) }

func (x xfer) outOfBounds() bool { return slices.Contains(x.InBounds, false) }

// foldInBounds marks in bounds the dims that provably are: a constant,
// non-negative index plus the vector size within a static source dim;
// broadcast dims when all the others are.
func (x xfer) foldInBounds() bool {
	if len(x.Map.Results) == 0 {
		return false
	}
	shape := x.shaped().Shape()
	ib := slices.Clone(x.InBounds)
	changed, allIn := false, true
	for i, r := range x.Map.Results {
		if ib[i] || r.Kind != ir.AffineDim {
			continue
		}
		d := int(r.Value)
		c, isConst := constIntOf(x.Indices[d])
		// The start counts too: a negative index is out of bounds (MLIR PR 219681).
		if isConst && shape[d] != ir.Dynamic && c >= 0 && c <= shape[d]-x.VT.Dims[i] {
			ib[i], changed = true, true
		} else {
			allIn = false
		}
	}
	if allIn {
		for i, r := range x.Map.Results {
			if r.Kind == ir.AffineConst && !ib[i] {
				ib[i], changed = true, true
			}
		}
	}
	if changed {
		x.Op.SetAttr("in_bounds", BoolArrayAttr(x.Op.Context(), ib))
	}
	return changed
}

// foldFullMask drops an all-true mask.
func (x xfer) foldFullMask() bool {
	if x.Mask == nil || MaskFormatOf(x.Mask) != AllTrue {
		return false
	}
	seg := slices.Clone(attrInts(x.Op, "operandSegmentSizes"))
	seg[len(seg)-1] = 0
	x.Op.SetOperands(slices.Clone(x.Op.Operands()[:x.maskIdx]))
	x.Op.SetAttr("operandSegmentSizes", x.Op.Context().DenseI32Array(seg...))
	return true
}

// foldMemRefCast reads or writes the source of a memref.cast of a ranked
// memref instead (memref.FoldMemRefCast: the base is the only memref
// operand).
func (x xfer) foldMemRefCast() bool { return memref.FoldMemRefCast(x.Op, nil) }

// foldTensorCast reads the source of a tensor.cast that loses static
// sizes (MLIR's tensor::foldTensorCast; reads only, since a write's
// result has its base's type).
func (x xfer) foldTensorCast() bool {
	c := x.Base.DefiningOp()
	if !tensor.FoldableCast(c) {
		return false
	}
	x.Op.SetOperand(x.baseIdx, c.Operand(0))
	return true
}

// disjoint reports whether two transfers of the same vector type provably
// touch different elements (MLIR's isDisjointTransferIndices).
func disjoint(a, b xfer) bool {
	if a.VT != b.VT || len(a.Indices) != len(b.Indices) {
		return false
	}
	lead := len(a.Indices) - len(a.Map.Results)
	for i := range a.Indices {
		ca, ok1 := constIntOf(a.Indices[i])
		cb, ok2 := constIntOf(b.Indices[i])
		if !ok1 || !ok2 {
			continue
		}
		if i < lead {
			if ca != cb {
				return true
			}
		} else if d := ca - cb; max(d, -d) >= a.VT.Dims[i-lead] {
			return true
		}
	}
	return false
}

func sameTransfer(a, b xfer) bool {
	// Affine map attributes are uniqued: equal maps are the same attribute.
	return slices.Equal(a.Indices, b.Indices) && a.VT == b.VT && a.Op.Attr("permutation_map") == b.Op.Attr("permutation_map")
}

func foldTransferRead(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	x, ok := transferOf(op)
	if !ok {
		return nil, false
	}
	if x.foldInBounds() || x.foldFullMask() || x.foldMemRefCast() || x.foldTensorCast() {
		return nil, true
	}
	// A read of what a write to a tensor stored is the written vector; the
	// walk goes back through writes that are disjoint from the read.
	if _, isTensor := x.Base.Type().(*ir.RankedTensorType); !isTensor {
		return nil, false
	}
	for w := x.Base.DefiningOp(); w != nil && w.Name() == "vector.transfer_write"; w = w.Operand(1).DefiningOp() {
		wx, ok := transferOf(w)
		if !ok {
			return nil, false
		}
		if !wx.outOfBounds() && wx.Mask == nil && x.Mask == nil && sameTransfer(wx, x) {
			return foldTo(w.Operand(0))
		}
		if !disjoint(wx, x) {
			break
		}
	}
	return nil, false
}

func foldTransferWrite(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	x, ok := transferOf(op)
	if !ok || len(x.Map.Results) == 0 {
		return nil, false
	}
	if tt, isTensor := x.Base.Type().(*ir.RankedTensorType); isTensor {
		if r := op.Operand(0).DefiningOp(); r != nil && r.Name() == "vector.transfer_read" {
			rx, ok := transferOf(r)
			// Writing back a whole tensor read from offset zero gives the read tensor.
			if ok && len(rx.Map.Results) == len(x.Map.Results) && rx.Map.IsMinorIdentity() && x.Map.IsMinorIdentity() &&
				!rx.outOfBounds() && !x.outOfBounds() && rx.Base.Type() == tt && rx.VT == x.VT &&
				slices.Equal(rx.VT.Dims, tt.Shape()) && allZero(rx.Indices) && allZero(x.Indices) {
				return foldTo(rx.Base)
			}
			// Writing back what was just read changes nothing.
			if ok && rx.Base == x.Base && sameTransfer(rx, x) && rx.Mask == nil && x.Mask == nil {
				return foldTo(rx.Base)
			}
		}
	}
	if x.foldInBounds() || x.foldFullMask() || x.foldMemRefCast() {
		return nil, true
	}
	return nil, false
}

func allZero(vs []*ir.Value) bool {
	for _, v := range vs {
		if c, ok := constIntOf(v); !ok || c != 0 {
			return false
		}
	}
	return true
}

// foldWAW: a write to a tensor that overwrites exactly what an earlier
// write in its chain wrote (with only disjoint, single-use writes between)
// makes that earlier write dead; the write after it takes its base instead.
var foldWAW = &ir.Pattern{
	Name: "FoldWaw",
	Root: "vector.transfer_write",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		x, ok := transferOf(op)
		if _, isTensor := x.Base.Type().(*ir.RankedTensorType); !ok || !isTensor {
			return false
		}
		toModify := op
		for def := x.Base.DefiningOp(); def != nil && def.Name() == "vector.transfer_write"; def = def.Operand(1).DefiningOp() {
			dx, ok := transferOf(def)
			if !ok {
				return false
			}
			if sameTransfer(x, dx) && x.Mask == dx.Mask {
				rw.ModifyInPlace(toModify, func() { toModify.SetOperand(1, def.Operand(1)) })
				return true
			}
			if !disjoint(dx, x) || !def.Result(0).HasOneUse() {
				return false
			}
			toModify = def
		}
		return false
	},
}

// chunk returns the size a transfer accesses in each source dim (MLIR's
// getTransferChunkAccessed).
func (x xfer) chunk() []int64 {
	sizes := make([]int64, x.Map.Dims)
	for i, r := range x.Map.Results {
		if r.Kind == ir.AffineDim {
			sizes[r.Value] = x.VT.Dims[i]
		}
	}
	return sizes
}

// readAfterWriteToBroadcast: a read of exactly the chunk a tensor write
// stored, with another permutation map, is a transpose of a broadcast of
// the written vector (MLIR's TransferReadAfterWriteToBroadcast).
var readAfterWriteToBroadcast = &ir.Pattern{
	Name: "TransferReadAfterWriteToBroadcast",
	Root: "vector.transfer_read",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		r, ok1 := transferOf(op)
		def := r.Base.DefiningOp()
		if !ok1 || def == nil || def.Name() != "vector.transfer_write" {
			return false
		}
		w, ok2 := transferOf(def)
		_, tensor1 := r.Base.Type().(*ir.RankedTensorType)
		_, tensor2 := w.Base.Type().(*ir.RankedTensorType)
		if !ok2 || !tensor1 || !tensor2 || r.Mask != nil || w.Mask != nil || !slices.Equal(r.Indices, w.Indices) ||
			r.outOfBounds() || w.outOfBounds() || !slices.Equal(r.chunk(), w.chunk()) {
			return false
		}
		// src[d] is the written vector's dim that holds source dim d (-1
		// for dims the write does not use).
		src := make([]int64, w.Map.Dims)
		for i := range src {
			src[i] = -1
		}
		for i, e := range w.Map.Results {
			if e.Kind != ir.AffineDim {
				return false
			}
			src[e.Value] = int64(i)
		}
		// Compose the read map with the inverse of the write map: each read
		// dim is a written vector dim or a broadcast (constant 0).
		composed := make([]int64, len(r.Map.Results))
		used := make([]bool, len(w.Map.Results))
		var bcast []int64
		for i, e := range r.Map.Results {
			switch {
			case e.Kind == ir.AffineDim && src[e.Value] >= 0:
				composed[i] = src[e.Value]
				used[composed[i]] = true
			case e.Kind == ir.AffineConst && e.Value == 0:
				composed[i] = -1
				bcast = append(bcast, int64(i))
			default:
				return false
			}
		}
		if slices.Contains(used, false) {
			return false
		}
		invPerm := append(bcast, make([]int64, len(composed)-len(bcast))...)
		for i, c := range composed {
			if c >= 0 {
				invPerm[c+int64(len(bcast))] = int64(i)
			}
		}
		perm := make([]int64, len(invPerm))
		shape := make([]int64, len(invPerm))
		var scalable []bool
		for i, p := range invPerm {
			perm[p] = int64(i)
			shape[i] = r.VT.Dims[p]
			scalable = append(scalable, isScalableDim(r.VT, int(p)))
		}
		ctx := op.Context()
		rw.SetInsertionPointBefore(op)
		b := rw.Create(&ir.OpState{Name: "vector.broadcast", Loc: op.Loc(), Operands: []*ir.Value{def.Operand(0)},
			ResultTypes: []ir.Type{ctx.ScalableVector(shape, scalableOrNil(scalable), r.VT.Elem)}})
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.transpose", Loc: op.Loc(), Operands: b.Results(), ResultTypes: op.ResultTypes(),
			Attrs: []ir.NamedAttr{{Name: "permutation", Value: ctx.DenseI64Array(perm...)}}})
		return true
	},
}
