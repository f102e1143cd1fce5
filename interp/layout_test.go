package interp

import (
	"bytes"
	"fmt"
	"testing"
)

// TestNativeLayout checks that memrefs hold their elements in their
// type's native layout: 4 bytes per f32, 8 per index, one byte per i1,
// little-endian, with poison kept beside the bytes.
func TestNativeLayout(t *testing.T) {
	ctx := newContext()
	for _, c := range []struct {
		typ  string
		n    int64
		size int64
	}{{"f32", 1000000, 4000000}, {"index", 10, 80}, {"i1", 9, 9}, {"f16", 3, 6}, {"i17", 2, 6}} {
		mr := NewMemRef(parseType(t, ctx, c.typ), []int64{c.n}, nil)
		if got := mr.Buf.Len(); got != c.size {
			t.Errorf("memref<%dx%s> holds %d bytes, want %d", c.n, c.typ, got, c.size)
		}
	}
	r := mustRun(t, `func.func @main() -> (memref<3xi32>, memref<4xi1>, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<3xi32>
  %b = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xi1>
  %x = arith.constant -2 : i32
  %p = "ub.poison"() : () -> i32
  %t = arith.constant true
  "memref.store"(%x, %m, %c0) : (i32, memref<3xi32>, index) -> ()
  "memref.store"(%p, %m, %c1) : (i32, memref<3xi32>, index) -> ()
  "memref.store"(%x, %m, %c2) : (i32, memref<3xi32>, index) -> ()
  "memref.store"(%t, %b, %c2) : (i1, memref<4xi1>, index) -> ()
  %l1 = "memref.load"(%m, %c1) : (memref<3xi32>, index) -> i32
  "memref.store"(%x, %m, %c1) : (i32, memref<3xi32>, index) -> ()
  %l2 = "memref.load"(%m, %c1) : (memref<3xi32>, index) -> i32
  return %m, %b, %l1, %l2 : memref<3xi32>, memref<4xi1>, i32, i32
}`)
	if s := r[2].(Scalar); !s.Poison {
		t.Errorf("a stored poison loads as %v", s)
	}
	if s := r[3].(Scalar); s.Poison || s.Int64(parseType(t, ctx, "i32")) != -2 {
		t.Errorf("overwriting poison loads %v", s)
	}
	want := []byte{0xfe, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff}
	if got := r[0].(*MemRef).Bytes(); !bytes.Equal(got, want) {
		t.Errorf("i32 bytes %x, want %x", got, want)
	}
	if got := r[1].(*MemRef).Bytes(); !bytes.Equal(got, []byte{0, 0, 1, 0}) {
		t.Errorf("i1 bytes %x, want 00000100", got)
	}
}

// TestFill checks fillResource on a contiguous memref and gpu.memset on a
// strided view of it.
func TestFill(t *testing.T) {
	r := mustRun(t, `func.func @main() -> memref<4x3xi16> {
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x3xi16>
  %d = "memref.cast"(%m) : (memref<4x3xi16>) -> memref<?x?xi16>
  %a = arith.constant 258 : i16
  call @fillResource2DInt(%d, %a) : (memref<?x?xi16>, i16) -> ()
  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 1>}> : (memref<4x3xi16>) -> memref<2x2xi16, strided<[6, 1], offset: 4>>
  %b = arith.constant -1 : i16
  "gpu.memset"(%s, %b) : (memref<2x2xi16, strided<[6, 1], offset: 4>>, i16) -> ()
  return %m : memref<4x3xi16>
}
func.func private @fillResource2DInt(memref<?x?xi16>, i16)`)
	want := []byte{2, 1, 2, 1, 2, 1, 2, 1, 255, 255, 255, 255, 2, 1, 2, 1, 2, 1, 2, 1, 255, 255, 255, 255}
	if got := r[0].(*MemRef).Bytes(); !bytes.Equal(got, want) {
		t.Errorf("bytes %v, want %v", got, want)
	}
}

// TestCopy checks memref.copy between contiguous memrefs (a byte copy) and
// from a strided view.
func TestCopy(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (memref<2x2xi32>, memref<2x2xi32>) {`+memrefPrelude+`
  %a = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x2xi32>
  %b = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x2xi32>
  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 1>}> : (memref<4x4xi32>) -> memref<2x2xi32, strided<[8, 1], offset: 5>>
  "memref.copy"(%s, %a) : (memref<2x2xi32, strided<[8, 1], offset: 5>>, memref<2x2xi32>) -> ()
  "memref.copy"(%a, %b) : (memref<2x2xi32>, memref<2x2xi32>) -> ()
  return %a, %b : memref<2x2xi32>, memref<2x2xi32>
}`)
	for i, v := range r {
		if got := fmt.Sprint(v.(*MemRef).Elements()); got != "[5 6 13 14]" {
			t.Errorf("result %d: %s, want [5 6 13 14]", i, got)
		}
	}
}
