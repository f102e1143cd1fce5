package interp

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
)

// ElementSize returns the bytes one element of type t takes in a buffer
// shared with a device: ceil(width/8), 8 for index.
func ElementSize(t ir.Type) int {
	if w := width(t); w > 0 {
		return (w + 7) / 8
	}
	return (ir.IntOrFloatBitWidth(t) + 7) / 8
}

// Bytes returns the view's elements in row-major order, little-endian,
// ElementSize bytes each (poison as zeros), for upload to a device.
func (m *MemRef) Bytes() []byte {
	if data, ok := m.NativeBytes(); ok {
		return append([]byte(nil), data...)
	}
	n := ElementSize(m.Elem)
	out := make([]byte, 0, int(m.NumElements())*n)
	for _, e := range m.Elements() {
		b := e.Bits
		if k, ok := floatKind(m.Elem); ok {
			b = ir.FloatBits(k, e.F)
		}
		if e.Poison {
			b = 0
		}
		for i := 0; i < n; i++ {
			out = append(out, byte(b>>(8*uint(i))))
		}
	}
	return out
}

// NativeBytes returns the view's bytes as Bytes would, but without a
// copy: the slice aliases the buffer, so an upload can read it in place.
// ok is false when the view is not one contiguous row-major range of its
// buffer or holds poison; Bytes then makes the copy. The caller must not
// keep the slice past the next host access to the memref.
func (m *MemRef) NativeBytes() (data []byte, ok bool) {
	m.Buf.Sync()
	at, ok := m.span()
	if !ok || m.Buf.poison != nil {
		return nil, false
	}
	return m.Buf.data[at : at+m.NumElements()*int64(ElementSize(m.Elem))], true
}

// SetBytes stores data, laid out as Bytes returns it, into the view.
func (m *MemRef) SetBytes(data []byte) error {
	n := ElementSize(m.Elem)
	if n == 0 || len(data) != int(m.NumElements())*n {
		return fmt.Errorf("%d bytes for %d elements of %s", len(data), m.NumElements(), ir.TypeString(m.Elem))
	}
	m.Buf.Sync()
	if at, ok := m.span(); ok {
		m.Buf.version++
		copy(m.Buf.data[at:], data)
		if m.Buf.poison != nil {
			m.Buf.markPoison(at, int64(len(data)), false)
		}
		return nil
	}
	i := 0
	forEachIndex(m.Sizes, func(idx []int64) {
		var b uint64
		for k := 0; k < n; k++ {
			b |= uint64(data[i+k]) << (8 * uint(k))
		}
		i += n
		s := Scalar{Bits: mask(m.Elem, b)}
		if k, ok := floatKind(m.Elem); ok {
			s = Scalar{F: ir.FloatFromBits(k, b)}
		}
		m.store(m.linear(idx), s)
	})
	return nil
}

// span returns the byte position of a view of scalars that covers one
// contiguous, in-bounds range of its buffer in row-major order.
func (m *MemRef) span() (int64, bool) {
	if _, vec := m.Elem.(*ir.VectorType); vec || m.Buf.Freed || !contiguous(m) {
		return 0, false
	}
	n := int64(ElementSize(m.Elem))
	at := m.shift() + m.Offset*n
	end := at + m.NumElements()*n
	return at, m.Offset >= 0 && end <= m.Buf.Len()
}

// fill stores v in every element of the view; a contiguous view gets the
// element's bytes copied over its span.
func (m *MemRef) fill(v Scalar) {
	at, ok := m.span()
	if !ok || v.Poison || m.NumElements() == 0 {
		forEachIndex(m.Sizes, func(idx []int64) { m.store(m.linear(idx), v) })
		return
	}
	m.store(m.linear(make([]int64, len(m.Sizes))), v)
	span := m.Buf.data[at : at+m.NumElements()*int64(ElementSize(m.Elem))]
	for done := ElementSize(m.Elem); done < len(span); done *= 2 {
		copy(span[done:], span[:done])
	}
	if m.Buf.poison != nil {
		m.Buf.markPoison(at, int64(len(span)), false)
	}
}

// copyFrom stores the elements of src, a view of as many elements, into
// m in row-major order; contiguous views of one element type without
// poison copy their bytes (overlapping ones as memmove does).
func (m *MemRef) copyFrom(src *MemRef) {
	if m.Elem == src.Elem {
		to, ok1 := m.span()
		from, ok2 := src.span()
		if ok1 && ok2 {
			src.Buf.Sync()
			m.Buf.Sync()
			if src.Buf.poison == nil && m.Buf.poison == nil {
				n := m.NumElements() * int64(ElementSize(m.Elem))
				m.Buf.version++
				copy(m.Buf.data[to:to+n], src.Buf.data[from:from+n])
				return
			}
		}
	}
	el := src.Elements()
	i := 0
	forEachIndex(m.Sizes, func(idx []int64) {
		m.store(m.linear(idx), el[i])
		i++
	})
}
