package interp

import "github.com/kiln-gpu/kiln/ir"

// elems returns the elements of a scalar or vector value.
func elems(v Value) []Scalar {
	switch v := v.(type) {
	case Scalar:
		return []Scalar{v}
	case *Vector:
		return v.Elements()
	}
	return nil
}

// elementwise computes op's result i from the operands elementwise: fn
// gets the k-th element of each operand and returns the results' k-th
// elements. Operands are scalars or vectors of the same shape; vectors
// are read and made in place, without unpacking them.
func (m *Machine) elementwise(f *frame, op *ir.Operation, fn func(xs []Scalar) ([]Scalar, error)) error {
	xs := make([]Scalar, op.NumOperands())
	vecs := make([]*Vector, op.NumOperands()) // nil for a scalar operand, in xs
	n := 1
	for i, v := range op.Operands() {
		switch x := f.get(v).(type) {
		case Scalar:
			xs[i] = x
		case *Vector:
			vecs[i] = x
			n = max(n, x.Len())
		default:
			return op.Errorf("operand %d has no value the interpreter can compute with", i)
		}
	}
	outs := make([]*Vector, op.NumResults())
	for j, r := range op.Results() {
		if vt, ok := r.Type().(*ir.VectorType); ok {
			outs[j] = newVector(vt, int64(n), ir.IsFloat(vt.Elem))
		}
	}
	for k := 0; k < n; k++ {
		for i, v := range vecs {
			if v != nil {
				xs[i] = v.At(min(k, v.Len()-1))
			}
		}
		r, err := fn(xs)
		if err != nil {
			return err
		}
		for j, o := range outs {
			if o != nil {
				o.set(k, r[j])
			} else if k == 0 {
				f.set(op.Result(j), r[j])
			}
		}
	}
	for j, o := range outs {
		if o != nil {
			f.set(op.Result(j), o)
		}
	}
	return nil
}

func anyPoison(xs []Scalar) bool {
	for _, x := range xs {
		if x.Poison {
			return true
		}
	}
	return false
}
