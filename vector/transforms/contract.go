package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// combine returns acc <kind> (l * r) on scalars or vectors: vector.fma for
// a float add on vectors (acc may be nil: no accumulator).
func (b *builder) combine(kind vector.CombiningKind, l, r, acc *ir.Value) *ir.Value {
	t := l.Type()
	_, isVec := t.(*ir.VectorType)
	isFloat := ir.IsFloat(ir.ElementTypeOrSelf(t))
	if acc != nil && isVec && isFloat && kind == vector.KindAdd {
		return b.Op("vector.fma", []*ir.Value{l, r, acc}, []ir.Type{t})
	}
	mul := "arith.muli"
	if isFloat {
		mul = "arith.mulf"
	}
	p := b.Op(mul, []*ir.Value{l, r}, []ir.Type{t})
	if acc == nil {
		return p
	}
	return b.Op(vector.ArithCombiner(kind, t), []*ir.Value{acc, p}, []ir.Type{t})
}

// combinable reports whether kind can combine values of type t.
func combinable(kind vector.CombiningKind, t ir.Type) bool {
	return vector.ArithCombiner(kind, t) != ""
}

// lowerOuterProduct rewrites vector.outerproduct into one vector.fma (or
// multiply and combine) per row, as MLIR's OuterProductOpLowering does.
var lowerOuterProduct = &ir.Pattern{Name: "vector-lower-outerproduct", Root: "vector.outerproduct",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		v := vector.OuterProduct{Operation: op}
		rt, ok := fixedVector(op.Result(0))
		if !ok || !combinable(v.Kind(), rt) {
			return false
		}
		b := at(rw, op)
		lhs, rhs, acc := op.Operand(0), op.Operand(1), v.Acc()
		if _, isVec := rhs.Type().(*ir.VectorType); !isVec {
			// AXPY: lhs * splat(rhs) + acc.
			rw.ReplaceOp(op, []*ir.Value{b.combine(v.Kind(), lhs, b.Broadcast(rhs, rt), acc)})
			return true
		}
		rowType := b.Context().Vector(rt.Dims[1:], rt.Elem)
		res := acc
		if res == nil {
			res = b.zero(rt)
		}
		for i := int64(0); i < rt.Dims[0]; i++ {
			var accRow *ir.Value
			if acc != nil {
				accRow = b.Extract(acc, []int64{i})
			}
			row := b.combine(v.Kind(), b.Broadcast(b.Extract(lhs, []int64{i}), rowType), rhs, accRow)
			res = b.Insert(row, res, []int64{i})
		}
		rw.ReplaceOp(op, []*ir.Value{res})
		return true
	}}

// lowerContract rewrites vector.contract whatever its indexing maps: for
// each row of the accumulator (all its dims but the innermost, the lane
// dim) and each point of the reduction space, the lhs and rhs values
// along the lane dim become vectors (a row when the lane dim is their
// innermost, a splat when they do not use it, gathered elements otherwise)
// and one vector.fma accumulates their product. A scalar accumulator
// gets a chain of scalar multiply-adds.
var lowerContract = &ir.Pattern{Name: "vector-lower-contract", Root: "vector.contract",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		c := vector.Contract{Operation: op}
		maps := c.IndexingMaps()
		lt, ok1 := fixedVector(c.LHS())
		rt, ok2 := fixedVector(c.RHS())
		accType := c.Acc().Type()
		if !ok1 || !ok2 || len(maps) != 3 || lt.Elem != rt.Elem || ir.ElementTypeOrSelf(accType) != lt.Elem ||
			!combinable(c.Kind(), accType) || op.Result(0).Type() != accType {
			return false
		}
		if at, ok := accType.(*ir.VectorType); ok && at.IsScalable() {
			return false
		}
		size := make([]int64, maps[0].Dims)
		for i, m := range maps {
			for k, r := range m.Results {
				if r.Kind != ir.AffineDim || r.Value >= int64(len(size)) {
					return false
				}
				if i < 2 {
					size[r.Value] = []*ir.VectorType{lt, rt}[i].Dims[k]
				}
			}
		}
		var redDims, redSizes []int64
		for d, it := range c.IteratorTypes() {
			if it == vector.IteratorReduction && d < len(size) {
				redDims = append(redDims, int64(d))
				redSizes = append(redSizes, size[d])
			}
		}
		accVT, isVec := accType.(*ir.VectorType)
		b := at(rw, op)
		// operand returns lhs or rhs at iteration point it.
		operand := func(i int, it []int64) *ir.Value {
			pos := make([]int64, len(maps[i].Results))
			for k, r := range maps[i].Results {
				pos[k] = it[r.Value]
			}
			return b.Extract(op.Operand(i), pos)
		}
		if !isVec {
			acc := c.Acc()
			it := make([]int64, len(size))
			forEach(redSizes, func(q []int64) {
				for k, d := range redDims {
					it[d] = q[k]
				}
				acc = b.combine(c.Kind(), operand(0, it), operand(1, it), acc)
			})
			rw.ReplaceOp(op, []*ir.Value{acc})
			return true
		}
		accMap := maps[2].Results
		lane := accMap[len(accMap)-1].Value
		n := size[lane]
		laneType := b.Context().Vector([]int64{n}, lt.Elem)
		// laneVector returns operand i along the lane dim at point it.
		laneVector := func(i int, it []int64) *ir.Value {
			res := maps[i].Results
			k := slices.IndexFunc(res, func(r *ir.AffineExpr) bool { return r.Value == lane })
			switch {
			case k < 0:
				return b.Broadcast(operand(i, it), laneType)
			case k == len(res)-1:
				pos := make([]int64, k)
				for j := range pos {
					pos[j] = it[res[j].Value]
				}
				if len(pos) == 0 {
					return op.Operand(i)
				}
				return b.Extract(op.Operand(i), pos)
			}
			elems := make([]*ir.Value, n)
			for l := range elems {
				it[lane] = int64(l)
				elems[l] = operand(i, it)
			}
			return b.Op("vector.from_elements", elems, []ir.Type{laneType})
		}
		res := c.Acc()
		forEach(accVT.Dims[:len(accVT.Dims)-1], func(rowPos []int64) {
			it := make([]int64, len(size))
			for k, p := range rowPos {
				it[accMap[k].Value] = p
			}
			row := c.Acc()
			if len(rowPos) > 0 {
				row = b.Extract(row, rowPos)
			}
			forEach(redSizes, func(q []int64) {
				for k, d := range redDims {
					it[d] = q[k]
				}
				row = b.combine(c.Kind(), laneVector(0, it), laneVector(1, it), row)
			})
			if len(rowPos) == 0 {
				res = row
			} else {
				res = b.Insert(row, res, rowPos)
			}
		})
		rw.ReplaceOp(op, []*ir.Value{res})
		return true
	}}
