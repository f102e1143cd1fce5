package interp

import (
	"fmt"
	"testing"
)

// memrefPrelude fills a 4x4 i32 buffer with 4*i+j.
const memrefPrelude = `
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xi32>
  "scf.for"(%c0, %c4, %c1) ({
  ^bb0(%i: index):
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%j: index):
      %r = arith.muli %i, %c4 : index
      %l = arith.addi %r, %j : index
      %v = arith.index_cast %l : index to i32
      "memref.store"(%v, %m, %i, %j) : (i32, memref<4x4xi32>, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
`

func TestMemRefViewsShareStorage(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, i32, i32, i32, i32, index, index) {`+memrefPrelude+`
  %s = "memref.subview"(%m, %c1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 1>}> : (memref<4x4xi32>, index) -> memref<2x2xi32, strided<[8, 1], offset: ?>>
  %a = "memref.load"(%s, %c1, %c1) : (memref<2x2xi32, strided<[8, 1], offset: ?>>, index, index) -> i32
  %row = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (memref<4x4xi32>) -> memref<4xi32, strided<[1], offset: 8>>
  %b = "memref.load"(%row, %c1) : (memref<4xi32, strided<[1], offset: 8>>, index) -> i32
  %flat = "memref.collapse_shape"(%m) <{reassociation = [[0, 1]]}> : (memref<4x4xi32>) -> memref<16xi32>
  %c = "memref.load"(%flat, %c4) : (memref<16xi32>, index) -> i32
  %x = "memref.expand_shape"(%flat) <{reassociation = [[0, 1, 2]], static_output_shape = array<i64: 2, 2, 4>}> : (memref<16xi32>) -> memref<2x2x4xi32>
  %d = "memref.load"(%x, %c1, %c0, %c1) : (memref<2x2x4xi32>, index, index, index) -> i32
  %rc = "memref.reinterpret_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3>, static_sizes = array<i64: 3>, static_strides = array<i64: 4>}> : (memref<4x4xi32>) -> memref<3xi32, strided<[4], offset: 3>>
  %e = "memref.load"(%rc, %c1) : (memref<3xi32, strided<[4], offset: 3>>, index) -> i32
  %k = arith.constant 99 : i32
  "memref.store"(%k, %s, %c0, %c0) : (i32, memref<2x2xi32, strided<[8, 1], offset: ?>>, index, index) -> ()
  %dim = "memref.dim"(%s, %c0) : (memref<2x2xi32, strided<[8, 1], offset: ?>>, index) -> index
  %base, %off, %s0, %s1, %t0, %t1 = "memref.extract_strided_metadata"(%s) : (memref<2x2xi32, strided<[8, 1], offset: ?>>) -> (memref<i32>, index, index, index, index, index)
  return %a, %b, %c, %d, %e, %dim, %off : i32, i32, i32, i32, i32, index, index
}`)
	// %s covers rows 1 and 3, columns 1..2: (1,1) is m[3][2] = 14, offset 5.
	if got := fmt.Sprint(r); got != "[14 9 4 9 7 2 5]" {
		t.Fatalf("got %s", got)
	}
}

func TestMemRefStoreThroughViewIsVisible(t *testing.T) {
	r := mustRun(t, `func.func @main() -> i32 {`+memrefPrelude+`
  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<4x4xi32>) -> memref<2x2xi32, strided<[4, 1], offset: 5>>
  %k = arith.constant 99 : i32
  "memref.store"(%k, %s, %c1, %c0) : (i32, memref<2x2xi32, strided<[4, 1], offset: 5>>, index, index) -> ()
  %c2 = arith.constant 2 : index
  %v = "memref.load"(%m, %c2, %c1) : (memref<4x4xi32>, index, index) -> i32
  return %v : i32
}`)
	if got := fmt.Sprint(r); got != "[99]" {
		t.Fatalf("got %s", got)
	}
}

func TestMemRefCopyAtomicsGlobals(t *testing.T) {
	r := mustRun(t, `"memref.global"() <{sym_name = "g", type = memref<3xf32>, initial_value = dense<[1.5, 2.5, 3.5]> : tensor<3xf32>, constant}> : () -> ()
func.func @main() -> (f32, f32, f32, i32, i32) {`+memrefPrelude+`
  %g = "memref.get_global"() <{name = @g}> : () -> memref<3xf32>
  %c2 = arith.constant 2 : index
  %x = arith.constant 10.0 : f32
  %old = "memref.atomic_rmw"(%x, %g, %c2) <{kind = 0 : i64}> : (f32, memref<3xf32>, index) -> f32
  %new = "memref.load"(%g, %c2) : (memref<3xf32>, index) -> f32
  %mx = "memref.atomic_rmw"(%x, %g, %c0) <{kind = 3 : i64}> : (f32, memref<3xf32>, index) -> f32
  %mv = "memref.load"(%g, %c0) : (memref<3xf32>, index) -> f32
  %n = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xi32>
  "memref.copy"(%m, %n) : (memref<4x4xi32>, memref<4x4xi32>) -> ()
  %g2 = "memref.generic_atomic_rmw"(%n, %c1, %c1) ({
  ^bb0(%cur: i32):
    %d = arith.muli %cur, %cur : i32
    "memref.atomic_yield"(%d) : (i32) -> ()
  }) : (memref<4x4xi32>, index, index) -> i32
  %sq = "memref.load"(%n, %c1, %c1) : (memref<4x4xi32>, index, index) -> i32
  return %old, %new, %mv, %g2, %sq : f32, f32, f32, i32, i32
}`)
	if got := fmt.Sprint(r); got != "[3.5 13.5 10 5 25]" {
		t.Fatalf("got %s", got)
	}
}

func TestMemRefErrors(t *testing.T) {
	wantError(t, `func.func @main() -> i32 {`+memrefPrelude+`
  %v = "memref.load"(%m, %c4, %c0) : (memref<4x4xi32>, index, index) -> i32
  return %v : i32
}`, "out-of-bounds access at [4 0]")
	wantError(t, `func.func @main() -> i32 {`+memrefPrelude+`
  "memref.dealloc"(%m) : (memref<4x4xi32>) -> ()
  %v = "memref.load"(%m, %c0, %c0) : (memref<4x4xi32>, index, index) -> i32
  return %v : i32
}`, "deallocated")
	wantError(t, `func.func @main() {`+memrefPrelude+`
  %s = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3, 3>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<4x4xi32>) -> memref<2x2xi32, strided<[4, 1], offset: 15>>
  return
}`, "subview out of bounds")
}
