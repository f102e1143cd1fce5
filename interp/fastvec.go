package interp

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// vectorOp compiles the vector ops of hot loops on native vectors:
// elementwise binary arith ops, float math ops and vector.fma,
// vector.broadcast of a scalar, extract and insert at static positions,
// and vector.load, vector.store and transfers along a memref's trailing
// dimensions. Poison, masks of any kind, overflow flags and out-of-bounds
// or unusual memrefs go to the general handler; nil for other ops.
func (u *unit) vectorOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	switch op.Name() {
	case "vector.broadcast", "vector.splat":
		return u.broadcastOp(op, slow)
	case "vector.load", "vector.store", "vector.transfer_read", "vector.transfer_write":
		return u.vecAccessOp(op, slow)
	case "vector.extract":
		return u.extractOp(op, slow)
	case "vector.insert":
		return u.insertOp(op, slow)
	}
	if op.NumOperands() == 0 || op.NumResults() != 1 {
		return nil
	}
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	for _, v := range op.Operands() {
		if v.Type() != ir.Type(vt) {
			return nil
		}
	}
	ft, float := vt.Elem.(*ir.FloatType)
	switch {
	case strings.HasPrefix(op.Name(), "math.") && float && op.NumOperands() <= 3:
		return u.vecMathOp(op, op.Name(), vt, ft.Kind, slow)
	case op.Name() == "vector.fma" && float && op.NumOperands() == 3:
		return u.vecMathOp(op, "math.fma", vt, ft.Kind, slow)
	case op.NumOperands() != 2:
		return nil
	case float:
		return u.vecFloatOp(op, vt, ft.Kind, slow)
	}
	return u.vecIntOp(op, vt, slow)
}

// vecMathOp compiles an op on float vectors that mathd.EvalFloat computes
// as the math op name.
func (u *unit) vecMathOp(op *ir.Operation, name string, vt *ir.VectorType, k ir.FloatKind, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if _, known := mathd.EvalFloat(name, k, 0, 0, 0); !known {
		return nil
	}
	in := make([]int32, op.NumOperands())
	for i, v := range op.Operands() {
		in[i] = u.slots[v]
	}
	r := u.slots[op.Result(0)]
	vs := make([]*Vector, len(in)) // handlers do not run reentrantly
	args := make([]float64, len(in))
	return func(m *Machine, f *frame) error {
		for i, s := range in {
			v, ok := f.cells[s].v.(*Vector)
			if !ok || v.poison != nil || v.floats == nil {
				return slow(m, f)
			}
			vs[i] = v
		}
		out := newVector(vt, int64(len(vs[0].floats)), true)
		for e := range out.floats {
			for i, v := range vs {
				args[i] = v.floats[e]
			}
			out.floats[e], _ = mathd.EvalFloat(name, k, args...)
		}
		f.cells[r] = cell{v: out, kind: valueCell}
		return nil
	}
}

// vectors2 returns the two vector operands of a binary op; ok is false
// when either is not a vector or holds poison.
func (f *frame) vectors2(a, b int32) (x, y *Vector, ok bool) {
	x, okx := f.cells[a].v.(*Vector)
	y, oky := f.cells[b].v.(*Vector)
	if !okx || !oky || x.poison != nil || y.poison != nil {
		return nil, nil, false
	}
	return x, y, true
}

func (u *unit) vecFloatOp(op *ir.Operation, vt *ir.VectorType, k ir.FloatKind, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	fn := floatBinary(op.Name(), k)
	if fn == nil {
		return nil
	}
	a, b, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		x, y, ok := f.vectors2(a, b)
		if !ok || x.floats == nil || y.floats == nil {
			return slow(m, f)
		}
		v := newVector(vt, int64(len(x.floats)), true)
		for i, xi := range x.floats {
			v.floats[i] = fn(xi, y.floats[i])
		}
		f.cells[r] = cell{v: v, kind: valueCell}
		return nil
	}
}

func (u *unit) vecIntOp(op *ir.Operation, vt *ir.VectorType, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	w := width(vt.Elem)
	fn, ok := arith.IntFunc(op.Name())
	if w == 0 || !ok {
		return nil
	}
	if a, ok := op.Attr("overflowFlags").(*arith.OverflowAttr); ok && a.Flags != arith.OverflowNone {
		return nil
	}
	a, b, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		x, y, ok := f.vectors2(a, b)
		if !ok || x.ints == nil || y.ints == nil {
			return slow(m, f)
		}
		v := newVector(vt, int64(len(x.ints)), false)
		for i, xi := range x.ints {
			z, ok := fn(w, xi, y.ints[i])
			if !ok {
				return slow(m, f)
			}
			v.ints[i] = z
		}
		f.cells[r] = cell{v: v, kind: valueCell}
		return nil
	}
}

// broadcastOp compiles the broadcast of a scalar to a vector.
func (u *unit) broadcastOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if op.NumOperands() != 1 || op.NumResults() != 1 || !scalarType(op.Operand(0).Type()) {
		return nil
	}
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	n, float := product(vt.Dims), ir.IsFloat(vt.Elem)
	a, r := u.slots[op.Operand(0)], u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		c := &f.cells[a]
		if !c.scalar() || c.s.Poison {
			return slow(m, f)
		}
		v := newVector(vt, n, float)
		if float {
			for i := range v.floats {
				v.floats[i] = c.s.F
			}
		} else {
			for i := range v.ints {
				v.ints[i] = c.s.Bits
			}
		}
		f.cells[r] = cell{v: v, kind: valueCell}
		return nil
	}
}

// vecAccessOp compiles vector.load and vector.store of a vector of a
// memref's scalar element type whose elements all lie in bounds, and
// unmasked transfers of the same that read or write along the memref's
// trailing dimensions (a minor identity map).
func (u *unit) vecAccessOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	ops := op.Operands()
	var memv, valv *ir.Value
	var base []*ir.Value
	load := false
	switch op.Name() {
	case "vector.load":
		if len(ops) == 0 || op.NumResults() != 1 {
			return nil
		}
		memv, valv, base, load = ops[0], op.Result(0), ops[1:], true
	case "vector.store":
		if len(ops) < 2 {
			return nil
		}
		memv, valv, base = ops[1], ops[0], ops[2:]
	case "vector.transfer_read":
		seg := segments(op)
		if len(seg) != 4 || len(seg[0]) != 1 || len(seg[3]) != 0 || op.NumResults() != 1 {
			return nil
		}
		memv, valv, base, load = seg[0][0], op.Result(0), seg[1], true
	case "vector.transfer_write":
		seg := segments(op)
		if len(seg) != 4 || len(seg[0]) != 1 || len(seg[1]) != 1 || len(seg[3]) != 0 || op.NumResults() != 0 {
			return nil
		}
		memv, valv, base = seg[1][0], seg[0][0], seg[2]
	}
	mt, ok := memv.Type().(*ir.MemRefType)
	if !ok || !scalarType(mt.Elem) || len(mt.Dims) == 0 || len(base) != len(mt.Dims) {
		return nil
	}
	vt, _ := valv.Type().(*ir.VectorType)
	rank, r := len(mt.Dims), 0
	if vt != nil {
		r = len(vt.Dims)
	}
	if r == 0 || r > rank || vt.Elem != mt.Elem || product(vt.Dims) <= 0 {
		return nil
	}
	for j, d := range permutationMap(op, rank, r) {
		if d != rank-r+j {
			return nil
		}
	}
	elem, ec, float := mt.Elem, codecOf(mt.Elem), ir.IsFloat(mt.Elem)
	n, rows := vt.Dims[r-1], product(vt.Dims[:r-1])
	mem, val := u.slots[memv], u.slots[valv]
	idx := make([]int32, len(base))
	for i, v := range base {
		idx[i] = u.slots[v]
	}
	pos := make([]int64, r-1) // the row's index in the outer vector dimensions; not reentrant
	return func(m *Machine, f *frame) error {
		c := &f.cells[mem]
		mr, ok := c.v.(*MemRef)
		if !ok || c.kind != valueCell || mr.Elem != elem || mr.bytes != nil || mr.Buf.Freed || mr.Buf.poison != nil || len(mr.Sizes) != rank {
			return slow(m, f)
		}
		l := mr.Offset
		for i, s := range idx {
			c := &f.cells[s]
			x, lim := int64(c.s.Bits), mr.Sizes[i]
			if i >= rank-r {
				lim -= vt.Dims[i-(rank-r)] - 1 // the vector runs along the trailing dimensions
			}
			if !c.scalar() || c.s.Poison || x < 0 || x >= lim {
				return slow(m, f)
			}
			l += x * mr.Strides[i]
		}
		sts := mr.Strides[rank-r:]
		lo, hi := l, l
		for j, d := range vt.Dims {
			if e := (d - 1) * sts[j]; e < 0 {
				lo += e
			} else {
				hi += e
			}
		}
		if lo < 0 || (hi+1)*ec.n > mr.Buf.Len() {
			return slow(m, f)
		}
		var v *Vector
		if load {
			v = newVector(vt, rows*n, float)
		} else if v, ok = f.cells[val].v.(*Vector); !ok || v.poison != nil {
			return slow(m, f)
		}
		clear(pos)
		st, at := sts[r-1], l
		for q := int64(0); q < rows; q++ {
			for k := int64(0); k < n; k++ {
				e, b := q*n+k, (at+k*st)*ec.n
				switch {
				case load && float:
					v.floats[e] = ec.get(mr.Buf, b).F
				case load:
					v.ints[e] = ec.get(mr.Buf, b).Bits
				case float:
					ec.put(mr.Buf, b, Scalar{F: v.floats[e]})
				default:
					ec.put(mr.Buf, b, Scalar{Bits: v.ints[e]})
				}
			}
			// The next row: advance the outer index, innermost first.
			for j := len(pos) - 1; j >= 0; j-- {
				pos[j]++
				at += sts[j]
				if pos[j] < vt.Dims[j] {
					break
				}
				at -= pos[j] * sts[j]
				pos[j] = 0
			}
		}
		if load {
			f.cells[val] = cell{v: v, kind: valueCell}
		}
		return nil
	}
}

// staticRange returns the elements an extract or insert without dynamic
// position operands reaches in a vector of shape dims; ok is false for
// dynamic or out-of-range positions, which the general handler runs.
func staticRange(op *ir.Operation, dims []int64) (start, n int64, ok bool) {
	pos := intList(op.Attr("static_position"))
	if len(pos) > len(dims) {
		return 0, 0, false
	}
	for i, p := range pos {
		if p < 0 || p >= dims[i] {
			return 0, 0, false
		}
	}
	start, n = subRange(dims, pos)
	return start, n, true
}

// extractOp compiles vector.extract at a static position: an element, or
// a slice that shares the vector's storage.
func (u *unit) extractOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	vt, ok := op.Operand(0).Type().(*ir.VectorType)
	if !ok || op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	start, n, ok := staticRange(op, vt.Dims)
	if !ok {
		return nil
	}
	a, r := u.slots[op.Operand(0)], u.slots[op.Result(0)]
	rt, _ := op.Result(0).Type().(*ir.VectorType)
	return func(m *Machine, f *frame) error {
		v, ok := f.cells[a].v.(*Vector)
		if !ok {
			return slow(m, f)
		}
		if rt != nil {
			f.cells[r] = cell{v: v.sub(rt, start, n), kind: valueCell}
		} else {
			f.setScalar(r, v.At(int(start)))
		}
		return nil
	}
}

// insertOp compiles vector.insert of a scalar at a static position.
func (u *unit) insertOp(op *ir.Operation, slow func(*Machine, *frame) error) func(m *Machine, f *frame) error {
	if op.NumOperands() != 2 || op.NumResults() != 1 || !scalarType(op.Operand(0).Type()) {
		return nil
	}
	vt, ok := op.Operand(1).Type().(*ir.VectorType)
	if !ok {
		return nil
	}
	start, n, ok := staticRange(op, vt.Dims)
	if !ok || n != 1 {
		return nil
	}
	s, d, r := u.slots[op.Operand(0)], u.slots[op.Operand(1)], u.slots[op.Result(0)]
	return func(m *Machine, f *frame) error {
		c := &f.cells[s]
		dst, ok := f.cells[d].v.(*Vector)
		if !ok || !c.scalar() {
			return slow(m, f)
		}
		out := dst.clone()
		out.set(int(start), c.s)
		f.cells[r] = cell{v: out, kind: valueCell}
		return nil
	}
}
