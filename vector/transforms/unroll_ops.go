package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// unrollReduction splits a vector.reduction over an over-long vector into
// a chain of reductions of native-size slices, each accumulating into the
// next.
func unrollReduction(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-reduction", Root: "vector.reduction", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		r := vector.Reduction{Operation: op}
		vt, ok := fixedVector(r.Vector())
		if !ok || len(vt.Dims) != 1 || !needsUnroll(vt, vector16) {
			return false
		}
		b := at(rw, op)
		t := newTiling(vt, vector16)
		acc := r.Acc()
		t.each(func(_ []int64, off int64) {
			operands := []*ir.Value{b.slice(r.Vector(), off, t.s)}
			if acc != nil {
				operands = append(operands, acc)
			}
			acc = rw.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands,
				ResultTypes: op.ResultTypes(), Props: op.Props(), Attrs: op.DiscardableAttrs()}).Result(0)
		})
		rw.ReplaceOp(op, []*ir.Value{acc})
		return true
	}}
}

// unrollBroadcast cuts vector.broadcast and vector.splat results into
// native-size pieces built from the matching part of the source.
func unrollBroadcast(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-broadcast", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.Name() != "vector.broadcast" && op.Name() != "vector.splat" {
			return false
		}
		vt, ok := fixedVector(op.Result(0))
		if !ok || !needsUnroll(vt, vector16) {
			return false
		}
		src := op.Operand(0)
		st, isVec := src.Type().(*ir.VectorType)
		if isVec && st.IsScalable() {
			return false
		}
		b := at(rw, op)
		t := newTiling(vt, vector16)
		tileType := b.Context().Vector([]int64{t.s}, vt.Elem)
		var splat *ir.Value
		if !isVec {
			splat = b.Broadcast(src, tileType)
		}
		asm := b.assemble(vt, t)
		t.each(func(lp []int64, off int64) {
			if !isVec {
				asm.add(splat, lp, off)
				return
			}
			k := len(st.Dims)
			pos := make([]int64, k-1)
			for j := range pos {
				if st.Dims[j] != 1 {
					pos[j] = lp[len(lp)-(k-1)+j]
				}
			}
			if st.Dims[k-1] == 1 {
				asm.add(b.Broadcast(b.Extract(src, append(pos, 0)), tileType), lp, off)
				return
			}
			row := src
			if k > 1 {
				row = b.Extract(src, pos)
			}
			asm.add(b.slice(row, off, t.s), lp, off)
		})
		rw.ReplaceOp(op, []*ir.Value{asm.whole})
		return true
	}}
}

// unrollFromElements cuts vector.from_elements into native-size ones.
func unrollFromElements(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-from-elements", Root: "vector.from_elements", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt, ok := fixedVector(op.Result(0))
		if !ok || !needsUnroll(vt, vector16) {
			return false
		}
		b := at(rw, op)
		t := newTiling(vt, vector16)
		asm := b.assemble(vt, t)
		elems := op.Operands()
		t.each(func(lp []int64, off int64) {
			first := vector.Linearize(lp, t.lead())*t.n + off
			asm.add(b.Op("vector.from_elements", elems[first:first+t.s],
				[]ir.Type{b.Context().Vector([]int64{t.s}, vt.Elem)}), lp, off)
		})
		rw.ReplaceOp(op, []*ir.Value{asm.whole})
		return true
	}}
}

// unrollLoadStore cuts vector.load and vector.store of n-d or over-long
// vectors into native-size ones: row lp of an n-d vector lies at the
// trailing indices plus lp, as MLIR defines n-d vector.load.
func unrollLoadStore(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-load-store", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		var v *ir.Value
		switch op.Name() {
		case "vector.load":
			v = op.Result(0)
		case "vector.store":
			v = op.Operand(0)
		default:
			return false
		}
		vt, ok := fixedVector(v)
		if !ok || !needsUnroll(vt, vector16) {
			return false
		}
		m := vector.Memory{Operation: op}
		idx := m.Indices()
		if len(idx) < len(vt.Dims) {
			return false
		}
		b := at(rw, op)
		t := newTiling(vt, vector16)
		tileType := b.Context().Vector([]int64{t.s}, vt.Elem)
		asm := b.assemble(vt, t)
		t.each(func(lp []int64, off int64) {
			at := append([]*ir.Value(nil), idx...)
			first := len(idx) - len(vt.Dims)
			for j, p := range lp {
				at[first+j] = b.addIndex(at[first+j], p)
			}
			at[len(at)-1] = b.addIndex(at[len(at)-1], off)
			operands := append([]*ir.Value{m.Base()}, at...)
			if op.Name() == "vector.load" {
				asm.add(b.Op("vector.load", operands, []ir.Type{tileType}), lp, off)
				return
			}
			b.Op("vector.store", append([]*ir.Value{b.piece(v, t, lp, off)}, operands...), nil)
		})
		if op.Name() == "vector.load" {
			rw.ReplaceOp(op, []*ir.Value{asm.whole})
		} else {
			rw.EraseOp(op)
		}
		return true
	}}
}
