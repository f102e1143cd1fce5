package interp

import (
	"fmt"
	"strings"
	"testing"
)

func TestVectorStructural(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<2x3xi32>, i32, vector<2x3xi32>, vector<3xi32>, vector<3x2xi32>, vector<6xi32>, vector<2x2xi32>, vector<2x3xi32>, vector<1x4xi32>) {
  %s = arith.constant 7 : i32
  %i = arith.constant 1 : index
  %v = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %b = "vector.broadcast"(%s) : (i32) -> vector<2x3xi32>
  %e = "vector.extract"(%v, %i) <{static_position = array<i64: -9223372036854775808, 2>}> : (vector<2x3xi32>, index) -> i32
  %n = "vector.insert"(%s, %v) <{static_position = array<i64: 0, 2>}> : (i32, vector<2x3xi32>) -> vector<2x3xi32>
  %row = "vector.extract"(%v) <{static_position = array<i64: 1>}> : (vector<2x3xi32>) -> vector<3xi32>
  %t = "vector.transpose"(%v) <{permutation = array<i64: 1, 0>}> : (vector<2x3xi32>) -> vector<3x2xi32>
  %sc = "vector.shape_cast"(%v) : (vector<2x3xi32>) -> vector<6xi32>
  %es = "vector.extract_strided_slice"(%v) <{offsets = [0, 1], sizes = [2, 2], strides = [1, 1]}> : (vector<2x3xi32>) -> vector<2x2xi32>
  %small = arith.constant dense<[9, 8]> : vector<2xi32>
  %is = "vector.insert_strided_slice"(%small, %v) <{offsets = [1, 0], strides = [1]}> : (vector<2xi32>, vector<2x3xi32>) -> vector<2x3xi32>
  %row2 = arith.constant dense<[1, 2]> : vector<2xi32>
  %bc = "vector.broadcast"(%row2) : (vector<2xi32>) -> vector<2x2xi32>
  %sh = "vector.shuffle"(%row, %row2) <{mask = array<i64: 4, 0, 3, 2>}> : (vector<3xi32>, vector<2xi32>) -> vector<4xi32>
  %sh2 = "vector.shape_cast"(%sh) : (vector<4xi32>) -> vector<1x4xi32>
  return %b, %e, %n, %row, %t, %sc, %es, %is, %sh2 : vector<2x3xi32>, i32, vector<2x3xi32>, vector<3xi32>, vector<3x2xi32>, vector<6xi32>, vector<2x2xi32>, vector<2x3xi32>, vector<1x4xi32>
}`)
	var got []string
	for _, v := range r {
		got = append(got, fmt.Sprint(elems(v)))
	}
	want := "[7 7 7 7 7 7] [5] [0 1 7 3 4 5] [3 4 5] [0 3 1 4 2 5] [0 1 2 3 4 5] [1 2 4 5] [0 1 2 9 8 5] [2 3 1 5]"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("got  %s\nwant %s", s, want)
	}
}

func TestVectorPoisonPositions(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, vector<2xi32>) {
  %v = arith.constant dense<[1, 2]> : vector<2xi32>
  %i = arith.constant 5 : index
  %e = "vector.extract"(%v, %i) <{static_position = array<i64: -9223372036854775808>}> : (vector<2xi32>, index) -> i32
  %s = "vector.shuffle"(%v, %v) <{mask = array<i64: -1, 3>}> : (vector<2xi32>, vector<2xi32>) -> vector<2xi32>
  return %e, %s : i32, vector<2xi32>
}`)
	if got := fmt.Sprint(elems(r[0]), elems(r[1])); got != "[poison] [poison 2]" {
		t.Fatalf("got %s", got)
	}
}

func TestVectorReductionsAndMasks(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (f32, vector<2xi32>, vector<2x3xi1>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xindex>, vector<2xf32>, vector<2x2xi32>) {
  %v = arith.constant dense<[1.0, 2.0, 3.0, 0x7FC00000]> : vector<4xf32>
  %sum = "vector.reduction"(%v) <{kind = #vector.kind<maxnumf>}> : (vector<4xf32>) -> f32
  %m = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %acc = arith.constant dense<[100, 200]> : vector<2xi32>
  %mr = "vector.multi_reduction"(%m, %acc) <{kind = #vector.kind<add>, reduction_dims = array<i64: 1>}> : (vector<2x3xi32>, vector<2xi32>) -> vector<2xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %mask = "vector.create_mask"(%c1, %c2) : (index, index) -> vector<2x3xi1>
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<[3, 4]> : vector<2xi32>
  %il = "vector.interleave"(%a, %b) : (vector<2xi32>, vector<2xi32>) -> vector<4xi32>
  %ev, %od = "vector.deinterleave"(%il) : (vector<4xi32>) -> (vector<2xi32>, vector<2xi32>)
  %cat = "vector.shuffle"(%od, %ev) <{mask = array<i64: 0, 1, 2, 3>}> : (vector<2xi32>, vector<2xi32>) -> vector<4xi32>
  %x = arith.constant 5 : i32
  %fe = "vector.from_elements"(%x, %x, %x, %x) : (i32, i32, i32, i32) -> vector<4xi32>
  %st = "vector.step"() : () -> vector<4xindex>
  %f1 = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %fma = "vector.fma"(%f1, %f1, %f1) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  %op = "vector.outerproduct"(%a, %b) : (vector<2xi32>, vector<2xi32>) -> vector<2x2xi32>
  return %sum, %mr, %mask, %il, %cat, %fe, %st, %fma, %op : f32, vector<2xi32>, vector<2x3xi1>, vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xindex>, vector<2xf32>, vector<2x2xi32>
}`)
	var got []string
	for _, v := range r {
		got = append(got, fmt.Sprint(elems(v)))
	}
	want := "[3] [103 212] [1 1 0 0 0 0] [1 3 2 4] [3 4 1 2] [5 5 5 5] [0 1 2 3] [2 6] [3 4 6 8]"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("got  %s\nwant %s", s, want)
	}
}

func TestVectorMemory(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<4xi32>, vector<2x2xi32>, vector<3xi32>, vector<2xi32>, vector<4xi32>) {`+memrefPrelude+`
  %v = "vector.load"(%m, %c1, %c0) : (memref<4x4xi32>, index, index) -> vector<4xi32>
  %pad = arith.constant -1 : i32
  %c3 = arith.constant 3 : index
  %tr = "vector.transfer_read"(%m, %c0, %c1, %pad) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, true]}> : (memref<4x4xi32>, index, index, i32) -> vector<2x2xi32>
  %oob = "vector.transfer_read"(%m, %c3, %c1, %pad) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>, in_bounds = [false]}> : (memref<4x4xi32>, index, index, i32) -> vector<3xi32>
  %idx = arith.constant dense<[3, 0]> : vector<2xindex>
  %mask = arith.constant dense<[true, false]> : vector<2xi1>
  %pass = arith.constant dense<[77, 77]> : vector<2xi32>
  %g = "vector.gather"(%m, %c1, %c0, %idx, %mask, %pass) : (memref<4x4xi32>, index, index, vector<2xindex>, vector<2xi1>, vector<2xi32>) -> vector<2xi32>
  %w = arith.constant dense<[40, 41, 42, 43]> : vector<4xi32>
  %m4 = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  "vector.maskedstore"(%m, %c0, %c0, %m4, %w) : (memref<4x4xi32>, index, index, vector<4xi1>, vector<4xi32>) -> ()
  %after = "vector.load"(%m, %c0, %c0) : (memref<4x4xi32>, index, index) -> vector<4xi32>
  return %v, %tr, %oob, %g, %after : vector<4xi32>, vector<2x2xi32>, vector<3xi32>, vector<2xi32>, vector<4xi32>
}`)
	var got []string
	for _, v := range r {
		got = append(got, fmt.Sprint(elems(v)))
	}
	want := "[4 5 6 7] [1 5 2 6] [13 14 15] [7 77] [40 1 42 3]"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("got  %s\nwant %s", s, want)
	}
	wantError(t, `func.func @main() -> vector<4xi32> {`+memrefPrelude+`
  %v = "vector.load"(%m, %c1, %c1) : (memref<4x4xi32>, index, index) -> vector<4xi32>
  return %v : vector<4xi32>
}`, "out-of-bounds")
}

func TestVectorPrint(t *testing.T) {
	_, out, err := run(t, `func.func @main() {
  %v = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  "vector.print"(%v) : (vector<2x2xi32>) -> ()
  %f = arith.constant 1.5 : f32
  "vector.print"(%f) : (f32) -> ()
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	if out != "( ( 1, 2 ), ( 3, 4 ) )\n1.5\n" {
		t.Fatalf("got %q", out)
	}
}

// An integer vector.step wraps around its type: lane 130 of an i8 step is
// -126.
func TestVectorStepWraps(t *testing.T) {
	r := mustRun(t, `func.func @main() -> i8 {
  %s = "vector.step"() : () -> vector<131xi8>
  %e = "vector.extract"(%s) <{static_position = array<i64: 130>}> : (vector<131xi8>) -> i8
  return %e : i8
}`)
	if got := fmt.Sprint(elems(r[0])); got != "[-126]" {
		t.Fatalf("got %s, want [-126]", got)
	}
}
