package interp

import (
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"
)

// vecOperand returns operand i as a vector.
func vecOperand(f *frame, op *ir.Operation, i int) (*Vector, error) {
	v, ok := f.get(op.Operand(i)).(*Vector)
	if !ok {
		return nil, op.Errorf("operand %d is not a vector value", i)
	}
	return v, nil
}

// resultVector returns the vector type of op's first result.
func resultVector(op *ir.Operation) (*ir.VectorType, error) {
	if op.NumResults() > 0 {
		if vt, ok := op.Result(0).Type().(*ir.VectorType); ok {
			return vt, nil
		}
	}
	return nil, op.Errorf("expected a vector result")
}

// setVector sets op's result i to elements el, as a scalar when the
// result type is not a vector.
func setVector(f *frame, op *ir.Operation, i int, el []Scalar) {
	r := op.Result(i)
	if vt, ok := r.Type().(*ir.VectorType); ok {
		f.set(r, NewVector(vt, el))
	} else {
		f.set(r, el[0])
	}
}

// vectorHandler resolves a vector op to its handler.
func vectorHandler(op *ir.Operation) handler {
	switch op.Name() {
	case "vector.type_cast":
		return local(typeCast)
	case "vector.mask":
		return (*Machine).vecMask
	case "vector.scan":
		return local(vecScan)
	case "vector.expandload", "vector.compressstore":
		return local(vecCompressed)
	case "vector.broadcast", "vector.splat":
		return local(vecBroadcast)
	case "vector.extract", "vector.extractelement":
		static := staticPosition(op, 1)
		return func(m *Machine, f *frame, op *ir.Operation) error { return vecExtract(f, op, static) }
	case "vector.insert", "vector.insertelement":
		static := staticPosition(op, 2)
		return func(m *Machine, f *frame, op *ir.Operation) error { return vecInsert(f, op, static) }
	case "vector.shuffle":
		return local(vecShuffle)
	case "vector.extract_strided_slice":
		return local(vecExtractStrided)
	case "vector.insert_strided_slice":
		return local(vecInsertStrided)
	case "vector.fma":
		k, _ := floatKind(op.Result(0).Type())
		return elementwiseHandler(func(xs []Scalar) ([]Scalar, error) {
			if anyPoison(xs) {
				return []Scalar{Poison()}, nil
			}
			r, _ := mathd.EvalFloat("math.fma", k, xs[0].F, xs[1].F, xs[2].F)
			return []Scalar{{F: r}}, nil
		})
	case "vector.reduction":
		return (*Machine).vecReduction
	case "vector.multi_reduction":
		return (*Machine).vecMultiReduction
	case "vector.transpose":
		return local(vecTranspose)
	case "vector.shape_cast":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			v, err := vecOperand(f, op, 0)
			if err != nil {
				return err
			}
			rt, err := resultVector(op)
			if err != nil {
				return err
			}
			// The row-major elements stay as they are: share them.
			f.set(op.Result(0), v.sub(rt, 0, int64(v.Len())))
			return nil
		}
	case "vector.bitcast":
		return local(vecBitcast)
	case "vector.create_mask", "vector.constant_mask":
		return local(vecMask)
	case "vector.from_elements":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			el := make([]Scalar, op.NumOperands())
			for i, v := range op.Operands() {
				el[i] = f.scalar(v)
			}
			setVector(f, op, 0, el)
			return nil
		}
	case "vector.to_elements":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			el := elems(f.get(op.Operand(0)))
			for i, r := range op.Results() {
				f.set(r, el[i])
			}
			return nil
		}
	case "vector.interleave":
		return local(vecInterleave)
	case "vector.deinterleave":
		return local(vecDeinterleave)
	case "vector.step":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			n := product(shapeOf(op.Result(0).Type()))
			et := ir.ElementTypeOrSelf(op.Result(0).Type())
			el := make([]Scalar, n)
			for i := range el {
				el[i] = Int(sext(et, uint64(i))) // an integer step wraps
			}
			setVector(f, op, 0, el)
			return nil
		}
	case "vector.print":
		return (*Machine).vecPrint
	case "vector.outerproduct":
		return (*Machine).vecOuterProduct
	case "vector.contract":
		return (*Machine).vecContract
	case "vector.load", "vector.store", "vector.maskedload", "vector.maskedstore",
		"vector.transfer_read", "vector.transfer_write", "vector.gather", "vector.scatter":
		return vecMemoryHandler(op)
	}
	return nil
}

// vecBroadcast stretches a scalar or vector to the result shape, aligning
// trailing dimensions; source dimensions of size 1 repeat.
func vecBroadcast(f *frame, op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		f.set(op.Result(0), f.get(op.Operand(0)))
		return nil
	}
	src := f.get(op.Operand(0))
	var sshape []int64
	if v, ok := src.(*Vector); ok {
		sshape = v.Type.Dims
	}
	sel := elems(src)
	sstr := rowMajorStrides(sshape)
	lead := len(rt.Dims) - len(sshape)
	out := make([]Scalar, 0, product(rt.Dims))
	forEachIndex(rt.Dims, func(idx []int64) {
		l := int64(0)
		for d := range sshape {
			if sshape[d] != 1 {
				l += idx[lead+d] * sstr[d]
			}
		}
		out = append(out, sel[l])
	})
	f.set(op.Result(0), NewVector(rt, out))
	return nil
}

// staticPosition returns the static_position of an extract or insert
// whose dynamic position operands start at operand first; extractelement
// and insertelement have one dynamic position or none.
func staticPosition(op *ir.Operation, first int) []int64 {
	if op.Name() == "vector.extractelement" || op.Name() == "vector.insertelement" {
		if op.NumOperands() > first {
			return []int64{ir.Dynamic}
		}
		return nil
	}
	return intList(op.Attr("static_position"))
}

// position fills the ir.Dynamic entries of an extract's or insert's static
// position from dyn; ok is false for poison or out-of-range indices.
func position(f *frame, op *ir.Operation, static []int64, dyn []*ir.Value, shape []int64) (pos []int64, ok bool, err error) {
	k := 0
	ok = true
	for i, s := range static {
		if s == ir.Dynamic {
			if k >= len(dyn) {
				return nil, false, op.Errorf("missing a dynamic position operand")
			}
			x := f.scalar(dyn[k])
			k++
			s = sext(dyn[k-1].Type(), x.Bits)
			if x.Poison {
				s = -1
			}
		}
		if i >= len(shape) || s < 0 || s >= shape[i] {
			ok = false
		}
		pos = append(pos, s)
	}
	return pos, ok, nil
}

// subRange returns the start and length of the elements at pos.
func subRange(shape, pos []int64) (int64, int64) {
	st := rowMajorStrides(shape)
	l := int64(0)
	for i, p := range pos {
		l += p * st[i]
	}
	return l, product(shape[len(pos):])
}

func vecExtract(f *frame, op *ir.Operation, static []int64) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	pos, ok, err := position(f, op, static, op.Operands()[1:], v.Type.Dims)
	if err != nil {
		return err
	}
	start, n := subRange(v.Type.Dims, pos)
	if !ok {
		// Out-of-bounds and poison positions give poison, as in MLIR.
		el := make([]Scalar, n)
		for i := range el {
			el[i] = Poison()
		}
		setVector(f, op, 0, el)
		return nil
	}
	if vt, ok := op.Result(0).Type().(*ir.VectorType); ok {
		f.set(op.Result(0), v.sub(vt, start, n))
	} else {
		f.set(op.Result(0), v.At(int(start)))
	}
	return nil
}

func vecInsert(f *frame, op *ir.Operation, static []int64) error {
	dst, err := vecOperand(f, op, 1)
	if err != nil {
		return err
	}
	pos, ok, err := position(f, op, static, op.Operands()[2:], dst.Type.Dims)
	if err != nil {
		return err
	}
	if !ok {
		out := make([]Scalar, dst.Len())
		for i := range out {
			out[i] = Poison()
		}
		setVector(f, op, 0, out)
		return nil
	}
	start, n := subRange(dst.Type.Dims, pos)
	out := dst.clone()
	switch src := f.get(op.Operand(0)).(type) {
	case Scalar:
		out.set(int(start), src)
	case *Vector:
		for i := range min(n, int64(src.Len())) {
			out.set(int(start+i), src.At(int(i)))
		}
	}
	f.set(op.Result(0), out)
	return nil
}

// vecShuffle picks slices along the leading dimension of the
// concatenated operands; mask index -1 is poison.
func vecShuffle(f *frame, op *ir.Operation) error {
	a, b := elems(f.get(op.Operand(0))), elems(f.get(op.Operand(1)))
	inner := int64(1)
	if vt, ok := op.Operand(0).Type().(*ir.VectorType); ok && len(vt.Dims) > 1 {
		inner = product(vt.Dims[1:])
	}
	all := append(append([]Scalar(nil), a...), b...)
	var out []Scalar
	for _, i := range intList(op.Attr("mask")) {
		if i < 0 || (i+1)*inner > int64(len(all)) {
			for k := int64(0); k < inner; k++ {
				out = append(out, Poison())
			}
			continue
		}
		out = append(out, all[i*inner:(i+1)*inner]...)
	}
	setVector(f, op, 0, out)
	return nil
}

func vecExtractStrided(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	off, st := intList(op.Attr("offsets")), intList(op.Attr("strides"))
	rt, err := resultVector(op)
	if err != nil {
		return err
	}
	vst := rowMajorStrides(v.Type.Dims)
	out := make([]Scalar, 0, product(rt.Dims))
	forEachIndex(rt.Dims, func(idx []int64) {
		l := int64(0)
		for d, x := range idx {
			if d < len(off) {
				x = off[d] + x*st[d]
			}
			l += x * vst[d]
		}
		out = append(out, v.At(int(l)))
	})
	setVector(f, op, 0, out)
	return nil
}

func vecInsertStrided(f *frame, op *ir.Operation) error {
	src, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	dst, err := vecOperand(f, op, 1)
	if err != nil {
		return err
	}
	off, st := intList(op.Attr("offsets")), intList(op.Attr("strides"))
	lead := len(dst.Type.Dims) - len(src.Type.Dims)
	dstr := rowMajorStrides(dst.Type.Dims)
	out := dst.Elements()
	i := 0
	forEachIndex(src.Type.Dims, func(idx []int64) {
		l := int64(0)
		for d := range dst.Type.Dims {
			x := off[d]
			if d >= lead {
				x += idx[d-lead] * st[d-lead]
			}
			l += x * dstr[d]
		}
		out[l] = src.At(i)
		i++
	})
	setVector(f, op, 0, out)
	return nil
}

func vecTranspose(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	perm := intList(op.Attr("permutation"))
	rt, err := resultVector(op)
	if err != nil {
		return err
	}
	vst := rowMajorStrides(v.Type.Dims)
	out := make([]Scalar, 0, v.Len())
	forEachIndex(rt.Dims, func(idx []int64) {
		l := int64(0)
		for d, x := range idx {
			l += x * vst[perm[d]]
		}
		out = append(out, v.At(int(l)))
	})
	setVector(f, op, 0, out)
	return nil
}

// vecBitcast reinterprets the bits of each innermost row.
func vecBitcast(f *frame, op *ir.Operation) error {
	v, err := vecOperand(f, op, 0)
	if err != nil {
		return err
	}
	from, to := v.Type.Elem, ir.ElementTypeOrSelf(op.Result(0).Type())
	fw, tw := ir.IntOrFloatBitWidth(from), ir.IntOrFloatBitWidth(to)
	// Concatenate the bits little-endian, then cut them into new elements.
	var bits []byte
	for _, e := range v.Elements() {
		b := e.Bits
		if k, ok := floatKind(from); ok {
			b = ir.FloatBits(k, e.F)
		}
		for i := 0; i < fw; i++ {
			bits = append(bits, byte(b>>uint(i)&1))
		}
	}
	out := make([]Scalar, len(bits)/tw)
	for j := range out {
		var b uint64
		for i := 0; i < tw; i++ {
			b |= uint64(bits[j*tw+i]) << uint(i)
		}
		if k, ok := floatKind(to); ok {
			out[j] = Scalar{F: ir.FloatFromBits(k, b)}
		} else {
			out[j] = Scalar{Bits: b}
		}
	}
	setVector(f, op, 0, out)
	return nil
}

func vecMask(f *frame, op *ir.Operation) error {
	rt, err := resultVector(op)
	if err != nil {
		return err
	}
	bounds := intList(op.Attr("mask_dim_sizes"))
	if op.Name() == "vector.create_mask" {
		bounds = make([]int64, op.NumOperands())
		for i, v := range op.Operands() {
			bounds[i] = int64(f.scalar(v).Bits)
		}
	}
	out := make([]Scalar, 0, product(rt.Dims))
	forEachIndex(rt.Dims, func(idx []int64) {
		in := true
		for d, x := range idx {
			in = in && d < len(bounds) && x < bounds[d]
		}
		out = append(out, Scalar{Bits: b2u(in)})
	})
	f.set(op.Result(0), NewVector(rt, out))
	return nil
}

func vecInterleave(f *frame, op *ir.Operation) error {
	a, b := elems(f.get(op.Operand(0))), elems(f.get(op.Operand(1)))
	// Element i of a row lands at 2i and of b at 2i+1, in every row.
	out := make([]Scalar, 0, 2*len(a))
	for i := range a {
		out = append(out, a[i], b[i])
	}
	setVector(f, op, 0, out)
	return nil
}

func vecDeinterleave(f *frame, op *ir.Operation) error {
	a := elems(f.get(op.Operand(0)))
	var even, odd []Scalar
	for i := 0; i+1 < len(a); i += 2 {
		even, odd = append(even, a[i]), append(odd, a[i+1])
	}
	setVector(f, op, 0, even)
	setVector(f, op, 1, odd)
	return nil
}
