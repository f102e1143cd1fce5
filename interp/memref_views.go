package interp

import "github.com/kiln-gpu/kiln/ir"

// offsetsSizesStrides reads the mixed offsets, sizes and strides of
// subview and reinterpret_cast.
func (m *Machine) offsetsSizesStrides(f *frame, op *ir.Operation) (off, sz, st []int64, err error) {
	seg := segments(op)
	if len(seg) != 4 {
		return nil, nil, nil, op.Errorf("expected operandSegmentSizes with 4 groups")
	}
	if off, err = m.mixed(f, op, intList(op.Attr("static_offsets")), seg[1]); err != nil {
		return
	}
	if sz, err = m.mixed(f, op, intList(op.Attr("static_sizes")), seg[2]); err != nil {
		return
	}
	for i, s := range sz {
		if s < 0 {
			return nil, nil, nil, op.Errorf("negative size %d in dimension %d", s, i)
		}
	}
	st, err = m.mixed(f, op, intList(op.Attr("static_strides")), seg[3])
	return
}

func (m *Machine) reinterpretCast(f *frame, op *ir.Operation) error {
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	off, sz, st, err := m.offsetsSizesStrides(f, op)
	if err != nil {
		return err
	}
	if len(off) != 1 {
		return op.Errorf("expected one offset")
	}
	f.set(op.Result(0), mr.view(mr.Elem, off[0], sz, st))
	return nil
}

func (m *Machine) subview(f *frame, op *ir.Operation) error {
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	off, sz, st, err := m.offsetsSizesStrides(f, op)
	if err != nil {
		return err
	}
	if len(off) != len(mr.Sizes) || len(sz) != len(mr.Sizes) || len(st) != len(mr.Sizes) {
		return op.Errorf("subview of rank %d with %d offsets", len(mr.Sizes), len(off))
	}
	offset := mr.Offset
	var sizes, strides []int64
	for i := range off {
		if sz[i] > 0 && (off[i] < 0 || off[i]+(sz[i]-1)*st[i] >= mr.Sizes[i] || off[i]+(sz[i]-1)*st[i] < 0) {
			return op.Errorf("subview out of bounds in dimension %d: offset %d size %d stride %d of size %d", i, off[i], sz[i], st[i], mr.Sizes[i])
		}
		offset += off[i] * mr.Strides[i]
	}
	res := shapeOf(op.Result(0).Type())
	j := 0
	for i := range sz {
		if j < len(res) && (res[j] == sz[i] || res[j] == ir.Dynamic) && len(sz)-i >= len(res)-j {
			sizes, strides = append(sizes, sz[i]), append(strides, mr.Strides[i]*st[i])
			j++
		} else if sz[i] != 1 {
			return op.Errorf("cannot drop dimension %d of size %d in a rank-reducing subview", i, sz[i])
		}
	}
	f.set(op.Result(0), mr.view(mr.Elem, offset, sizes, strides))
	return nil
}

func reassociation(op *ir.Operation) [][]int64 {
	arr, _ := op.Attr("reassociation").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([][]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		out[i] = intList(e)
	}
	return out
}

func (m *Machine) expandShape(f *frame, op *ir.Operation) error {
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	static := intList(op.Attr("static_output_shape"))
	if static == nil {
		static = shapeOf(op.Result(0).Type())
	}
	sizes, err := m.mixed(f, op, static, op.Operands()[1:])
	if err != nil {
		return err
	}
	strides := make([]int64, len(sizes))
	groups := reassociation(op)
	if len(groups) != len(mr.Sizes) {
		return op.Errorf("reassociation has %d groups for a source of rank %d", len(groups), len(mr.Sizes))
	}
	for d, g := range groups {
		s, n := mr.Strides[d], int64(1)
		for k := len(g) - 1; k >= 0; k-- {
			strides[g[k]] = s
			s *= sizes[g[k]]
			n *= sizes[g[k]]
		}
		if n != mr.Sizes[d] {
			return op.Errorf("expanded sizes of dimension %d multiply to %d, not %d", d, n, mr.Sizes[d])
		}
	}
	f.set(op.Result(0), mr.view(mr.Elem, mr.Offset, sizes, strides))
	return nil
}

func (m *Machine) collapseShape(f *frame, op *ir.Operation) error {
	mr, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	groups := reassociation(op)
	sizes, strides := make([]int64, len(groups)), make([]int64, len(groups))
	for i, g := range groups {
		n, s := int64(1), int64(1)
		for k, d := range g {
			n *= mr.Sizes[d]
			if k == len(g)-1 {
				s = mr.Strides[d]
			}
		}
		// Only contiguous groups collapse to one strided dimension.
		for k := 0; k+1 < len(g); k++ {
			if mr.Sizes[g[k+1]] > 1 && mr.Sizes[g[k]] > 1 && mr.Strides[g[k]] != mr.Strides[g[k+1]]*mr.Sizes[g[k+1]] {
				return op.Errorf("collapsed dimensions %v are not contiguous", g)
			}
		}
		sizes[i], strides[i] = n, s
	}
	f.set(op.Result(0), mr.view(mr.Elem, mr.Offset, sizes, strides))
	return nil
}
