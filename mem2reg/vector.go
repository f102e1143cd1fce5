package mem2reg

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// The vector transfer and memref.copy implementations, as MLIR's Vector
// MemorySlotOpInterfaceImpl.cpp: a memref.alloca whose slot is the whole
// buffer as one vector (memref.go's wholeBufferSlot) is read and written by
// transfers of exactly that vector at the origin. A masked read selects the
// padding on its inactive lanes, a masked write keeps the previous value on
// them. A memref.copy into or out of such a slot is a whole-buffer read of
// its source or write of its target, as MLIR's MemRef
// MemorySlotOpInterfaceImpl.cpp.
func init() {
	RegisterMemOp("vector.transfer_read", transfer{})
	RegisterMemOp("vector.transfer_write", transfer{})
	RegisterMemOp("memref.copy", copyOp{})
}

type transfer struct{}

func (transfer) LoadsFrom(op *ir.Operation, s Slot) bool {
	x, ok := vector.TransferOf(op)
	return ok && !x.Write && x.Base == s.Ptr
}

func (transfer) StoresTo(op *ir.Operation, s Slot) bool {
	x, ok := vector.TransferOf(op)
	return ok && x.Write && x.Base == s.Ptr
}

// CanUsesBeRemoved accepts a transfer whose only use of the slot is as its
// memref base, moving the slot's vector type through the identity map from
// constant zero indices with every dimension in bounds (MLIR's
// isPromotableTransfer; Kiln has no dynamic-subview slots, whose transfers
// MLIR lets run out of bounds).
func (transfer) CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	x, ok := vector.TransferOf(op)
	if !ok || len(uses) != 1 || uses[0].Get() != s.Ptr || x.Base != s.Ptr {
		return false
	}
	if _, ok := x.Base.Type().(*ir.MemRefType); !ok || x.VT != s.Elem || !x.Map.IsIdentity() {
		return false
	}
	for _, i := range x.Indices {
		if c, ok := ir.ConstantIntAttr(i); !ok || c.Big().Sign() != 0 {
			return false
		}
	}
	for _, in := range x.InBounds {
		if !in {
			return false
		}
	}
	return true
}

// Stored is the written vector, selected over the previous value by the
// write's mask.
func (transfer) Stored(op *ir.Operation, _ Slot, reaching func() *ir.Value) *ir.Value {
	x, _ := vector.TransferOf(op)
	if x.Mask == nil {
		return x.Vector
	}
	return selectAt(op, x.Mask, x.Vector, reaching())
}

// RemoveUses replaces a read by the slot's value, with the padding on the
// lanes its mask leaves out.
func (transfer) RemoveUses(op *ir.Operation, _ Slot, reaching *ir.Value) bool {
	x, _ := vector.TransferOf(op)
	if x.Write {
		return true
	}
	v := reaching
	if x.Mask != nil {
		b := ir.NewBuilder(op.Context())
		b.SetInsertionPointBefore(op)
		pad := b.CreateOp("vector.broadcast", op.Loc(), []*ir.Value{x.Pad}, []ir.Type{x.VT}).Result(0)
		v = selectAt(op, x.Mask, reaching, pad)
	}
	op.Result(0).ReplaceAllUsesWith(v)
	return true
}

// selectAt creates arith.select(mask, t, f) before op.
func selectAt(op *ir.Operation, mask, t, f *ir.Value) *ir.Value {
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	return b.CreateOp("arith.select", op.Loc(), []*ir.Value{mask, t, f}, []ir.Type{t.Type()}).Result(0)
}

type copyOp struct{}

// memref.copy's operands are the source and the target.
func (copyOp) LoadsFrom(op *ir.Operation, s Slot) bool { return op.Operand(0) == s.Ptr }
func (copyOp) StoresTo(op *ir.Operation, s Slot) bool  { return op.Operand(1) == s.Ptr }

// CanUsesBeRemoved accepts a copy with the slot on exactly one side when
// the slot is a fixed-size vector (memref.copy verifies that both sides
// have one shape and element type).
func (copyOp) CanUsesBeRemoved(op *ir.Operation, s Slot, uses []*ir.OpOperand) bool {
	vt, ok := s.Elem.(*ir.VectorType)
	return ok && !vt.IsScalable() && len(uses) == 1 && (op.Operand(0) == s.Ptr) != (op.Operand(1) == s.Ptr)
}

// Stored reads the copy's source as the slot's vector.
func (copyOp) Stored(op *ir.Operation, s Slot, _ func() *ir.Value) *ir.Value {
	vt := s.Elem.(*ir.VectorType)
	b, zero, m, inb := originAccess(op, op.Operand(0), vt)
	pad := arith.NewConstant(b, zeroOf(op.Context(), vt.Elem), vt.Elem, op.Loc())
	return vector.NewTransferRead(b, op.Loc(), vt, op.Operand(0), zero, m, pad, nil, inb).Result(0)
}

// RemoveUses writes the slot's value to the target of a copy out of it.
func (copyOp) RemoveUses(op *ir.Operation, s Slot, reaching *ir.Value) bool {
	if op.Operand(0) == s.Ptr {
		b, zero, m, inb := originAccess(op, op.Operand(1), s.Elem.(*ir.VectorType))
		vector.NewTransferWrite(b, op.Loc(), reaching, op.Operand(1), zero, m, nil, inb)
	}
	return true
}

// originAccess returns what a whole-buffer transfer of vt from mem needs,
// built before op: a builder there, zero indices, the identity map, and a
// dimension in bounds where mem's extent is statically at least vt's.
func originAccess(op *ir.Operation, mem *ir.Value, vt *ir.VectorType) (*ir.Builder, []*ir.Value, *ir.AffineMap, []bool) {
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	zero := arith.NewConstant(b, ctx.IndexAttr(0), ctx.Index(), op.Loc())
	mt := mem.Type().(*ir.MemRefType)
	n := len(vt.Dims)
	m := &ir.AffineMap{Dims: n}
	idx := make([]*ir.Value, n)
	inb := make([]bool, n)
	for d := range n {
		m.Results = append(m.Results, ir.AffineDimExpr(d))
		idx[d] = zero
		inb[d] = mt.Dims[d] != ir.Dynamic && mt.Dims[d] >= vt.Dims[d]
	}
	return b, idx, m, inb
}

// zeroOf is the zero attribute of an integer, index or float type.
func zeroOf(ctx *ir.Context, t ir.Type) ir.Attribute {
	if ft, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttr(ft, 0)
	}
	return ctx.IntegerAttr(t, 0)
}
