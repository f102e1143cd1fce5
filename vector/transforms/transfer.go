package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// transfer holds what the transfer lowerings need of a transfer op.
type transfer struct {
	base    *ir.Value
	mt      *ir.MemRefType
	vt      *ir.VectorType
	indices []*ir.Value
	perm    *ir.AffineMap
	inb     []bool
	mask    *ir.Value
}

func readTransfer(op *ir.Operation) (transfer, bool) {
	var t transfer
	var vecVal *ir.Value
	switch op.Name() {
	case "vector.transfer_read":
		v := vector.TransferRead{Operation: op}
		t.base, t.indices, t.perm, t.inb, t.mask = v.Base(), v.Indices(), v.PermutationMap(), v.InBounds(), v.Mask()
		vecVal = op.Result(0)
	case "vector.transfer_write":
		if op.NumResults() > 0 {
			return t, false // tensor semantics
		}
		v := vector.TransferWrite{Operation: op}
		t.base, t.indices, t.perm, t.inb, t.mask = v.Base(), v.Indices(), v.PermutationMap(), v.InBounds(), v.Mask()
		vecVal = v.Value()
	default:
		return t, false
	}
	mt, ok := t.base.Type().(*ir.MemRefType)
	vt, okv := fixedVector(vecVal)
	if !ok || !okv || mt.Elem != vt.Elem || len(t.perm.Results) != len(vt.Dims) || t.perm.Symbols != 0 {
		return t, false
	}
	for _, r := range t.perm.Results {
		if r.Kind != ir.AffineDim && !(r.Kind == ir.AffineConst && r.Value == 0) {
			return t, false
		}
	}
	if t.mask != nil {
		if _, ok := fixedVector(t.mask); !ok {
			return t, false
		}
	}
	t.mt, t.vt = mt, vt
	return t, true
}

// inBounds reports whether vector dim k is known in bounds (broadcast
// dimensions always are).
func (t transfer) inBounds(k int) bool {
	return t.perm.Results[k].Kind == ir.AffineConst || k < len(t.inb) && t.inb[k]
}

// contiguous reports whether the transfer is a minor identity over a memref
// whose innermost dimension has unit stride, all in bounds: then it is a
// vector.load or vector.store.
func (t transfer) contiguous() bool {
	m := t.perm
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
	idx := append([]*ir.Value(nil), t.indices...)
	var cond *ir.Value
	for k, r := range t.perm.Results {
		if r.Kind != ir.AffineDim {
			continue
		}
		d := int(r.Value)
		idx[d] = b.addIndex(idx[d], pos[k])
		if !t.inBounds(k) {
			if dims[d] == nil {
				dims[d] = b.dim(t.base, t.mt, d)
			}
			// The start may be out of bounds too (below 0), as MLIR's
			// VectorToSCF checks.
			cond = b.and(cond, b.and(b.notNegative(idx[d]), b.lessThan(idx[d], dims[d])))
		}
	}
	if t.mask != nil {
		// The mask is the vector shape in the order of the memref dims.
		var mpos []int64
		for d := 0; d < t.perm.Dims; d++ {
			for k, r := range t.perm.Results {
				if r.Kind == ir.AffineDim && int(r.Value) == d {
					mpos = append(mpos, pos[k])
				}
			}
		}
		if len(mpos) == 0 {
			mpos = []int64{0}
		}
		cond = b.and(cond, b.Extract(t.mask, mpos))
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
		operands := append([]*ir.Value{t.base}, t.indices...)
		pad := vector.TransferRead{Operation: op}.Padding()
		switch {
		case t.contiguous() && t.mask == nil:
			rw.ReplaceOp(op, []*ir.Value{b.Op("vector.load", operands, []ir.Type{t.vt})})
			return true
		case t.contiguous() && len(t.vt.Dims) == 1:
			operands = append(operands, t.mask, b.Broadcast(pad, t.vt))
			rw.ReplaceOp(op, []*ir.Value{b.Op("vector.maskedload", operands, []ir.Type{t.vt})})
			return true
		}
		dims := make([]*ir.Value, len(t.mt.Dims))
		var elems []*ir.Value
		forEach(t.vt.Dims, func(pos []int64) {
			idx, cond := t.element(b, pos, dims)
			load := func(b *builder) []*ir.Value {
				return []*ir.Value{b.Op("memref.load", append([]*ir.Value{t.base}, idx...), []ir.Type{t.vt.Elem})}
			}
			if cond == nil {
				elems = append(elems, load(b)[0])
				return
			}
			elems = append(elems, b.ifThen(cond, []ir.Type{t.vt.Elem}, load, func(*builder) []*ir.Value { return []*ir.Value{pad} })[0])
		})
		rw.ReplaceOp(op, []*ir.Value{b.Op("vector.from_elements", elems, []ir.Type{t.vt})})
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
		val := vector.TransferWrite{Operation: op}.Value()
		operands := append([]*ir.Value{t.base}, t.indices...)
		switch {
		case t.contiguous() && t.mask == nil:
			b.Op("vector.store", append([]*ir.Value{val}, operands...), nil)
			rw.EraseOp(op)
			return true
		case t.contiguous() && len(t.vt.Dims) == 1:
			b.Op("vector.maskedstore", append(operands, t.mask, val), nil)
			rw.EraseOp(op)
			return true
		}
		dims := make([]*ir.Value, len(t.mt.Dims))
		forEach(t.vt.Dims, func(pos []int64) {
			idx, cond := t.element(b, pos, dims)
			e := b.Extract(val, pos)
			store := func(b *builder) []*ir.Value {
				b.Op("memref.store", append([]*ir.Value{e, t.base}, idx...), nil)
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
