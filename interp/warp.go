package interp

import (
	"github.com/kiln-gpu/kiln/ir"
)

const warpOp = "gpu.warp_execute_on_lane_0"

// dynamicShared returns the workgroup's memory of the size the launch
// gave as dynamic_shared_memory_size, allocated once per workgroup.
func (m *Machine) dynamicShared(f *frame, op *ir.Operation) error {
	if f.th == nil {
		return op.Errorf("'%s' outside a kernel", op.Name())
	}
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || width(rt.Elem) != 8 || len(rt.Dims) != 1 {
		return op.Errorf("expected a memref<?xi8> result")
	}
	wg := f.th.wg
	if wg.dynShared == nil {
		mr, err := m.allocate(op, rt.Elem, []int64{m.dynSharedBytes}, rt.MemorySpace, false)
		if err != nil {
			return err
		}
		wg.dynShared = mr
	}
	f.set(op.Result(0), wg.dynShared)
	return nil
}

// dynSharedSize evaluates a launch's dynamic_shared_memory_size operand
// segment, 0 when absent.
func dynSharedSize(f *frame, seg []*ir.Value) int64 {
	if len(seg) != 1 {
		return 0
	}
	return int64(f.scalar(seg[0]).Bits)
}

// gpuBallot sets bit l of the result when lane l's predicate holds.
func gpuBallot(op *ir.Operation, ts []*thread) error {
	w := width(op.Result(0).Type())
	if len(ts) > w {
		return op.Errorf("a subgroup of %d threads does not fit an i%d ballot", len(ts), w)
	}
	var b uint64
	for l, t := range ts {
		p := asScalar(t.payload[0])
		if p.Poison {
			return op.Errorf("ballot of a poison predicate in thread %v", t.tid)
		}
		if p.Bits&1 != 0 {
			b |= 1 << l
		}
	}
	for _, t := range ts {
		t.reply = []Value{Scalar{Bits: b}}
	}
	return nil
}

// warpExecute runs the region once for the warp ts, in the frame of the
// thread whose laneid is 0. A vector argument whose region type is larger
// is gathered from the lanes: lane l's value becomes slice l along the one
// dimension whose sizes differ; other arguments are lane 0's. Yielded
// values are distributed the opposite way, or given whole to every lane.
func warpExecute(op *ir.Operation, ts []*thread) error {
	size := intAttr(op, "warp_size")
	if size != int64(len(ts)) {
		return op.Errorf("the interpreter runs warp_size %d only on subgroups of that size, not %d", size, len(ts))
	}
	lanes := make([]*thread, len(ts))
	for _, t := range ts {
		l := asScalar(t.payload[0])
		if l.Poison || l.Bits >= uint64(len(ts)) || lanes[l.Bits] != nil {
			return op.Errorf("lane ids must be the subgroup's lanes 0..%d once each, thread %v has %v", len(ts)-1, t.tid, l)
		}
		lanes[l.Bits] = t
	}
	if hasCollectives(op.Region(0)) {
		return op.Errorf("the interpreter does not run subgroup or workgroup collectives inside '%s'", warpOp)
	}
	entry := op.Region(0).Entry()
	args := make([]Value, entry.NumArgs())
	for i := range args {
		vals := make([]Value, len(lanes))
		for l, t := range lanes {
			vals[l] = t.payload[1+i]
		}
		v, err := gather(op, entry.Arg(i).Type(), vals)
		if err != nil {
			return err
		}
		args[i] = v
	}
	t0 := lanes[0]
	_, yielded, err := t0.m.execRegion(t0.frame, op.Region(0), args)
	if err != nil {
		return err
	}
	if len(yielded) != op.NumResults() {
		return op.Errorf("the region yields %d values for %d results", len(yielded), op.NumResults())
	}
	for _, t := range lanes {
		t.reply = make([]Value, op.NumResults())
	}
	for r, y := range yielded {
		for l, t := range lanes {
			v, err := slice(op, y, op.Result(r).Type(), int64(l))
			if err != nil {
				return err
			}
			t.reply[r] = v
		}
	}
	return nil
}

// distDim returns the one dimension along which whole (the region's
// vector type) is distributed into part, -1 when they are equal.
func distDim(op *ir.Operation, whole, part ir.Type) (int, error) {
	wv, ok1 := whole.(*ir.VectorType)
	pv, ok2 := part.(*ir.VectorType)
	if !ok1 || !ok2 {
		return -1, nil
	}
	d := -1
	for i := range wv.Dims {
		if i < len(pv.Dims) && wv.Dims[i] != pv.Dims[i] {
			if d >= 0 {
				return 0, op.Errorf("the interpreter distributes %s over one dimension only", ir.TypeString(whole))
			}
			d = i
		}
	}
	return d, nil
}

// gather assembles the region value of type whole from each lane's part.
func gather(op *ir.Operation, whole ir.Type, vals []Value) (Value, error) {
	pv, ok := vals[0].(*Vector)
	if !ok {
		return vals[0], nil
	}
	d, err := distDim(op, whole, pv.Type)
	if err != nil || d < 0 {
		return vals[0], err
	}
	wv := whole.(*ir.VectorType)
	out := make([]Scalar, product(wv.Dims))
	for l, v := range vals {
		part := v.(*Vector)
		i := 0
		forEachIndex(part.Type.Dims, func(idx []int64) {
			w := append([]int64(nil), idx...)
			w[d] += int64(l) * part.Type.Dims[d]
			out[rowIndex(wv.Dims, w)] = part.At(i)
			i++
		})
	}
	return NewVector(wv, out), nil
}

// slice returns lane l's part, of type part, of the yielded value y.
func slice(op *ir.Operation, y Value, part ir.Type, l int64) (Value, error) {
	wv, ok := y.(*Vector)
	if !ok {
		return y, nil
	}
	d, err := distDim(op, wv.Type, part)
	if err != nil || d < 0 {
		return y, err
	}
	pt := part.(*ir.VectorType)
	out := make([]Scalar, 0, product(pt.Dims))
	forEachIndex(pt.Dims, func(idx []int64) {
		w := append([]int64(nil), idx...)
		w[d] += l * pt.Dims[d]
		out = append(out, wv.At(int(rowIndex(wv.Type.Dims, w))))
	})
	return NewVector(pt, out), nil
}

// rowIndex is the row-major position of idx in shape.
func rowIndex(shape, idx []int64) int64 {
	l, st := int64(0), rowMajorStrides(shape)
	for i, x := range idx {
		l += x * st[i]
	}
	return l
}
