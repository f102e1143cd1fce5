package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestVectorNative runs the vector ops that work on native vectors, on
// their fast paths and on the general handlers they defer to (poison,
// out-of-bounds transfers, wrapping and rounding).
func TestVectorNative(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<4xf32>, vector<4xf32>, vector<4xi8>, vector<4xf32>, f32, vector<2x2xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.5 : f32
  %big = arith.constant 3.0e38 : f32
  %pad = arith.constant -1.0 : f32
  %mem = "memref.alloc"() {operandSegmentSizes = array<i32: 0, 0>} : () -> memref<2x6xf32>
  %b = "vector.broadcast"(%f) : (f32) -> vector<4xf32>
  %bb = "vector.broadcast"(%big) : (f32) -> vector<4xf32>
  %s = arith.addf %b, %bb : vector<4xf32>
  %ov = arith.mulf %bb, %bb : vector<4xf32>
  "vector.store"(%b, %mem, %c1, %c2) : (vector<4xf32>, memref<2x6xf32>, index, index) -> ()
  %l = "vector.load"(%mem, %c1, %c1) : (memref<2x6xf32>, index, index) -> vector<4xf32>
  %ia = arith.constant dense<[100, -100, 1, 3]> : vector<4xi8>
  %i8 = arith.addi %ia, %ia : vector<4xi8>
  %e = "vector.extract"(%l) <{static_position = array<i64: 1>}> : (vector<4xf32>) -> f32
  %ins = "vector.insert"(%e, %l) <{static_position = array<i64: 0>}> : (f32, vector<4xf32>) -> vector<4xf32>
  %sc = "vector.shape_cast"(%ins) : (vector<4xf32>) -> vector<2x2xf32>
  %red = "vector.reduction"(%l) <{kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
  %tin = "vector.transfer_read"(%mem, %c1, %c0, %pad) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>}> : (memref<2x6xf32>, index, index, f32) -> vector<4xf32>
  %tout = "vector.transfer_read"(%mem, %c1, %c4, %pad) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<2x6xf32>, index, index, f32) -> vector<4xf32>
  %sq = math.sqrt %l : vector<4xf32>
  %p = "ub.poison"() : () -> vector<4xf32>
  %pp = arith.addf %p, %b : vector<4xf32>
  %pi = "vector.insert"(%f, %p) <{static_position = array<i64: 2>}> : (f32, vector<4xf32>) -> vector<4xf32>
  "vector.transfer_write"(%pi, %mem, %c0, %c2) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>}> : (vector<4xf32>, memref<2x6xf32>, index, index) -> ()
  %back = "vector.load"(%mem, %c0, %c1) : (memref<2x6xf32>, index, index) -> vector<4xf32>
  return %s, %ov, %i8, %l, %red, %sc, %tin, %tout, %sq, %pp, %pi, %back : vector<4xf32>, vector<4xf32>, vector<4xi8>, vector<4xf32>, f32, vector<2x2xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}`)
	want := []string{
		"3.0000000054977558e+38 3.0000000054977558e+38 3.0000000054977558e+38 3.0000000054977558e+38", // f32(3e38): the 1.5 is rounded away
		"+Inf +Inf +Inf +Inf",
		"-56 56 2 6", // i8 wraps
		"0 1.5 1.5 1.5",
		"4.5",
		"1.5 1.5 1.5 1.5",
		"0 0 1.5 1.5",
		"1.5 1.5 -1 -1", // past the last column: the padding
		"0 1.2247449159622192 1.2247449159622192 1.2247449159622192",
		"poison poison poison poison",
		"poison poison 1.5 poison",
		"0 poison poison 1.5",
	}
	f32 := ir.NewContext().F32()
	for i, v := range r {
		et := ir.Type(f32)
		if vec, ok := v.(*Vector); ok {
			et = vec.Type.Elem
		}
		var got []string
		for _, e := range elems(v) {
			got = append(got, formatScalar(et, e))
		}
		if g := strings.Join(got, " "); g != want[i] {
			t.Errorf("result %d: got %s, want %s", i, g, want[i])
		}
	}
}

// TestVectorNative2D loads, stores and transfers 2-D vectors along a
// memref's trailing dimensions, in bounds (the fast path) and past them
// (the general handler's padding).
func TestVectorNative2D(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<12xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant -1 : i32
  %mem = "memref.alloc"() {operandSegmentSizes = array<i32: 0, 0>} : () -> memref<2x3x4xi32>
  %v = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  "vector.store"(%v, %mem, %c1, %c0, %c1) : (vector<2x3xi32>, memref<2x3x4xi32>, index, index, index) -> ()
  %l = "vector.load"(%mem, %c1, %c0, %c0) : (memref<2x3x4xi32>, index, index, index) -> vector<2x3xi32>
  %tin = "vector.transfer_read"(%mem, %c1, %c1, %c1, %pad) <{operandSegmentSizes = array<i32: 1, 3, 1, 0>}> : (memref<2x3x4xi32>, index, index, index, i32) -> vector<2x3xi32>
  %tout = "vector.transfer_read"(%mem, %c1, %c2, %c1, %pad) <{operandSegmentSizes = array<i32: 1, 3, 1, 0>}> : (memref<2x3x4xi32>, index, index, index, i32) -> vector<2x3xi32>
  "vector.transfer_write"(%l, %mem, %c0, %c1, %c0) <{operandSegmentSizes = array<i32: 1, 1, 3, 0>}> : (vector<2x3xi32>, memref<2x3x4xi32>, index, index, index) -> ()
  %row = "vector.load"(%mem, %c0, %c0, %c0) : (memref<2x3x4xi32>, index, index, index) -> vector<3x4xi32>
  %flat = "vector.shape_cast"(%row) : (vector<3x4xi32>) -> vector<12xi32>
  return %l, %tin, %tout, %flat : vector<2x3xi32>, vector<2x3xi32>, vector<2x3xi32>, vector<12xi32>
}`)
	want := []string{
		"[0 1 2 0 4 5]",
		"[4 5 6 0 0 0]",
		"[0 0 0 -1 -1 -1]", // row 3 of a memref of 3 rows: the padding
		"[0 0 0 0 0 1 2 0 0 4 5 0]",
	}
	i32 := ir.NewContext().I(32)
	for i, v := range r {
		var got []int64
		for _, e := range elems(v) {
			got = append(got, e.Int64(i32))
		}
		if g := fmt.Sprint(got); g != want[i] {
			t.Errorf("result %d: got %s, want %s", i, g, want[i])
		}
	}
}

// TestVectorNativeExtractInsert extracts rows and elements, inserts
// elements and computes vector.fma on native vectors, poison included.
func TestVectorNativeExtractInsert(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<3xf32>, f32, vector<2x3xf32>, vector<3xf32>, f32) {
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %x = arith.constant 0.5 : f32
  %row = "vector.extract"(%m) <{static_position = array<i64: 1>}> : (vector<2x3xf32>) -> vector<3xf32>
  %e = "vector.extract"(%m) <{static_position = array<i64: 0, 2>}> : (vector<2x3xf32>) -> f32
  %i = "vector.insert"(%x, %m) <{static_position = array<i64: 1, 1>}> : (f32, vector<2x3xf32>) -> vector<2x3xf32>
  %fma = "vector.fma"(%row, %row, %row) : (vector<3xf32>, vector<3xf32>, vector<3xf32>) -> vector<3xf32>
  %p = "ub.poison"() : () -> f32
  %ip = "vector.insert"(%p, %row) <{static_position = array<i64: 0>}> : (f32, vector<3xf32>) -> vector<3xf32>
  %ep = "vector.extract"(%ip) <{static_position = array<i64: 0>}> : (vector<3xf32>) -> f32
  return %row, %e, %i, %fma, %ep : vector<3xf32>, f32, vector<2x3xf32>, vector<3xf32>, f32
}`)
	want := []string{"[4 5 6]", "[3]", "[1 2 3 4 0.5 6]", "[20 30 42]", "[poison]"}
	for i, v := range r {
		if g := fmt.Sprint(elems(v)); g != want[i] {
			t.Errorf("result %d: got %s, want %s", i, g, want[i])
		}
	}
}
