package toscf

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// allocationScope is the op whose region holds x's buffers: the nearest
// automatic allocation scope, passing serial loops (scf.for, affine.for) while an
// enclosing scope exists.
func allocationScope(op *ir.Operation) *ir.Operation {
	scope := parentWith(op)
	for scope != nil && (scope.Name() == "scf.for" || scope.Name() == "affine.for") {
		p := parentWith(scope)
		if p == nil {
			break
		}
		scope = p
	}
	return scope
}

func parentWith(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.AutomaticAllocationScope) {
			return p
		}
	}
	return nil
}

// prepare is MLIR's PrepareTransferReadConversion and
// PrepareTransferWriteConversion: the transfer's vector (and mask) go
// through stack buffers allocated at the start of the allocation scope,
// and the transfer is labeled for unpack.
func (o Options) prepare(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || op.HasAttr(label) || len(x.VT.Dims) <= o.TargetRank || x.leadingScalable() ||
		x.tensor() && !o.LowerTensors || !x.sameElem() {
		return false
	}
	scope := allocationScope(op)
	if scope == nil || scope.NumRegions() != 1 || scope.Region(0).Entry() == nil {
		return false
	}
	ctx := op.Context()
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	rw.SetInsertionPointToStart(scope.Region(0).Entry())
	alloca := func(t ir.Type) *ir.Value {
		return bd.Op("memref.alloca", nil, []ir.Type{ctx.MemRef(nil, t, nil, nil)},
			ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 0)})
	}
	data := alloca(x.VT)
	var maskBuf *ir.Value
	if x.Mask != nil {
		maskBuf = alloca(x.Mask.Type())
	}
	rw.SetInsertionPointBefore(op)
	var mask *ir.Value
	if x.Mask != nil {
		bd.store(x.Mask, maskBuf, nil)
		mask = bd.load(maskBuf, nil)
	}
	maskAt := op.NumOperands() - 1
	if !x.Write {
		nx := rw.Clone(op, nil)
		nx.SetAttr(label, ctx.UnitAttr())
		if mask != nil {
			nx.SetOperand(maskAt, mask)
		}
		bd.store(nx.Result(0), data, nil)
		rw.ReplaceOp(op, []*ir.Value{bd.load(data, nil)})
		return true
	}
	bd.store(x.Vector, data, nil)
	loaded := bd.load(data, nil)
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, loaded)
		op.SetAttr(label, ctx.UnitAttr())
		if mask != nil {
			op.SetOperand(maskAt, mask)
		}
	})
	return true
}

// unpackOneDim moves the leading dimension of a buffer's vector element
// type into the memref: memref<9xvector<5x6xf32>> to memref<9x5xvector<6xf32>>.
func unpackOneDim(ctx *ir.Context, mt *ir.MemRefType) (*ir.MemRefType, bool) {
	vt, ok := mt.Elem.(*ir.VectorType)
	if !ok || len(vt.Dims) == 0 || len(vt.Scalable) > 0 && vt.Scalable[0] {
		return nil, false
	}
	return ctx.MemRef(append(append([]int64(nil), mt.Dims...), vt.Dims[0]), dropDim0(ctx, vt), nil, nil), true
}

// bufferAccess is the memref.store of a labeled transfer_read's result or
// the memref.load of a labeled transfer_write's vector.
func bufferAccess(x xfer) *ir.Operation {
	if x.Write {
		if d := x.Vector.DefiningOp(); d != nil && d.Name() == "memref.load" {
			return d
		}
		return nil
	}
	r := x.Op.Result(0)
	if !r.HasOneUse() {
		return nil
	}
	for u := range r.Users() {
		if u.Name() == "memref.store" && u.Operand(0) == r {
			return u
		}
	}
	return nil
}

// accessParts returns the buffer and indices of a memref.load or store.
func accessParts(op *ir.Operation) (*ir.Value, []*ir.Value) {
	if op.Name() == "memref.store" {
		return op.Operand(1), op.Operands()[2:]
	}
	return op.Operand(0), op.Operands()[1:]
}

// unpack is MLIR's TransferOpConversion: a labeled transfer becomes an
// scf.for over its leading dimension of transfers one rank lower, reading
// and writing the buffer through a vector.type_cast that unpacks one more
// dimension.
func (o Options) unpack(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || !op.HasAttr(label) || len(x.VT.Dims) == 0 {
		return false
	}
	access := bufferAccess(x)
	if access == nil {
		return false
	}
	buf, bufIdx := accessParts(access)
	ctx := op.Context()
	bufT, ok1 := buf.Type().(*ir.MemRefType)
	if !ok1 {
		return false
	}
	castT, ok := unpackOneDim(ctx, bufT)
	if !ok {
		return false
	}
	var maskLoad *ir.Operation
	if x.Mask != nil {
		if maskLoad = x.Mask.DefiningOp(); maskLoad == nil || maskLoad.Name() != "memref.load" {
			return false
		}
	}
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	casted := bd.Op("vector.type_cast", []*ir.Value{buf}, []ir.Type{castT})
	var castedMask *ir.Value
	maskRank := 0
	if x.Mask != nil {
		maskRank = len(x.Mask.Type().(*ir.VectorType).Dims)
		castedMask = maskLoad.Operand(0)
		if !x.broadcastDim(0) && maskRank > 1 {
			mt, _ := unpackOneDim(ctx, castedMask.Type().(*ir.MemRefType))
			castedMask = bd.Op("vector.type_cast", []*ir.Value{castedMask}, []ir.Type{mt})
		}
	}
	var init *ir.Value
	if x.Write && x.tensor() {
		init = x.Base
	}
	var stateType []ir.Type
	if init != nil {
		stateType = []ir.Type{init.Type()}
	}
	n := bd.Index(castT.Dims[len(castT.Dims)-1])
	loop := bd.forLoop(n, init, func(bd b, iv, state *ir.Value) *ir.Value {
		idx := append(append([]*ir.Value(nil), bufIdx...), iv)
		return bd.inBoundsCheck(x, iv, stateType, func(bd b) *ir.Value {
			xIdx := bd.xferIndices(x, iv)
			var mask *ir.Value
			if x.Mask != nil && (x.broadcastDim(0) || maskRank > 1) {
				_, prev := accessParts(maskLoad)
				mIdx := append([]*ir.Value(nil), prev...)
				if !x.broadcastDim(0) {
					mIdx = append(mIdx, iv)
				}
				mask = bd.load(castedMask, mIdx)
			}
			inner := castT.Elem.(*ir.VectorType)
			var nx *ir.Operation
			if x.Write {
				vec := bd.load(casted, idx)
				dest := x.Base
				if state != nil {
					dest = state
				}
				nx = bd.newWrite(vec, dest, xIdx, x.innerMap(), mask, x.innerInBounds())
			} else {
				nx = bd.newRead(inner, x.Base, xIdx, x.innerMap(), x.Pad, mask, x.innerInBounds())
				bd.store(nx.Result(0), casted, idx)
			}
			if len(inner.Dims) > o.TargetRank {
				nx.SetAttr(label, ctx.UnitAttr())
			}
			if state != nil {
				return nx.Result(0)
			}
			return nil
		}, func(bd b) *ir.Value {
			if !x.Write {
				bd.store(bd.Broadcast(x.Pad, castT.Elem.(*ir.VectorType)), casted, idx)
			}
			return state
		})
	})
	switch {
	case !x.Write:
		rw.EraseOp(access)
		rw.EraseOp(op)
	case init != nil:
		rw.ReplaceOp(op, loop.Results())
	default:
		rw.EraseOp(op)
	}
	return true
}

// unrollRead is MLIR's UnrollTransferReadConversion: the leading
// dimension is unrolled into transfers one rank lower inserted into the
// result (or into the vector.insert that is the read's only user).
func (o Options) unrollRead(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || x.Write || len(x.VT.Dims) <= o.TargetRank || x.tensor() && !o.LowerTensors || !x.sameElem() || x.leadingScalable() {
		return false
	}
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	var insertOp *ir.Operation
	var prefix []any
	r := op.Result(0)
	if r.HasOneUse() {
		for u := range r.Users() {
			if u.Name() == "vector.insert" && u.Operand(0) == r {
				insertOp, prefix = u, anyPosition(vector.Insert{Operation: u}.Position())
			}
		}
	}
	var vec *ir.Value
	if insertOp != nil {
		vec = insertOp.Operand(1)
	} else {
		vec = bd.Broadcast(x.Pad, x.VT)
	}
	inner := dropDim0(op.Context(), x.VT)
	for i := int64(0); i < x.VT.Dims[0]; i++ {
		iv := bd.Index(i)
		cur := vec
		vec = bd.inBoundsCheck(x, iv, []ir.Type{vec.Type()}, func(bd b) *ir.Value {
			xIdx := bd.xferIndices(x, iv)
			nx := bd.newRead(inner, x.Base, xIdx, x.innerMap(), x.Pad, nil, x.innerInBounds())
			assignMask(bd, x, nx, i)
			val := nx.Result(0)
			if len(inner.Dims) == 0 {
				val = bd.ExtractAt(val)
			}
			return bd.InsertAt(val, cur, append(append([]any(nil), prefix...), i)...)
		}, func(b) *ir.Value { return cur })
	}
	if insertOp != nil {
		rw.ReplaceOp(insertOp, []*ir.Value{vec})
		rw.EraseOp(op)
	} else {
		rw.ReplaceOp(op, []*ir.Value{vec})
	}
	return true
}

// unrollWrite is MLIR's UnrollTransferWriteConversion: the leading
// dimension is unrolled into transfers one rank lower of vector.extract
// slices (of the vector.extract's source when one made the vector).
func (o Options) unrollWrite(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || !x.Write || len(x.VT.Dims) <= o.TargetRank || x.tensor() && !o.LowerTensors || !x.sameElem() || x.leadingScalable() {
		return false
	}
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	vec := x.Vector
	var prefix []any
	if d := x.Vector.DefiningOp(); d != nil && d.Name() == "vector.extract" {
		vec, prefix = d.Operand(0), anyPosition(vector.Extract{Operation: d}.Position())
	}
	source := x.Base
	var types []ir.Type
	if x.tensor() {
		types = []ir.Type{source.Type()}
	}
	for i := int64(0); i < x.VT.Dims[0]; i++ {
		iv := bd.Index(i)
		cur := source
		updated := bd.inBoundsCheck(x, iv, types, func(bd b) *ir.Value {
			xIdx := bd.xferIndices(x, iv)
			e := bd.ExtractAt(vec, append(append([]any(nil), prefix...), i)...)
			if len(x.VT.Dims) == 1 {
				e = bd.Broadcast(e, op.Context().Vector(nil, e.Type()))
			}
			nx := bd.newWrite(e, cur, xIdx, x.innerMap(), nil, x.innerInBounds())
			assignMask(bd, x, nx, i)
			if types != nil {
				return nx.Result(0)
			}
			return nil
		}, func(b) *ir.Value { return cur })
		if types != nil {
			source = updated
		}
	}
	if types != nil {
		rw.ReplaceOp(op, []*ir.Value{source})
	} else {
		rw.EraseOp(op)
	}
	return true
}

// assignMask is MLIR's maybeAssignMask: the unrolled transfer nx for
// index i keeps x's mask over a broadcast, takes its slice i when the
// mask has more than one dimension, and needs none otherwise (the scf.if
// tested its bit).
func assignMask(bd b, x xfer, nx *ir.Operation, i int64) {
	if x.Mask == nil {
		return
	}
	var mask *ir.Value
	switch {
	case x.broadcastDim(0):
		mask = x.Mask
	case len(x.Mask.Type().(*ir.VectorType).Dims) > 1:
		bd.RW.SetInsertionPointBefore(nx)
		mask = bd.ExtractAt(x.Mask, i)
		bd.RW.SetInsertionPointAfter(nx)
	default:
		return
	}
	segs := nx.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	vals := append([]int64(nil), segs.Ints...)
	vals[len(vals)-1] = 1
	nx.SetOperands(append(nx.Operands(), mask))
	nx.SetAttr("operandSegmentSizes", nx.Context().DenseI32Array(vals...))
}

// anyPosition is a vector.extract or insert position as b.position takes
// it: int64 for static entries, *ir.Value for dynamic ones.
func anyPosition(ps []vector.Position) []any {
	pos := make([]any, len(ps))
	for i, p := range ps {
		if p.Value != nil {
			pos[i] = p.Value
		} else {
			pos[i] = p.Static
		}
	}
	return pos
}

// lower1d is MLIR's TransferOp1dConversion: a 1-d transfer on a memref
// that is not a minor identity over a unit-stride innermost dimension
// becomes an scf.for (to vscale times the size for a scalable vector) of memref.load and vector.insert (reads) or
// vector.extract and memref.store (writes), each guarded when out of
// bounds or masked.
func (o Options) lower1d(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := view(op)
	if !ok || len(x.VT.Dims) != 1 || len(x.Map.Results) == 0 {
		return false
	}
	mt, ok := x.Base.Type().(*ir.MemRefType)
	if !ok || x.Map.IsMinorIdentity() && vector.LastDimUnitStride(mt) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	n := bd.Index(x.VT.Dims[0])
	if x.VT.IsScalable() {
		vscale := bd.Op("vector.vscale", nil, []ir.Type{op.Context().Index()})
		n = bd.Op("arith.muli", []*ir.Value{n, vscale}, []ir.Type{op.Context().Index()})
	}
	var init *ir.Value
	if !x.Write {
		init = bd.Broadcast(x.Pad, x.VT)
	}
	loop := bd.forLoop(n, init, func(bd b, iv, vec *ir.Value) *ir.Value {
		idx := bd.xferIndices(x, iv)
		if x.Write {
			bd.inBoundsCheck(x, iv, nil, func(bd b) *ir.Value {
				bd.store(bd.ExtractAt(x.Vector, iv), x.Base, idx)
				return nil
			}, nil)
			return nil
		}
		return bd.inBoundsCheck(x, iv, []ir.Type{x.VT}, func(bd b) *ir.Value {
			return bd.InsertAt(bd.load(x.Base, idx), vec, iv)
		}, func(b) *ir.Value { return vec })
	})
	if x.Write {
		rw.EraseOp(op)
	} else {
		rw.ReplaceOp(op, loop.Results())
	}
	return true
}
