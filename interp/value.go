package interp

import (
	"fmt"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// Value is a runtime value: a Scalar, a *Vector, a *MemRef, a Token or a
// FuncRef.
type Value interface{ isValue() }

// Scalar is one integer, index or float: an integer's low width bits
// (index is 64 bits), or a float64 already rounded to its float kind.
// Poison marks MLIR's poison value, which propagates through computations.
type Scalar struct {
	Bits   uint64
	F      float64
	Poison bool
}

// Vector is an n-d vector, its elements in row-major order, unboxed by
// element type: a float vector's values in floats, an integer or index
// vector's bits in ints, and which elements are poison in poison (nil
// when none is). A Vector never changes once made, so ops may share its
// slices.
type Vector struct {
	Type   *ir.VectorType
	floats []float64
	ints   []uint64
	poison []bool
}

// smallFloats and smallInts are a Vector of up to 8 elements and its
// storage, made in one allocation.
type smallFloats struct {
	Vector
	data [8]float64
}

type smallInts struct {
	Vector
	data [8]uint64
}

// newVector returns a zero vector of type t with n elements, floats when
// float is set and ints otherwise.
func newVector(t *ir.VectorType, n int64, float bool) *Vector {
	switch {
	case n <= 8 && float:
		sv := &smallFloats{Vector: Vector{Type: t}}
		sv.floats = sv.data[:n:n]
		return &sv.Vector
	case n <= 8:
		sv := &smallInts{Vector: Vector{Type: t}}
		sv.ints = sv.data[:n:n]
		return &sv.Vector
	case float:
		return &Vector{Type: t, floats: make([]float64, n)}
	}
	return &Vector{Type: t, ints: make([]uint64, n)}
}

// NewVector returns the vector of type t with the elements el, in
// row-major order.
func NewVector(t *ir.VectorType, el []Scalar) *Vector {
	v := newVector(t, int64(len(el)), ir.IsFloat(t.Elem))
	if v.floats != nil {
		for i, x := range el {
			v.floats[i] = x.F
		}
	} else {
		for i, x := range el {
			v.ints[i] = x.Bits
		}
	}
	for i, x := range el {
		if x.Poison {
			if v.poison == nil {
				v.poison = make([]bool, len(el))
			}
			v.poison[i] = true
		}
	}
	return v
}

// String prints the vector's type and elements (as interptest compares
// results).
func (v *Vector) String() string { return fmt.Sprintf("%s%v", ir.TypeString(v.Type), v.Elements()) }

// Len returns the number of elements.
func (v *Vector) Len() int { return max(len(v.floats), len(v.ints)) }

// At returns element i.
func (v *Vector) At(i int) Scalar {
	switch {
	case v.poison != nil && v.poison[i]:
		return Poison()
	case v.floats != nil:
		return Scalar{F: v.floats[i]}
	}
	return Scalar{Bits: v.ints[i]}
}

// sub returns the n elements from start as a vector of type t, sharing
// v's storage.
func (v *Vector) sub(t *ir.VectorType, start, n int64) *Vector {
	out := &Vector{Type: t}
	if v.floats != nil {
		out.floats = v.floats[start : start+n : start+n]
	} else {
		out.ints = v.ints[start : start+n : start+n]
	}
	if v.poison != nil {
		out.poison = v.poison[start : start+n : start+n]
	}
	return out
}

// clone returns a copy of v that may be changed.
func (v *Vector) clone() *Vector {
	out := &Vector{Type: v.Type}
	if v.floats != nil {
		out.floats = append([]float64(nil), v.floats...)
	} else {
		out.ints = append([]uint64(nil), v.ints...)
	}
	if v.poison != nil {
		out.poison = append([]bool(nil), v.poison...)
	}
	return out
}

// set stores s as element i of a vector that clone made.
func (v *Vector) set(i int, s Scalar) {
	if v.floats != nil {
		v.floats[i] = s.F
	} else {
		v.ints[i] = s.Bits
	}
	if s.Poison && v.poison == nil {
		v.poison = make([]bool, v.Len())
	}
	if v.poison != nil {
		v.poison[i] = s.Poison
	}
}

// Elements returns the elements in row-major order, in a new slice.
func (v *Vector) Elements() []Scalar {
	out := make([]Scalar, v.Len())
	for i := range out {
		out[i] = v.At(i)
	}
	return out
}

// Buffer is the storage that memref views share: the elements in their
// type's native layout, ElementSize bytes each, little-endian (the bytes a
// device buffer holds), and which bytes hold poison.
type Buffer struct {
	data   []byte
	poison []uint64 // a bit per byte of data, made when poison is first stored
	Freed  bool
	held   bool // counted in its Machine's host memory in use

	fetch   func() // set while a device holds newer contents
	version uint64 // counts writes from the host
}

// Len returns the buffer's size in bytes.
func (b *Buffer) Len() int64 { return int64(len(b.data)) }

// SetDeviceNewer records that a device holds newer contents of b: fetch
// copies them in (with SetBytes) before the host next reads or writes b.
// nil forgets a pending fetch.
func (b *Buffer) SetDeviceNewer(fetch func()) { b.fetch = fetch }

// Sync runs a pending fetch.
func (b *Buffer) Sync() {
	if f := b.fetch; f != nil {
		b.fetch = nil
		f()
	}
}

// Version counts the writes to b from the host, so that a device copy
// can tell whether it is current.
func (b *Buffer) Version() uint64 { return b.version }

// MemRef is a memref descriptor: a strided view into a shared Buffer.
type MemRef struct {
	Buf     *Buffer
	Elem    ir.Type
	Offset  int64
	Sizes   []int64
	Strides []int64
	Space   ir.Attribute // memory space, nil for the default

	bytes *byteAlias // set for memref.view's typed views of i8 buffers
}

// Token is a !gpu.async.token; launches complete synchronously.
type Token struct{}

// FuncRef is a function value made by func.constant.
type FuncRef struct{ Callee *ir.SymbolRefAttr }

func (Scalar) isValue()  {}
func (*Vector) isValue() {}
func (*MemRef) isValue() {}
func (Token) isValue()   {}
func (FuncRef) isValue() {}

// Int returns an integer scalar with the bits of v.
func Int(v int64) Scalar { return Scalar{Bits: uint64(v)} }

// Float returns a float scalar.
func Float(v float64) Scalar { return Scalar{F: v} }

// Poison returns the poison scalar.
func Poison() Scalar { return Scalar{Poison: true} }

// asScalar returns v as a Scalar (the zero Scalar for other values).
func asScalar(v Value) Scalar {
	s, _ := v.(Scalar)
	return s
}

// Int64 returns s as a signed integer of the given element type.
func (s Scalar) Int64(t ir.Type) int64 { return sext(t, s.Bits) }

// String formats s for tests and diagnostics.
func (s Scalar) String() string {
	if s.Poison {
		return "poison"
	}
	if s.F != 0 {
		return fmt.Sprint(s.F)
	}
	return fmt.Sprint(int64(s.Bits))
}

// NewMemRef allocates a zeroed, contiguous row-major memref of static,
// non-negative sizes.
func NewMemRef(elem ir.Type, sizes []int64, space ir.Attribute) *MemRef {
	n := int64(ElementSize(scalarElem(elem)))
	for _, s := range sizes {
		n *= s
	}
	return &MemRef{Buf: &Buffer{data: make([]byte, n)}, Elem: elem, Sizes: append([]int64(nil), sizes...),
		Strides: rowMajorStrides(sizes), Space: space}
}

// scalarElem is the element type of t's scalars: t, or a vector's
// element type.
func scalarElem(t ir.Type) ir.Type {
	if vt, ok := t.(*ir.VectorType); ok {
		return vt.Elem
	}
	return t
}

// NumElements returns the number of elements the view covers.
func (m *MemRef) NumElements() int64 {
	n := int64(1)
	for _, s := range m.Sizes {
		n *= s
	}
	return n
}

// Elements returns the view's elements in row-major order.
func (m *MemRef) Elements() []Scalar {
	out := make([]Scalar, 0, m.NumElements())
	forEachIndex(m.Sizes, func(idx []int64) {
		out = append(out, m.load(m.linear(idx)))
	})
	return out
}

// SetElements stores xs, in row-major order, into the view.
func (m *MemRef) SetElements(xs []Scalar) error {
	if int64(len(xs)) != m.NumElements() {
		return fmt.Errorf("%d elements for a memref of %d", len(xs), m.NumElements())
	}
	i := 0
	forEachIndex(m.Sizes, func(idx []int64) {
		m.store(m.linear(idx), xs[i])
		i++
	})
	return nil
}

// At returns the element at idx, or false when idx is out of bounds.
func (m *MemRef) At(idx ...int64) (Scalar, bool) {
	l, ok := m.checked(idx)
	if !ok {
		return Scalar{}, false
	}
	return m.load(l), true
}

// Set stores v at idx, reporting false when idx is out of bounds.
func (m *MemRef) Set(v Scalar, idx ...int64) bool {
	l, ok := m.checked(idx)
	if ok {
		m.store(l, v)
	}
	return ok
}

func (m *MemRef) linear(idx []int64) int64 {
	l := m.Offset
	for i, x := range idx {
		l += x * m.Strides[i]
	}
	return l
}

func (m *MemRef) checked(idx []int64) (int64, bool) {
	if len(idx) != len(m.Sizes) || m.Buf.Freed {
		return 0, false
	}
	for i, x := range idx {
		if x < 0 || x >= m.Sizes[i] {
			return 0, false
		}
	}
	l := m.linear(idx)
	return l, l >= 0 && l < m.capacity()
}

// view returns a descriptor sharing m's buffer.
func (m *MemRef) view(elem ir.Type, offset int64, sizes, strides []int64) *MemRef {
	return &MemRef{Buf: m.Buf, Elem: elem, Offset: offset, Sizes: sizes, Strides: strides, Space: m.Space, bytes: m.bytes}
}

func (m *MemRef) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "memref offset=%d sizes=%v strides=%v [", m.Offset, m.Sizes, m.Strides)
	for i, e := range m.Elements() {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(formatScalar(m.Elem, e))
	}
	b.WriteString("]")
	return b.String()
}

func rowMajorStrides(sizes []int64) []int64 {
	st := make([]int64, len(sizes))
	s := int64(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = s
		s *= sizes[i]
	}
	return st
}

// forEachIndex calls fn with every index of shape in row-major order.
func forEachIndex(shape []int64, fn func(idx []int64)) {
	for _, s := range shape {
		if s <= 0 {
			return
		}
	}
	idx := make([]int64, len(shape))
	for {
		fn(idx)
		d := len(shape) - 1
		for ; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

// formatScalar prints s as a value of element type t.
func formatScalar(t ir.Type, s Scalar) string {
	switch {
	case s.Poison:
		return "poison"
	case ir.IsFloat(t):
		return fmt.Sprint(s.F)
	case isI1(t):
		return fmt.Sprint(s.Bits & 1)
	}
	return fmt.Sprint(sext(t, s.Bits))
}
