package interp

import (
	"bytes"
	"testing"
)

// TestNaNConstantsKeepBits stores NaN constants, one passed through
// arith.select, and checks that memory holds their exact bits: an f16
// payload and an f32 signalling NaN, neither made quiet.
func TestNaNConstantsKeepBits(t *testing.T) {
	ctx := newContext()
	h := NewMemRef(parseType(t, ctx, "f16"), []int64{2}, nil)
	f := NewMemRef(parseType(t, ctx, "f32"), []int64{1}, nil)
	mustRun(t, `func.func @main(%h: memref<2xf16>, %f: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  %one = arith.constant 1.0 : f16
  %a = arith.constant 0x7C01 : f16
  %s = arith.select %t, %a, %one : f16
  "memref.store"(%s, %h, %c0) : (f16, memref<2xf16>, index) -> ()
  %b = arith.constant 0xFE01 : f16
  "memref.store"(%b, %h, %c1) : (f16, memref<2xf16>, index) -> ()
  %x = arith.constant 0x7FA00000 : f32
  "memref.store"(%x, %f, %c0) : (f32, memref<1xf32>, index) -> ()
  return
}`, h, f)
	if got, want := h.Bytes(), []byte{0x01, 0x7C, 0x01, 0xFE}; !bytes.Equal(got, want) {
		t.Errorf("f16 memory %x, want %x", got, want)
	}
	if got, want := f.Bytes(), []byte{0x00, 0x00, 0xA0, 0x7F}; !bytes.Equal(got, want) {
		t.Errorf("f32 memory %x, want %x", got, want)
	}
}
