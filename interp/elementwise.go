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
// elements. Operands are scalars or vectors of the same shape.
func (m *Machine) elementwise(f *frame, op *ir.Operation, fn func(xs []Scalar) ([]Scalar, error)) error {
	ins := make([][]Scalar, op.NumOperands())
	n := 1
	for i, v := range op.Operands() {
		ins[i] = elems(f.get(v))
		if ins[i] == nil {
			return op.Errorf("operand %d has no value the interpreter can compute with", i)
		}
		n = max(n, len(ins[i]))
	}
	outs := make([][]Scalar, op.NumResults())
	xs := make([]Scalar, len(ins))
	for k := 0; k < n; k++ {
		for i := range ins {
			xs[i] = ins[i][min(k, len(ins[i])-1)]
		}
		r, err := fn(xs)
		if err != nil {
			return err
		}
		for j := range outs {
			outs[j] = append(outs[j], r[j])
		}
	}
	for j, r := range op.Results() {
		if vt, ok := r.Type().(*ir.VectorType); ok {
			f.set(r, NewVector(vt, outs[j]))
		} else {
			f.set(r, outs[j][0])
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
