package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// lowerCreateMask rewrites vector.create_mask as MLIR's
// CreateMaskOpLowering: the innermost dimension is vector.step compared
// with the bound; each leading position selects that row or all-false by
// comparing its index with its bound.
var lowerCreateMask = &ir.Pattern{Name: "vector-lower-create-mask", Root: "vector.create_mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt, ok := fixedVector(op.Result(0))
		if !ok || len(vt.Dims) == 0 {
			return false
		}
		b := at(rw, op)
		bounds := op.Operands()
		n := vt.Dims[len(vt.Dims)-1]
		steps := b.Op("vector.step", nil, []ir.Type{b.Context().Vector([]int64{n}, b.Context().Index())})
		idxType := b.Context().Vector([]int64{n}, b.Context().Index())
		row := b.lessThan(steps, b.Broadcast(bounds[len(bounds)-1], idxType))
		if len(vt.Dims) == 1 {
			rw.ReplaceOp(op, []*ir.Value{row})
			return true
		}
		none := b.zero(row.Type())
		res := b.zero(vt)
		forEach(vt.Dims[:len(vt.Dims)-1], func(lp []int64) {
			var cond *ir.Value
			for j, p := range lp {
				cond = b.and(cond, b.lessThan(b.Index(p), bounds[j]))
			}
			sel := b.Op("arith.select", []*ir.Value{cond, row, none}, []ir.Type{row.Type()})
			res = b.Insert(sel, res, lp)
		})
		rw.ReplaceOp(op, []*ir.Value{res})
		return true
	}}

// lowerConstantMask rewrites vector.constant_mask as a dense i1 constant.
var lowerConstantMask = &ir.Pattern{Name: "vector-lower-constant-mask", Root: "vector.constant_mask",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt, ok := fixedVector(op.Result(0))
		sizes := vector.MaskSizes(op)
		if !ok || len(sizes) != len(vt.Dims) {
			return false
		}
		var bits []int64
		forEach(vt.Dims, func(pos []int64) {
			on := int64(1)
			for i, p := range pos {
				if p >= sizes[i] {
					on = 0
				}
			}
			bits = append(bits, on)
		})
		b := at(rw, op)
		rw.ReplaceOp(op, []*ir.Value{b.Constant(b.Context().DenseInts(vt, bits), vt)})
		return true
	}}

// lanes describes a lane-by-lane memory access: maskedload/store,
// gather/scatter.
type lanes struct {
	base    *ir.Value
	indices []*ir.Value
	offset  func(b *builder, pos []int64) *ir.Value // added to the last index
	mask    *ir.Value
	vt      *ir.VectorType
}

// address returns the memref indices of lane pos.
func (l lanes) address(b *builder, pos []int64) []*ir.Value {
	idx := append([]*ir.Value(nil), l.indices...)
	last := len(idx) - 1
	idx[last] = b.Op("arith.addi", []*ir.Value{idx[last], l.offset(b, pos)}, []ir.Type{b.Context().Index()})
	return idx
}

// read returns the vector whose lane pos is the memref element when the
// mask is set and the pass-through lane otherwise, each load under scf.if
// so that masked-off lanes never touch memory.
func (l lanes) read(b *builder, pass *ir.Value) *ir.Value {
	var elems []*ir.Value
	forEach(l.vt.Dims, func(pos []int64) {
		load := func(b *builder) []*ir.Value {
			return []*ir.Value{b.Op("memref.load", append([]*ir.Value{l.base}, l.address(b, pos)...), []ir.Type{l.vt.Elem})}
		}
		keep := func(b *builder) []*ir.Value { return []*ir.Value{b.Extract(pass, pos)} }
		elems = append(elems, b.ifThen(b.Extract(l.mask, pos), []ir.Type{l.vt.Elem}, load, keep)[0])
	})
	return b.Op("vector.from_elements", elems, []ir.Type{l.vt})
}

// write stores each lane of v whose mask is set, under scf.if.
func (l lanes) write(b *builder, v *ir.Value) {
	forEach(l.vt.Dims, func(pos []int64) {
		b.ifThen(b.Extract(l.mask, pos), nil, func(b *builder) []*ir.Value {
			b.Op("memref.store", append([]*ir.Value{b.Extract(v, pos), l.base}, l.address(b, pos)...), nil)
			return nil
		}, nil)
	})
}

// lanesOf reads a maskedload, maskedstore, gather or scatter on a memref.
func lanesOf(op *ir.Operation) (lanes, *ir.Value, bool) {
	m := vector.Memory{Operation: op}
	var v *ir.Value
	if op.NumResults() > 0 {
		v = op.Result(0)
	} else {
		v = m.Value()
	}
	vt, ok := fixedVector(v)
	if _, isMem := m.Base().Type().(*ir.MemRefType); !ok || !isMem || len(m.Indices()) == 0 {
		return lanes{}, nil, false
	}
	l := lanes{base: m.Base(), indices: m.Indices(), mask: m.Mask(), vt: vt}
	switch op.Name() {
	case "vector.maskedload", "vector.maskedstore":
		if len(vt.Dims) != 1 {
			return lanes{}, nil, false
		}
		l.offset = func(b *builder, pos []int64) *ir.Value { return b.Index(pos[0]) }
	case "vector.gather", "vector.scatter":
		iv := m.IndexVec()
		l.offset = func(b *builder, pos []int64) *ir.Value {
			e := b.Extract(iv, pos)
			if _, isIndex := e.Type().(*ir.IndexType); isIndex {
				return e
			}
			return b.Op("arith.index_cast", []*ir.Value{e}, []ir.Type{b.Context().Index()})
		}
	default:
		return lanes{}, nil, false
	}
	return l, m.Value(), true
}

// lowerMaskedMemory rewrites vector.maskedload/maskedstore and
// vector.gather/scatter on memrefs into per-lane memref.load/store under
// scf.if (MLIR's VectorEmulateMaskedLoadStore and gather/scatter
// scalarization): SPIR-V has neither masked accesses nor gathers.
func lowerMaskedMemory(name string, roots ...string) *ir.Pattern {
	return &ir.Pattern{Name: name, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if !slices.Contains(roots, op.Name()) {
			return false
		}
		return lowerLanes(op, rw)
	}}
}

func lowerLanes(op *ir.Operation, rw *ir.Rewriter) bool {
	l, val, ok := lanesOf(op)
	if !ok {
		return false
	}
	b := at(rw, op)
	if op.NumResults() > 0 {
		rw.ReplaceOp(op, []*ir.Value{l.read(b, val)})
		return true
	}
	l.write(b, val)
	rw.EraseOp(op)
	return true
}
