package interp

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/vector"
)

// vecMask runs the masked op of a vector.mask with the mask applied.
func (m *Machine) vecMask(f *frame, op *ir.Operation) error {
	inner := vector.MaskedOp(op)
	if inner == nil {
		// Only a yield: the results are the yielded values.
		y := op.Region(0).Entry().Last()
		f.setResults(op, f.getAll(y.Operands()))
		return nil
	}
	mask := elems(f.get(op.Operand(0)))
	if mask == nil {
		return op.Errorf("the mask has no value the interpreter can compute with")
	}
	on := func(i int) bool { return mask[min(i, len(mask)-1)].Bits&1 != 0 }
	switch inner.Name() {
	case "vector.transfer_read", "vector.transfer_write":
		return m.maskedTransfer(f, op, inner)
	case "vector.reduction":
		v, err := vecOperand(f, inner, 0)
		if err != nil {
			return err
		}
		var vals []Value
		if inner.NumOperands() > 1 {
			vals = append(vals, f.get(inner.Operand(1)))
		}
		for i, e := range v.Elements() {
			if on(i) {
				vals = append(vals, e)
			}
		}
		if len(vals) == 0 {
			// MLIR leaves a fully masked reduction without accumulator undefined.
			f.set(op.Result(0), Poison())
			return nil
		}
		r, err := m.reduce(inner, enumWord(inner.Attr("kind")), v.Type.Elem, vals, f)
		if err != nil {
			return err
		}
		f.set(op.Result(0), r)
		return nil
	case "vector.multi_reduction":
		v, err := vecOperand(f, inner, 0)
		if err != nil {
			return err
		}
		return m.maskedMultiReduction(f, op, inner, v, on)
	case "vector.gather":
		return m.maskedGather(f, op, inner, on)
	case "vector.contract":
		acc, err := m.contract(f, inner, on)
		if err != nil {
			return err
		}
		setVector(f, op, 0, acc)
		return nil
	}
	return op.Errorf("the interpreter does not support masking '%s'", inner.Name())
}

// maskedMultiReduction reduces the lanes that are on into the accumulator.
func (m *Machine) maskedMultiReduction(f *frame, op, inner *ir.Operation, v *Vector, on func(int) bool) error {
	acc := append([]Scalar(nil), elems(f.get(inner.Operand(1)))...)
	red := map[int64]bool{}
	for _, d := range vector.ReductionDims(inner) {
		red[d] = true
	}
	name, err := combiner(inner, enumWord(inner.Attr("kind")), v.Type.Elem)
	if err != nil {
		return err
	}
	var kept []int64
	for d, s := range v.Type.Dims {
		if !red[int64(d)] {
			kept = append(kept, s)
		}
	}
	kst := rowMajorStrides(kept)
	i := 0
	forEachIndex(v.Type.Dims, func(idx []int64) {
		defer func() { i++ }()
		if !on(i) {
			return
		}
		l, k := int64(0), 0
		for d, x := range idx {
			if !red[int64(d)] {
				l += x * kst[k]
				k++
			}
		}
		acc[l] = combine(name, v.Type.Elem, acc[l], v.At(i))
	})
	setVector(f, op, 0, acc)
	return nil
}

// maskedGather runs a gather under a vector.mask as a gather under both
// masks (its own pass-through fills the lanes only its mask turns off);
// the lanes the vector.mask turns off take its pass-through, or are
// undefined, which the interpreter makes poison.
func (m *Machine) maskedGather(f *frame, op, inner *ir.Operation, on func(int) bool) error {
	n := inner.NumOperands()
	if n < 4 {
		return op.Errorf("expected a gather with a mask and a pass-through")
	}
	ctx := op.Context()
	both := ctx.NewOp(&ir.OpState{Name: "arith.andi", Loc: op.Loc(), Operands: []*ir.Value{op.Operand(0), inner.Operand(n - 2)},
		ResultTypes: []ir.Type{op.Operand(0).Type()}})
	defer both.DropAllReferences()
	if err := handlerOf(both)(m, f, both); err != nil {
		return err
	}
	defer f.unset(both.Result(0))
	operands := append(append([]*ir.Value(nil), inner.Operands()[:n-2]...), both.Result(0), inner.Operand(n-1))
	tmp := ctx.NewOp(&ir.OpState{Name: inner.Name(), Loc: inner.Loc(), Operands: operands, ResultTypes: inner.ResultTypes(), Attrs: inner.Attrs()})
	defer tmp.DropAllReferences()
	if err := handlerOf(tmp)(m, f, tmp); err != nil {
		return err
	}
	out := append([]Scalar(nil), elems(f.get(tmp.Result(0)))...)
	f.unset(tmp.Result(0))
	var pass []Scalar
	if op.NumOperands() == 2 {
		pass = elems(f.get(op.Operand(1)))
	}
	for i := range out {
		switch {
		case on(i):
		case i < len(pass):
			out[i] = pass[i]
		default:
			out[i] = Poison()
		}
	}
	setVector(f, op, 0, out)
	return nil
}

// maskedTransfer runs a transfer under a vector.mask as the same transfer
// with the mask as its mask operand; a read's masked-off lanes then take
// the pass-through when there is one.
func (m *Machine) maskedTransfer(f *frame, op, inner *ir.Operation) error {
	seg := segments(inner)
	if len(seg) != 4 || len(seg[3]) != 0 {
		return op.Errorf("expected an unmasked transfer inside vector.mask")
	}
	var attrs []ir.NamedAttr
	for _, a := range inner.Attrs() {
		if a.Name != "operandSegmentSizes" {
			attrs = append(attrs, a)
		}
	}
	ctx := op.Context()
	attrs = append(attrs, ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(seg[0])), int64(len(seg[1])), int64(len(seg[2])), 1)})
	tmp := ctx.NewOp(&ir.OpState{
		Name:        inner.Name(),
		Loc:         inner.Loc(),
		Operands:    append(append([]*ir.Value(nil), inner.Operands()...), op.Operand(0)),
		ResultTypes: inner.ResultTypes(),
		Attrs:       attrs,
	})
	defer tmp.DropAllReferences()
	if err := vecMemoryHandler(tmp)(m, f, tmp); err != nil {
		return err
	}
	if tmp.NumResults() == 0 {
		return nil
	}
	r := f.get(tmp.Result(0))
	f.unset(tmp.Result(0))
	if op.NumOperands() == 2 {
		out := append([]Scalar(nil), elems(r)...)
		mask, pass := elems(f.get(op.Operand(0))), elems(f.get(op.Operand(1)))
		for i := range out {
			if i < len(mask) && mask[i].Bits&1 == 0 && i < len(pass) {
				out[i] = pass[i]
			}
		}
		setVector(f, op, 0, out)
		return nil
	}
	f.set(op.Result(0), r)
	return nil
}

// vecScan computes vector.scan as MLIR lowers it: along the scanned
// dimension, each slice combines the previous result with the current
// slice (inclusive) or the previous slice (exclusive, which starts from
// the initial value); the second result is the last slice's result.
func vecScan(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	init := elems(f.get(op.Operand(1)))
	dim, inclusive := vector.ScanDim(op)
	name, err := combiner(op, enumWord(op.Attr("kind")), v.Type.Elem)
	if err != nil {
		return err
	}
	dims := v.Type.Dims
	n := dims[dim]
	inner := product(dims[dim+1:])
	outer := product(dims[:dim])
	out := make([]Scalar, v.Len())
	last := make([]Scalar, 0, outer*inner)
	for o := int64(0); o < outer; o++ {
		for in := int64(0); in < inner; in++ {
			at := func(k int64) int64 { return (o*n+k)*inner + in }
			for k := int64(0); k < n; k++ {
				switch {
				case k == 0 && inclusive:
					out[at(0)] = v.At(int(at(0)))
				case k == 0:
					out[at(0)] = init[min(int(o*inner+in), len(init)-1)]
				case inclusive:
					out[at(k)] = combine(name, v.Type.Elem, out[at(k-1)], v.At(int(at(k))))
				default:
					out[at(k)] = combine(name, v.Type.Elem, out[at(k-1)], v.At(int(at(k-1))))
				}
			}
			last = append(last, out[at(n-1)])
		}
	}
	setVector(f, op, 0, out)
	setVector(f, op, 1, last)
	return nil
}

// vecCompressed runs vector.expandload and vector.compressstore: the
// lanes whose mask bit is set read or write consecutive elements along
// the innermost memref dimension, starting at the base indices.
func vecCompressed(f *frame, op *ir.Operation) error {
	n := op.NumOperands()
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	idx, err := indices(f, op, op.Operands()[1:n-2])
	if err != nil {
		return err
	}
	mask, vals := elems(f.get(op.Operand(n-2))), elems(f.get(op.Operand(n-1)))
	if mask == nil || vals == nil {
		return op.Errorf("operands have no value the interpreter can compute with")
	}
	load := op.Name() == "vector.expandload"
	out := append([]Scalar(nil), vals...)
	for i := range vals {
		if mask[i].Bits&1 == 0 {
			continue
		}
		x, inb := mr.At(idx...)
		if !inb {
			return outOfBounds(op, mr, idx)
		}
		if load {
			out[i] = x
		} else {
			mr.Set(vals[i], idx...)
		}
		if len(idx) > 0 {
			idx[len(idx)-1]++
		}
	}
	if load {
		setVector(f, op, 0, out)
	}
	return nil
}

// sincos computes both results of math.sincos, rounded to the float kind.
func (m *Machine) sincos(f *frame, op *ir.Operation) error {
	k, _ := floatKind(op.Operand(0).Type())
	return m.elementwise(f, op, func(xs []Scalar) ([]Scalar, error) {
		if xs[0].Poison {
			return []Scalar{Poison(), Poison()}, nil
		}
		s, c := math.Sincos(xs[0].F)
		return []Scalar{{F: ir.RoundFloat(k, s)}, {F: ir.RoundFloat(k, c)}}, nil
	})
}

// dmaStart copies num elements at once, walking both memrefs in row-major
// order from their start indices; a strided transfer reads chunks of
// elements-per-stride source elements, each stride elements apart.
func dmaStart(f *frame, op *ir.Operation) error {
	refs, idx, num, stride, ok := memref.DmaStartParts(op)
	if !ok {
		return op.Errorf("malformed memref.dma_start operands")
	}
	var mrs [2]*MemRef
	var starts [2]int64
	for i := range mrs {
		mr, ok := f.get(refs[i]).(*MemRef)
		if !ok {
			return op.Errorf("operand is not a memref value")
		}
		at, err := indices(f, op, idx[i])
		if err != nil {
			return err
		}
		mrs[i], starts[i] = mr, linearIndex(mr.Sizes, at)
	}
	count := f.scalar(num).Int64(num.Type())
	chunk, step := count, count
	if stride != nil {
		step = f.scalar(stride[0]).Int64(stride[0].Type())
		chunk = f.scalar(stride[1]).Int64(stride[1].Type())
		if chunk <= 0 {
			return op.Errorf("the number of elements per stride must be positive")
		}
	}
	for k := int64(0); k < count; k++ {
		src := delinearize(starts[0]+k/chunk*step+k%chunk, mrs[0].Sizes)
		dst := delinearize(starts[1]+k, mrs[1].Sizes)
		x, inb := mrs[0].At(src...)
		if !inb {
			return outOfBounds(op, mrs[0], src)
		}
		if !mrs[1].Set(x, dst...) {
			return outOfBounds(op, mrs[1], dst)
		}
	}
	return nil
}

// linearIndex is the row-major position of idx in a shape.
func linearIndex(shape, idx []int64) int64 {
	l := int64(0)
	for i, s := range shape {
		l = l*s + idx[i]
	}
	return l
}

// delinearize is the index of row-major position l in a shape; a
// position past the end gets an out-of-bounds outermost index.
func delinearize(l int64, shape []int64) []int64 {
	idx := make([]int64, len(shape))
	for i := len(shape) - 1; i > 0; i-- {
		if shape[i] > 0 {
			idx[i] = l % shape[i]
			l /= shape[i]
		}
	}
	if len(idx) > 0 {
		idx[0] = l
	}
	return idx
}
