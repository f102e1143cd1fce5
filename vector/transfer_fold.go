package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/tensor"
)

// The folds of vector.transfer_read and vector.transfer_write, as MLIR's
// TransferReadOp::fold and TransferWriteOp::fold do them.

// xfer is what the folds need of either transfer op.
type xfer struct {
	op       *ir.Operation
	base     *ir.Value
	baseIdx  int // operand index of the base
	indices  []*ir.Value
	mask     *ir.Value
	maskIdx  int // operand index of the mask, when there is one
	vt       *ir.VectorType
	pm       *ir.AffineMap
	inBounds []bool
}

func transferOf(op *ir.Operation) (xfer, bool) {
	x := xfer{op: op, pm: permutationMap(op)}
	var ok bool
	if op.Name() == "vector.transfer_read" {
		v := TransferRead{op}
		x.base, x.indices, x.mask, x.inBounds = v.Base(), v.Indices(), v.Mask(), v.InBounds()
		x.vt, ok = op.Result(0).Type().(*ir.VectorType)
	} else {
		v := TransferWrite{op}
		x.base, x.baseIdx, x.indices, x.mask, x.inBounds = v.Base(), 1, v.Indices(), v.Mask(), v.InBounds()
		x.vt, ok = vectorOf(v.Value())
	}
	x.maskIdx = op.NumOperands() - 1
	return x, ok && len(x.inBounds) == len(x.pm.Results)
}

func (x xfer) shaped() ir.ShapedType { return x.base.Type().(ir.ShapedType) }

func (x xfer) outOfBounds() bool { return slices.Contains(x.inBounds, false) }

// foldInBounds marks in bounds the dims that provably are: a constant,
// non-negative index plus the vector size within a static source dim;
// broadcast dims when all the others are.
func (x xfer) foldInBounds() bool {
	if len(x.pm.Results) == 0 {
		return false
	}
	shape := x.shaped().Shape()
	ib := slices.Clone(x.inBounds)
	changed, allIn := false, true
	for i, r := range x.pm.Results {
		if ib[i] || r.Kind != ir.AffineDim {
			continue
		}
		d := int(r.Value)
		c, isConst := constIntOf(x.indices[d])
		// The start counts too: a negative index is out of bounds (MLIR PR 219681).
		if isConst && shape[d] != ir.Dynamic && c >= 0 && c <= shape[d]-x.vt.Dims[i] {
			ib[i], changed = true, true
		} else {
			allIn = false
		}
	}
	if allIn {
		for i, r := range x.pm.Results {
			if r.Kind == ir.AffineConst && !ib[i] {
				ib[i], changed = true, true
			}
		}
	}
	if changed {
		x.op.SetAttr("in_bounds", BoolArrayAttr(x.op.Context(), ib))
	}
	return changed
}

// foldFullMask drops an all-true mask.
func (x xfer) foldFullMask() bool {
	if x.mask == nil || MaskFormatOf(x.mask) != AllTrue {
		return false
	}
	seg := slices.Clone(attrInts(x.op, "operandSegmentSizes"))
	seg[len(seg)-1] = 0
	x.op.SetOperands(slices.Clone(x.op.Operands()[:x.maskIdx]))
	x.op.SetAttr("operandSegmentSizes", x.op.Context().DenseI32Array(seg...))
	return true
}

// foldMemRefCast reads or writes the source of a memref.cast of a ranked
// memref instead.
func (x xfer) foldMemRefCast() bool {
	c := x.base.DefiningOp()
	if c == nil || c.Name() != "memref.cast" {
		return false
	}
	if _, ranked := c.Operand(0).Type().(*ir.MemRefType); !ranked {
		return false
	}
	x.op.SetOperand(x.baseIdx, c.Operand(0))
	return true
}

// foldTensorCast reads the source of a tensor.cast that loses static
// sizes (MLIR's tensor::foldTensorCast; reads only, since a write's
// result has its base's type).
func (x xfer) foldTensorCast() bool {
	c := x.base.DefiningOp()
	if !tensor.FoldableCast(c) {
		return false
	}
	x.op.SetOperand(x.baseIdx, c.Operand(0))
	return true
}

// disjoint reports whether two transfers of the same vector type provably
// touch different elements (MLIR's isDisjointTransferIndices).
func disjoint(a, b xfer) bool {
	if a.vt != b.vt || len(a.indices) != len(b.indices) {
		return false
	}
	lead := len(a.indices) - len(a.pm.Results)
	for i := range a.indices {
		ca, ok1 := constIntOf(a.indices[i])
		cb, ok2 := constIntOf(b.indices[i])
		if !ok1 || !ok2 {
			continue
		}
		if i < lead {
			if ca != cb {
				return true
			}
		} else if d := ca - cb; max(d, -d) >= a.vt.Dims[i-lead] {
			return true
		}
	}
	return false
}

func sameTransfer(a, b xfer) bool {
	// Affine map attributes are uniqued: equal maps are the same attribute.
	return slices.Equal(a.indices, b.indices) && a.vt == b.vt && a.op.Attr("permutation_map") == b.op.Attr("permutation_map")
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
	if _, isTensor := x.base.Type().(*ir.RankedTensorType); !isTensor {
		return nil, false
	}
	for w := x.base.DefiningOp(); w != nil && w.Name() == "vector.transfer_write"; w = w.Operand(1).DefiningOp() {
		wx, ok := transferOf(w)
		if !ok {
			return nil, false
		}
		if !wx.outOfBounds() && wx.mask == nil && x.mask == nil && sameTransfer(wx, x) {
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
	if !ok || len(x.pm.Results) == 0 {
		return nil, false
	}
	if tt, isTensor := x.base.Type().(*ir.RankedTensorType); isTensor {
		if r := op.Operand(0).DefiningOp(); r != nil && r.Name() == "vector.transfer_read" {
			rx, ok := transferOf(r)
			// Writing back a whole tensor read from offset zero gives the read tensor.
			if ok && len(rx.pm.Results) == len(x.pm.Results) && rx.pm.IsMinorIdentity() && x.pm.IsMinorIdentity() &&
				!rx.outOfBounds() && !x.outOfBounds() && rx.base.Type() == tt && rx.vt == x.vt &&
				slices.Equal(rx.vt.Dims, tt.Shape()) && allZero(rx.indices) && allZero(x.indices) {
				return foldTo(rx.base)
			}
			// Writing back what was just read changes nothing.
			if ok && rx.base == x.base && sameTransfer(rx, x) && rx.mask == nil && x.mask == nil {
				return foldTo(rx.base)
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

// deadTensorWrite erases a transfer_write to a tensor whose result is
// unused: on tensors it has no effect (MLIR reports its memory effects only
// on memrefs, so it is trivially dead there).
var deadTensorWrite = &ir.Pattern{
	Name: "DeadTensorTransferWrite",
	Root: "vector.transfer_write",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumResults() != 1 || op.HasResultUses() {
			return false
		}
		rw.EraseOp(op)
		return true
	},
}

// foldWAW: a write to a tensor that overwrites exactly what an earlier
// write in its chain wrote (with only disjoint, single-use writes between)
// makes that earlier write dead; the write after it takes its base instead.
var foldWAW = &ir.Pattern{
	Name: "FoldWaw",
	Root: "vector.transfer_write",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		x, ok := transferOf(op)
		if _, isTensor := x.base.Type().(*ir.RankedTensorType); !ok || !isTensor {
			return false
		}
		toModify := op
		for def := x.base.DefiningOp(); def != nil && def.Name() == "vector.transfer_write"; def = def.Operand(1).DefiningOp() {
			dx, ok := transferOf(def)
			if !ok {
				return false
			}
			if sameTransfer(x, dx) && x.mask == dx.mask {
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
	sizes := make([]int64, x.pm.Dims)
	for i, r := range x.pm.Results {
		if r.Kind == ir.AffineDim {
			sizes[r.Value] = x.vt.Dims[i]
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
		def := r.base.DefiningOp()
		if !ok1 || def == nil || def.Name() != "vector.transfer_write" {
			return false
		}
		w, ok2 := transferOf(def)
		_, tensor1 := r.base.Type().(*ir.RankedTensorType)
		_, tensor2 := w.base.Type().(*ir.RankedTensorType)
		if !ok2 || !tensor1 || !tensor2 || r.mask != nil || w.mask != nil || !slices.Equal(r.indices, w.indices) ||
			r.outOfBounds() || w.outOfBounds() || !slices.Equal(r.chunk(), w.chunk()) {
			return false
		}
		// src[d] is the written vector's dim that holds source dim d (-1
		// for dims the write does not use).
		src := make([]int64, w.pm.Dims)
		for i := range src {
			src[i] = -1
		}
		for i, e := range w.pm.Results {
			if e.Kind != ir.AffineDim {
				return false
			}
			src[e.Value] = int64(i)
		}
		// Compose the read map with the inverse of the write map: each read
		// dim is a written vector dim or a broadcast (constant 0).
		composed := make([]int64, len(r.pm.Results))
		used := make([]bool, len(w.pm.Results))
		var bcast []int64
		for i, e := range r.pm.Results {
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
			shape[i] = r.vt.Dims[p]
			scalable = append(scalable, isScalableDim(r.vt, int(p)))
		}
		ctx := op.Context()
		rw.SetInsertionPointBefore(op)
		b := rw.Create(&ir.OpState{Name: "vector.broadcast", Loc: op.Loc(), Operands: []*ir.Value{def.Operand(0)},
			ResultTypes: []ir.Type{ctx.ScalableVector(shape, scalableOrNil(scalable), r.vt.Elem)}})
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.transpose", Loc: op.Loc(), Operands: b.Results(), ResultTypes: op.ResultTypes(),
			Attrs: []ir.NamedAttr{{Name: "permutation", Value: ctx.DenseI64Array(perm...)}}})
		return true
	},
}
