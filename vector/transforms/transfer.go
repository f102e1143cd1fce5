package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// transfer is what the transfer lowerings need of a transfer op: its
// parts, the vector type fixed, and the base's memref type.
type transfer struct {
	vector.TransferParts
	mt *ir.MemRefType
}

// readTransfer views a transfer_read, or a transfer_write on a memref,
// with a fixed vector (and mask) of the base's element type and a map of
// dims and constant zeros (broadcasts), without symbols.
func readTransfer(op *ir.Operation) (transfer, bool) {
	p, ok := vector.TransferOf(op)
	if !ok || p.Write && op.NumResults() > 0 || p.VT.IsScalable() {
		return transfer{}, false
	}
	mt, ok := p.Base.Type().(*ir.MemRefType)
	if !ok || mt.Elem != p.VT.Elem || p.Map.Symbols != 0 {
		return transfer{}, false
	}
	for _, r := range p.Map.Results {
		if r.Kind != ir.AffineDim && !(r.Kind == ir.AffineConst && r.Value == 0) {
			return transfer{}, false
		}
	}
	if p.Mask != nil {
		if _, ok := fixedVector(p.Mask); !ok {
			return transfer{}, false
		}
	}
	return transfer{p, mt}, true
}

// inBounds reports whether vector dim k is known in bounds (broadcast
// dimensions always are).
func (t transfer) inBounds(k int) bool {
	return t.Map.Results[k].Kind == ir.AffineConst || k < len(t.InBounds) && t.InBounds[k]
}

// contiguous reports whether the transfer is a minor identity over a memref
// whose innermost dimension has unit stride, all in bounds: then it is a
// vector.load or vector.store.
func (t transfer) contiguous() bool {
	m := t.Map
	off := m.Dims - len(m.Results)
	for i, r := range m.Results {
		if r.Kind != ir.AffineDim || r.Value != int64(off+i) || !t.inBounds(i) {
			return false
		}
	}
	return vector.LastDimUnitStride(t.mt)
}

// element returns the memref indices of vector position pos and the
// condition under which they are in bounds and unmasked (nil: always).
func (t transfer) element(b *builder, pos []int64, dims []*ir.Value) ([]*ir.Value, *ir.Value) {
	idx := append([]*ir.Value(nil), t.Indices...)
	var cond *ir.Value
	for k, r := range t.Map.Results {
		if r.Kind != ir.AffineDim {
			continue
		}
		d := int(r.Value)
		idx[d] = b.addIndex(idx[d], pos[k])
		if !t.inBounds(k) {
			if dims[d] == nil {
				dims[d] = b.dim(t.Base, t.mt, d)
			}
			// The start may be out of bounds too (below 0), as MLIR's
			// VectorToSCF checks.
			cond = b.and(cond, b.and(b.notNegative(idx[d]), b.lessThan(idx[d], dims[d])))
		}
	}
	if t.Mask != nil {
		// The mask is the vector shape in the order of the memref dims.
		var mpos []int64
		for d := 0; d < t.Map.Dims; d++ {
			for k, r := range t.Map.Results {
				if r.Kind == ir.AffineDim && int(r.Value) == d {
					mpos = append(mpos, pos[k])
				}
			}
		}
		if len(mpos) == 0 {
			mpos = []int64{0}
		}
		cond = b.and(cond, b.Extract(t.Mask, mpos))
	}
	return idx, cond
}

// dim returns the size of memref dimension d.
func (b *builder) dim(m *ir.Value, mt *ir.MemRefType, d int) *ir.Value {
	if s := mt.Dims[d]; s != ir.Dynamic {
		return b.Index(s)
	}
	return b.Op("memref.dim", []*ir.Value{m, b.Index(int64(d))}, []ir.Type{b.Context().Index()})
}

// lowerTransferRead rewrites vector.transfer_read on memrefs: to
// vector.load when contiguous and in bounds, to vector.maskedload when
// only a mask stands in the way, and otherwise element by element with
// memref.load, guarded by scf.if where out of bounds or masked.
var lowerTransferRead = &ir.Pattern{Name: "vector-lower-transfer-read", Root: "vector.transfer_read",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		t, ok := readTransfer(op)
		if !ok {
			return false
		}
		b := at(rw, op)
		operands := append([]*ir.Value{t.Base}, t.Indices...)
		switch {
		case t.contiguous() && t.Mask == nil:
			rw.ReplaceOp(op, []*ir.Value{b.Op("vector.load", operands, []ir.Type{t.VT})})
			return true
		case t.contiguous() && len(t.VT.Dims) == 1:
			operands = append(operands, t.Mask, b.Broadcast(t.Pad, t.VT))
			rw.ReplaceOp(op, []*ir.Value{b.Op("vector.maskedload", operands, []ir.Type{t.VT})})
			return true
		}
		dims := make([]*ir.Value, len(t.mt.Dims))
		var elems []*ir.Value
		forEach(t.VT.Dims, func(pos []int64) {
			idx, cond := t.element(b, pos, dims)
			load := func(b *builder) []*ir.Value {
				return []*ir.Value{b.Op("memref.load", append([]*ir.Value{t.Base}, idx...), []ir.Type{t.VT.Elem})}
			}
			if cond == nil {
				elems = append(elems, load(b)[0])
				return
			}
			elems = append(elems, b.ifThen(cond, []ir.Type{t.VT.Elem}, load, func(*builder) []*ir.Value { return []*ir.Value{t.Pad} })[0])
		})
		rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, []ir.Type{t.VT})})
		return true
	}}

// lowerTransferWrite is lowerTransferRead's counterpart for
// vector.transfer_write on memrefs.
var lowerTransferWrite = &ir.Pattern{Name: "vector-lower-transfer-write", Root: "vector.transfer_write",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		t, ok := readTransfer(op)
		if !ok {
			return false
		}
		b := at(rw, op)
		operands := append([]*ir.Value{t.Base}, t.Indices...)
		switch {
		case t.contiguous() && t.Mask == nil:
			b.Op("vector.store", append([]*ir.Value{t.Vector}, operands...), nil)
			rw.EraseOp(op)
			return true
		case t.contiguous() && len(t.VT.Dims) == 1:
			b.Op("vector.maskedstore", append(operands, t.Mask, t.Vector), nil)
			rw.EraseOp(op)
			return true
		}
		dims := make([]*ir.Value, len(t.mt.Dims))
		forEach(t.VT.Dims, func(pos []int64) {
			idx, cond := t.element(b, pos, dims)
			e := b.Extract(t.Vector, pos)
			store := func(b *builder) []*ir.Value {
				b.Op("memref.store", append([]*ir.Value{e, t.Base}, idx...), nil)
				return nil
			}
			if cond == nil {
				store(b)
				return
			}
			b.ifThen(cond, nil, store, nil)
		})
		rw.EraseOp(op)
		return true
	}}
