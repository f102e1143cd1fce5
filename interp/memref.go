package interp

import "github.com/kiln-gpu/kiln/ir"

// memrefHandler resolves a memref op to its handler.
func memrefHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "memref.view":
		return (*Machine).memrefView
	case "memref.dma_start":
		return local(dmaStart)
	case "memref.dma_wait":
		// dma_start copies at once, so there is nothing to wait for.
		return func(*Machine, *frame, *ir.Operation) error { return nil }
	case "memref.distinct_objects":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			f.setResults(op, f.getAll(op.Operands()))
			return nil
		}
	case "memref.alloc", "memref.alloca":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			t, ok := op.Result(0).Type().(*ir.MemRefType)
			if !ok {
				return op.Errorf("expected a ranked memref result")
			}
			dyn := op.Operands()
			if seg := segments(op); seg != nil {
				dyn = seg[0]
			}
			// A memref of vectors (vector-to-scf's buffers) is a buffer of
			// their lanes viewed as vectors, as vector.type_cast makes.
			elem, lanes := t.Elem, []int64(nil)
			if vt, ok := elem.(*ir.VectorType); ok && !vt.IsScalable() {
				elem, lanes = vt.Elem, vt.Dims
			}
			if err := scalarElements(op, op.Context().MemRef(t.Dims, elem, nil, nil)); err != nil {
				return err
			}
			sizes, err := m.mixed(f, op, t.Dims, dyn)
			if err != nil {
				return err
			}
			// Allocas are reclaimed with the Go heap; only allocs count as
			// in use until their dealloc.
			mr, err := m.allocate(op, elem, append(append([]int64(nil), sizes...), lanes...), t.MemorySpace, op.Name() == "memref.alloc")
			if err != nil {
				return err
			}
			if lanes != nil {
				st := rowMajorStrides(sizes)
				for i := range st {
					st[i] *= product(lanes)
				}
				mr = mr.view(t.Elem, 0, sizes, st)
			}
			f.set(op.Result(0), mr)
			return nil
		}
	case "memref.dealloc":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			if mr.Buf.Freed {
				return op.Errorf("memref deallocated twice")
			}
			m.free(mr.Buf)
			return nil
		}
	case "memref.load":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			idx, err := indices(f, op, op.Operands()[1:])
			if err != nil {
				return err
			}
			v, ok := mr.At(idx...)
			if !ok {
				if !m.robust(f, mr) {
					return outOfBounds(op, mr, idx)
				}
				v = Scalar{}
			}
			f.set(op.Result(0), v)
			return nil
		}
	case "memref.store":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 1)
			if err != nil {
				return err
			}
			idx, err := indices(f, op, op.Operands()[2:])
			if err != nil {
				return err
			}
			if !mr.Set(f.scalar(op.Operand(0)), idx...) && !m.robust(f, mr) {
				return outOfBounds(op, mr, idx)
			}
			return nil
		}
	case "memref.dim":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			d := int64(f.scalar(op.Operand(1)).Bits)
			if d < 0 || d >= int64(len(mr.Sizes)) {
				return op.Errorf("dimension %d out of range for a memref of rank %d", d, len(mr.Sizes))
			}
			f.set(op.Result(0), Int(mr.Sizes[d]))
			return nil
		}
	case "memref.rank":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			f.set(op.Result(0), Int(int64(len(mr.Sizes))))
			return nil
		}
	case "memref.cast", "memref.assume_alignment", "memref.memory_space_cast":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			if op.NumResults() == 0 {
				return nil
			}
			if t, ok := op.Result(0).Type().(*ir.MemRefType); ok {
				if len(t.Dims) != len(mr.Sizes) {
					return op.Errorf("cast of a memref of rank %d to rank %d", len(mr.Sizes), len(t.Dims))
				}
				for i, d := range t.Dims {
					if d != ir.Dynamic && d != mr.Sizes[i] {
						return op.Errorf("cast to %s of a memref of size %d in dimension %d", ir.TypeString(t), mr.Sizes[i], i)
					}
				}
				mr = mr.view(mr.Elem, mr.Offset, mr.Sizes, mr.Strides)
				mr.Space = t.MemorySpace
			}
			f.set(op.Result(0), mr)
			return nil
		}
	case "memref.reinterpret_cast":
		return (*Machine).reinterpretCast
	case "memref.subview":
		return (*Machine).subview
	case "memref.expand_shape":
		return (*Machine).expandShape
	case "memref.collapse_shape":
		return (*Machine).collapseShape
	case "memref.copy":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			src, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			dst, err := memrefOperand(f, op, 1)
			if err != nil {
				return err
			}
			if src.NumElements() != dst.NumElements() {
				return op.Errorf("copy of %d elements into a memref of %d", src.NumElements(), dst.NumElements())
			}
			dst.copyFrom(src)
			return nil
		}
	case "memref.global":
		return func(*Machine, *frame, *ir.Operation) error { return nil }
	case "memref.get_global":
		return (*Machine).getGlobal
	case "memref.atomic_rmw":
		return (*Machine).atomicRMW
	case "memref.generic_atomic_rmw":
		return (*Machine).genericAtomicRMW
	case "memref.extract_strided_metadata":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, 0)
			if err != nil {
				return err
			}
			res := []Value{mr.view(mr.Elem, 0, nil, nil), Int(mr.Offset)}
			for _, s := range mr.Sizes {
				res = append(res, Int(s))
			}
			for _, s := range mr.Strides {
				res = append(res, Int(s))
			}
			f.setResults(op, res)
			return nil
		}
	}
	return nil
}

// scalarElements rejects memrefs of vectors, whose buffers the interpreter
// does not model.
func scalarElements(op *ir.Operation, t *ir.MemRefType) error {
	if width(t.Elem) == 0 && !ir.IsFloat(t.Elem) {
		return op.Errorf("the interpreter supports memrefs of integers, index and floats, not %s", ir.TypeString(t))
	}
	return nil
}

func memrefOperand(f *frame, op *ir.Operation, i int) (*MemRef, error) {
	mr, ok := f.get(op.Operand(i)).(*MemRef)
	if !ok {
		return nil, op.Errorf("operand %d is not a memref value", i)
	}
	return mr, nil
}

func indices(f *frame, op *ir.Operation, vs []*ir.Value) ([]int64, error) {
	idx := make([]int64, len(vs))
	for i, v := range vs {
		s := f.scalar(v)
		if s.Poison {
			return nil, op.Errorf("poison index")
		}
		idx[i] = int64(s.Bits)
	}
	return idx, nil
}

// robust reports whether an out-of-bounds access to mr in frame f is
// defined (see Machine.RobustAccess) rather than an error.
func (m *Machine) robust(f *frame, mr *MemRef) bool {
	return m.RobustAccess && f.th != nil && !mr.Buf.Freed
}

func outOfBounds(op *ir.Operation, mr *MemRef, idx []int64) error {
	if mr.Buf.Freed {
		return op.Errorf("access to a deallocated memref")
	}
	return op.Errorf("out-of-bounds access at %v of a memref of sizes %v", idx, mr.Sizes)
}

// mixed fills the ir.Dynamic entries of static from the values dyn.
func (m *Machine) mixed(f *frame, op *ir.Operation, static []int64, dyn []*ir.Value) ([]int64, error) {
	out := make([]int64, len(static))
	k := 0
	for i, s := range static {
		if s != ir.Dynamic {
			out[i] = s
			continue
		}
		if k >= len(dyn) {
			return nil, op.Errorf("missing a dynamic size or index operand")
		}
		x := f.scalar(dyn[k])
		if x.Poison {
			return nil, op.Errorf("poison size or index")
		}
		out[i] = int64(x.Bits)
		k++
	}
	return out, nil
}
