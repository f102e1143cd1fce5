package interp

import "github.com/kiln-gpu/kiln/ir"

func (m *Machine) vecReduction(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	kind := enumWord(op.Attr("kind"))
	if kind == "" {
		return op.Errorf("expected a reduction kind or region")
	}
	name, err := combiner(op, kind, v.Type.Elem)
	if err != nil {
		return err
	}
	// Combine in order, from the accumulator or else the first element.
	acc, i := Scalar{}, 0
	switch {
	case op.NumOperands() > 1:
		acc = f.scalar(op.Operand(1))
	case v.Len() > 0:
		acc, i = v.At(0), 1
	default:
		return op.Errorf("reduction of an empty vector without an accumulator")
	}
	for ; i < v.Len(); i++ {
		acc = combine(name, v.Type.Elem, acc, v.At(i))
	}
	f.set(op.Result(0), acc)
	return nil
}

func (m *Machine) vecMultiReduction(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	acc := append([]Scalar(nil), elems(f.get(op.Operand(1)))...)
	red := map[int64]bool{}
	for _, d := range intList(op.Attr("reduction_dims")) {
		red[d] = true
	}
	name, err := combiner(op, enumWord(op.Attr("kind")), v.Type.Elem)
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
		l, k := int64(0), 0
		for d, x := range idx {
			if !red[int64(d)] {
				l += x * kst[k]
				k++
			}
		}
		acc[l] = combine(name, v.Type.Elem, acc[l], v.At(i))
		i++
	})
	setVector(f, op, 0, acc)
	return nil
}

// vecOuterProduct computes lhs[i]*rhs[j] (or lhs[i]*rhs for a scalar rhs)
// combined with the accumulator by kind.
func (m *Machine) vecOuterProduct(f *frame, op *ir.Operation) error {
	lhs := elems(f.get(op.Operand(0)))
	rhs := elems(f.get(op.Operand(1)))
	_, scalarRHS := f.get(op.Operand(1)).(Scalar)
	et := ir.ElementTypeOrSelf(op.Result(0).Type())
	mul, add := "arith.muli", "arith.addi"
	if ir.IsFloat(et) {
		mul, add = "arith.mulf", "arith.addf"
	}
	if op.HasAttr("kind") {
		var err error
		if add, err = combiner(op, enumWord(op.Attr("kind")), et); err != nil {
			return err
		}
	}
	var out []Scalar
	for i := range lhs {
		if scalarRHS {
			out = append(out, combine(mul, et, lhs[i], rhs[0]))
			continue
		}
		for j := range rhs {
			out = append(out, combine(mul, et, lhs[i], rhs[j]))
		}
	}
	if op.NumOperands() > 2 {
		acc := elems(f.get(op.Operand(2)))
		for i := range out {
			out[i] = combine(add, et, acc[i], out[i])
		}
	}
	setVector(f, op, 0, out)
	return nil
}

// vecContract evaluates vector.contract over its iteration space.
func (m *Machine) vecContract(f *frame, op *ir.Operation) error {
	acc, err := m.contract(f, op, func(int) bool { return true })
	if err != nil {
		return err
	}
	setVector(f, op, 0, acc)
	return nil
}

// contract returns vector.contract's result elements; only the points of
// the iteration space (in row-major order) that on accepts contribute, as
// vector.mask defines for a masked contraction.
func (m *Machine) contract(f *frame, op *ir.Operation, on func(int) bool) ([]Scalar, error) {
	maps, _ := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if maps == nil || len(maps.Elems) != 3 {
		return nil, op.Errorf("expected three indexing maps")
	}
	var am [3]*ir.AffineMap
	for i, a := range maps.Elems {
		ma, ok := a.(*ir.AffineMapAttr)
		if !ok {
			return nil, op.Errorf("indexing map %d is not an affine map", i)
		}
		am[i] = ma.Map
	}
	vals := [3]Value{f.get(op.Operand(0)), f.get(op.Operand(1)), f.get(op.Operand(2))}
	shapes := [3][]int64{shapeOf(op.Operand(0).Type()), shapeOf(op.Operand(1).Type()), shapeOf(op.Operand(2).Type())}
	iter := make([]int64, am[0].NumDims())
	for k := 0; k < 3; k++ {
		for r, e := range am[k].Results {
			if e.Kind == ir.AffineDim && r < len(shapes[k]) {
				iter[e.Value] = shapes[k][r]
			}
		}
	}
	et := ir.ElementTypeOrSelf(op.Result(0).Type())
	mul := "arith.muli"
	if ir.IsFloat(et) {
		mul = "arith.mulf"
	}
	kind := enumWord(op.Attr("kind"))
	if kind == "" {
		kind = "add"
	}
	add, err := combiner(op, kind, et)
	if err != nil {
		return nil, err
	}
	acc := append([]Scalar(nil), elems(vals[2])...)
	at := func(k int, idx []int64) int64 {
		p := am[k].Eval(idx, nil)
		l, st := int64(0), rowMajorStrides(shapes[k])
		for i, x := range p {
			l += x * st[i]
		}
		return l
	}
	lhs, rhs := elems(vals[0]), elems(vals[1])
	point := 0
	forEachIndex(iter, func(idx []int64) {
		defer func() { point++ }()
		if !on(point) {
			return
		}
		a := at(2, idx)
		acc[a] = combine(add, et, acc[a], combine(mul, et, lhs[at(0, idx)], rhs[at(1, idx)]))
	})
	return acc, nil
}
