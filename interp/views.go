package interp

import (
	endian "encoding/binary"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// byteAlias makes a memref.view result read and write the i8 buffer it
// views: element l of the view is the ElementSize bytes at byte shift +
// l*size.
type byteAlias struct{ shift int64 }

// load returns the element at the linear position l of m's buffer (in
// scalars, also for memrefs of vectors).
func (m *MemRef) load(l int64) Scalar {
	c := codecOf(scalarElem(m.Elem))
	return c.get(m.Buf, m.shift()+l*c.n)
}

// store writes v at the linear position l of m's buffer.
func (m *MemRef) store(l int64, v Scalar) {
	c := codecOf(scalarElem(m.Elem))
	c.put(m.Buf, m.shift()+l*c.n, v)
}

// shift is the byte position of m's buffer position 0.
func (m *MemRef) shift() int64 {
	if m.bytes == nil {
		return 0
	}
	return m.bytes.shift
}

// capacity is the number of elements m's buffer holds in m's element type.
func (m *MemRef) capacity() int64 {
	return (m.Buf.Len() - m.shift()) / int64(ElementSize(scalarElem(m.Elem)))
}

// codec reads and writes the elements of one scalar type in a Buffer.
type codec struct {
	n     int64 // bytes per element
	w     int   // integer width, 0 for floats
	float bool
	k     ir.FloatKind
}

func codecOf(t ir.Type) codec {
	k, float := floatKind(t)
	return codec{n: int64(ElementSize(t)), w: width(t), float: float, k: k}
}

// get decodes the element at byte at.
func (c codec) get(b *Buffer, at int64) Scalar {
	if b.fetch != nil {
		b.Sync()
	}
	if b.poison != nil && b.poisoned(at, c.n) {
		return Poison()
	}
	var x uint64
	switch c.n {
	case 1:
		x = uint64(b.data[at])
	case 2:
		x = uint64(endian.LittleEndian.Uint16(b.data[at:]))
	case 4:
		x = uint64(endian.LittleEndian.Uint32(b.data[at:]))
	case 8:
		x = endian.LittleEndian.Uint64(b.data[at:])
	default:
		for k := int64(0); k < min(c.n, 8); k++ {
			x |= uint64(b.data[at+k]) << (8 * uint(k))
		}
	}
	if c.float {
		return Scalar{F: ir.FloatFromBits(c.k, x)}
	}
	return Scalar{Bits: arith.Mask(c.w, x)}
}

// put encodes v as the element at byte at.
func (c codec) put(b *Buffer, at int64, v Scalar) {
	if b.fetch != nil {
		b.Sync()
	}
	b.version++
	if v.Poison || b.poison != nil {
		b.markPoison(at, c.n, v.Poison)
	}
	x := v.Bits
	if c.float {
		x = ir.FloatBits(c.k, v.F)
	}
	if v.Poison {
		x = 0
	}
	switch c.n {
	case 1:
		b.data[at] = byte(x)
	case 2:
		endian.LittleEndian.PutUint16(b.data[at:], uint16(x))
	case 4:
		endian.LittleEndian.PutUint32(b.data[at:], uint32(x))
	case 8:
		endian.LittleEndian.PutUint64(b.data[at:], x)
	default:
		for k := int64(0); k < c.n; k++ {
			b.data[at+k] = 0
			if k < 8 {
				b.data[at+k] = byte(x >> (8 * uint(k)))
			}
		}
	}
}

func (b *Buffer) poisoned(at, n int64) bool {
	for i := at; i < at+n; i++ {
		if b.poison[i>>6]>>(i&63)&1 != 0 {
			return true
		}
	}
	return false
}

// markPoison sets or clears the poison bits of n bytes at byte at.
func (b *Buffer) markPoison(at, n int64, p bool) {
	if b.poison == nil {
		b.poison = make([]uint64, (len(b.data)+63)/64)
	}
	for i := at; i < at+n; i++ {
		if p {
			b.poison[i>>6] |= 1 << (i & 63)
		} else {
			b.poison[i>>6] &^= 1 << (i & 63)
		}
	}
}

// vectorElemHandler resolves the memref, vector and gpu ops on a memref
// of vectors (made by vector.type_cast), nil for other ops: loads and
// stores of whole elements, and the ops that only read the descriptor,
// which run their usual handler.
func vectorElemHandler(op *ir.Operation) handler {
	d, _, _ := strings.Cut(op.Name(), ".")
	if d != "memref" && d != "vector" && d != "gpu" || op.Name() == "vector.type_cast" || op.Name() == "memref.view" {
		return nil
	}
	vm := -1
	for i, v := range op.Operands() {
		if _, isVec := memrefElem(v.Type()).(*ir.VectorType); isVec {
			vm = i
		}
	}
	if vm < 0 {
		return nil
	}
	switch op.Name() {
	case "memref.load", "vector.load":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, vm)
			if err != nil {
				return err
			}
			return loadVectorElem(f, op, mr, f.getAll(op.Operands()[1:]))
		}
	case "memref.store", "vector.store":
		return func(m *Machine, f *frame, op *ir.Operation) error {
			mr, err := memrefOperand(f, op, vm)
			if err != nil {
				return err
			}
			return storeVectorElem(f, op, mr, f.get(op.Operand(0)), f.getAll(op.Operands()[2:]))
		}
	case "memref.dim", "memref.rank", "memref.cast", "memref.assume_alignment", "memref.memory_space_cast":
		return nil
	}
	return func(m *Machine, f *frame, op *ir.Operation) error {
		return op.Errorf("the interpreter supports only whole-element loads and stores of a memref of vectors, not '%s'", op.Name())
	}
}

// memrefElem is the element type of a ranked or unranked memref type, nil
// for other types.
func memrefElem(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.Elem
	case *ir.UnrankedMemRefType:
		return t.Elem
	}
	return nil
}

// typeCast views a contiguous memref of scalars as a memref of vectors;
// each vector element covers its lanes' consecutive scalars, so strides
// stay counted in scalars.
func typeCast(f *frame, op *ir.Operation) error {
	src, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	vt, isVec := ir.Type(nil), false
	if ok {
		vt, isVec = rt.Elem.(*ir.VectorType)
	}
	if !isVec || !ir.HasStaticShape(rt) {
		return op.Errorf("expected a statically shaped memref of vectors result")
	}
	// A source of vectors (vector-to-scf unpacking one more dimension of
	// its buffers) counts its strides in lanes of its vectors.
	srcLanes := int64(1)
	if sv, ok := src.Elem.(*ir.VectorType); ok {
		srcLanes = product(sv.Dims)
	}
	if src.bytes != nil || !contiguousBy(src, srcLanes) {
		return op.Errorf("vector.type_cast needs a contiguous row-major source")
	}
	lanes := product(vt.(*ir.VectorType).Dims)
	if product(rt.Dims)*lanes != src.NumElements()*srcLanes {
		return op.Errorf("%d elements do not fill %s", src.NumElements(), ir.TypeString(rt))
	}
	st := rowMajorStrides(rt.Dims)
	for i := range st {
		st[i] *= lanes
	}
	f.set(op.Result(0), src.view(vt, src.Offset, append([]int64(nil), rt.Dims...), st))
	return nil
}

// contiguous reports whether mr's strides are row-major over its sizes.
func contiguous(mr *MemRef) bool { return contiguousBy(mr, 1) }

// contiguousBy reports whether mr's strides are row-major over its sizes
// in units of n scalars.
func contiguousBy(mr *MemRef, n int64) bool {
	want := rowMajorStrides(mr.Sizes)
	for i, s := range mr.Strides {
		if mr.Sizes[i] != 1 && s != want[i]*n {
			return false
		}
	}
	return true
}

// vectorElem returns the buffer position of the vector element of vm at
// the index values idx, and whether it lies in bounds.
func vectorElem(op *ir.Operation, vm *MemRef, idx []Value) (int64, *ir.VectorType, error) {
	vt := vm.Elem.(*ir.VectorType)
	pos := make([]int64, len(idx))
	for i, v := range idx {
		s := asScalar(v)
		if s.Poison {
			return 0, nil, op.Errorf("poison index")
		}
		pos[i] = int64(s.Bits)
	}
	l, ok := vm.checked(pos)
	if !ok || l+product(vt.Dims) > vm.capacity() {
		return 0, nil, outOfBounds(op, vm, pos)
	}
	return l, vt, nil
}

func loadVectorElem(f *frame, op *ir.Operation, vm *MemRef, idx []Value) error {
	l, vt, err := vectorElem(op, vm, idx)
	if err != nil {
		return err
	}
	if op.Result(0).Type() != ir.Type(vt) {
		return op.Errorf("the interpreter loads only whole %s elements", ir.TypeString(vt))
	}
	el := make([]Scalar, product(vt.Dims))
	for i := range el {
		el[i] = vm.load(l + int64(i))
	}
	f.set(op.Result(0), NewVector(vt, el))
	return nil
}

func storeVectorElem(f *frame, op *ir.Operation, vm *MemRef, val Value, idx []Value) error {
	l, vt, err := vectorElem(op, vm, idx)
	if err != nil {
		return err
	}
	v, ok := val.(*Vector)
	if !ok || v.Type != vt {
		return op.Errorf("the interpreter stores only whole %s elements", ir.TypeString(vt))
	}
	for i, x := range v.Elements() {
		vm.store(l+int64(i), x)
	}
	return nil
}

// memrefView runs memref.view: the i8 source's bytes from the byte shift
// on, seen as a contiguous memref of the result's element type.
func (m *Machine) memrefView(f *frame, op *ir.Operation) error {
	src, err := memrefOperand(f, op, 0)
	if err != nil {
		return err
	}
	rt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok || width(src.Elem) != 8 || len(src.Sizes) != 1 || src.Strides[0] != 1 || src.bytes != nil {
		return op.Errorf("the interpreter views only contiguous 1-d i8 memrefs as typed memrefs")
	}
	if err := scalarElements(op, rt); err != nil {
		return err
	}
	shift := f.scalar(op.Operand(1))
	if shift.Poison {
		return op.Errorf("poison byte shift")
	}
	sizes, err := m.mixed(f, op, rt.Dims, op.Operands()[2:])
	if err != nil {
		return err
	}
	mr := &MemRef{Buf: src.Buf, Elem: rt.Elem, Sizes: sizes, Strides: rowMajorStrides(sizes), Space: src.Space,
		bytes: &byteAlias{shift: src.Offset + int64(shift.Bits)}}
	need, err := memrefBytes(op, rt.Elem, sizes)
	if err != nil {
		return err
	}
	if int64(shift.Bits) < 0 || int64(shift.Bits)+need > src.Sizes[0] {
		return op.Errorf("a view of %d bytes at byte shift %d exceeds its %d-byte source", need, int64(shift.Bits), src.Sizes[0])
	}
	f.set(op.Result(0), mr)
	return nil
}
