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
