package interp

import (
	"bytes"
	"testing"
)

func TestMemRefBytesRoundTrip(t *testing.T) {
	ctx := newContext()
	for _, c := range []struct {
		typ  string
		data []byte
	}{
		{"f32", []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}},
		{"i8", []byte{1, 0xff}},
		{"f16", []byte{0x00, 0x3c, 0x00, 0xc0}},
		{"i64", []byte{1, 2, 3, 4, 5, 6, 7, 8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}},
	} {
		typ := parseType(t, ctx, c.typ)
		m := NewMemRef(typ, []int64{2}, nil)
		if err := m.SetBytes(c.data); err != nil {
			t.Fatal(err)
		}
		if got := m.Bytes(); !bytes.Equal(got, c.data) {
			t.Errorf("%s: got %x, want %x", c.typ, got, c.data)
		}
	}
	m := NewMemRef(parseType(t, ctx, "f32"), []int64{2}, nil)
	if err := m.SetBytes([]byte{1}); err == nil {
		t.Error("expected a size mismatch error")
	}
	if v, _ := NewMemRef(parseType(t, ctx, "f32"), []int64{1}, nil).At(0); v.F != 0 {
		t.Error("new memrefs are zeroed")
	}
}

// TestNativeBytes checks that a contiguous view's bytes are its buffer's
// own, and that strided views and poison take the copying path.
func TestNativeBytes(t *testing.T) {
	ctx := newContext()
	m := NewMemRef(parseType(t, ctx, "i16"), []int64{2, 2}, nil)
	if err := m.SetBytes([]byte{1, 0, 2, 0, 3, 0, 4, 0}); err != nil {
		t.Fatal(err)
	}
	row := m.view(m.Elem, 2, []int64{2}, []int64{1})
	data, ok := row.NativeBytes()
	if !ok || !bytes.Equal(data, []byte{3, 0, 4, 0}) {
		t.Fatalf("row 1: got %x, %v", data, ok)
	}
	data[0] = 9
	if v, _ := m.At(1, 0); v.Bits != 9 {
		t.Errorf("NativeBytes copied: the memref holds %d", v.Bits)
	}
	col := m.view(m.Elem, 0, []int64{2}, []int64{2})
	if _, ok := col.NativeBytes(); ok {
		t.Error("a strided column is not one contiguous range")
	}
	if got := col.Bytes(); !bytes.Equal(got, []byte{1, 0, 9, 0}) {
		t.Errorf("column bytes %x", got)
	}
	m.Set(Poison(), 0, 1)
	if _, ok := m.NativeBytes(); ok {
		t.Error("a view holding poison must be copied, poison as zeros")
	}
}
