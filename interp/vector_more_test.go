package interp

import (
	"fmt"
	"strings"
	"testing"
)

func TestVectorContractBitcastScatter(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (vector<2x2xi32>, vector<2xi32>, vector<4xi32>, vector<4xi32>, vector<2x3xi1>, vector<2xi32>, i32) {`+memrefPrelude+`
  %a = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %b = arith.constant dense<[[5, 6], [7, 8]]> : vector<2x2xi32>
  %z = arith.constant dense<0> : vector<2x2xi32>
  %mm = "vector.contract"(%a, %b, %z) <{indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<2x2xi32>, vector<2x2xi32>, vector<2x2xi32>) -> vector<2x2xi32>
  %bytes = arith.constant dense<[1, 0, 0, 0, 2, 1, 0, 0]> : vector<8xi8>
  %bc = "vector.bitcast"(%bytes) : (vector<8xi8>) -> vector<2xi32>
  %w = arith.constant dense<[50, 51, 52, 53]> : vector<4xi32>
  %c2 = arith.constant 2 : index
  "vector.transfer_write"(%w, %m, %c2, %c2) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>, in_bounds = [false]}> : (vector<4xi32>, memref<4x4xi32>, index, index) -> ()
  %row2 = "vector.load"(%m, %c2, %c0) : (memref<4x4xi32>, index, index) -> vector<4xi32>
  %idx = arith.constant dense<[0, 3]> : vector<2xindex>
  %mask = arith.constant dense<[true, true]> : vector<2xi1>
  %sv = arith.constant dense<[90, 93]> : vector<2xi32>
  "vector.scatter"(%m, %c0, %c0, %idx, %mask, %sv) : (memref<4x4xi32>, index, index, vector<2xindex>, vector<2xi1>, vector<2xi32>) -> ()
  %row0 = "vector.load"(%m, %c0, %c0) : (memref<4x4xi32>, index, index) -> vector<4xi32>
  %cm = "vector.constant_mask"() <{mask_dim_sizes = array<i64: 2, 1>}> : () -> vector<2x3xi1>
  %pass = arith.constant dense<[-5, -5]> : vector<2xi32>
  %m2 = arith.constant dense<[false, true]> : vector<2xi1>
  %ml = "vector.maskedload"(%m, %c1, %c0, %m2, %pass) : (memref<4x4xi32>, index, index, vector<2xi1>, vector<2xi32>) -> vector<2xi32>
  %v = "vector.splat"(%c1) : (index) -> vector<3xindex>
  %s = arith.constant 3 : i32
  %vi = "vector.insertelement"(%s, %ml, %c0) : (i32, vector<2xi32>, index) -> vector<2xi32>
  %ee = "vector.extractelement"(%vi, %c0) : (vector<2xi32>, index) -> i32
  return %mm, %bc, %row2, %row0, %cm, %vi, %ee : vector<2x2xi32>, vector<2xi32>, vector<4xi32>, vector<4xi32>, vector<2x3xi1>, vector<2xi32>, i32
}`)
	var got []string
	for _, v := range r {
		got = append(got, fmt.Sprint(elems(v)))
	}
	want := "[19 22 43 50] [1 258] [8 9 50 51] [90 1 2 93] [1 0 0 1 0 0] [3 5] [3]"
	if s := strings.Join(got, " "); s != want {
		t.Fatalf("got  %s\nwant %s", s, want)
	}
}

func TestPoisonPropagates(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, i32, i1, f32) {
  %p = "ub.poison"() <{value = #ub.poison}> : () -> i32
  %one = arith.constant 1 : i32
  %a = arith.addi %p, %one : i32
  %t = arith.constant true
  %s = arith.select %t, %one, %p : i32
  %c = arith.cmpi eq, %a, %one : i32
  %f = arith.sitofp %p : i32 to f32
  return %a, %s, %c, %f : i32, i32, i1, f32
}`)
	if got := fmt.Sprint(r); got != "[poison 1 poison poison]" {
		t.Fatalf("got %s", got)
	}
	wantError(t, `func.func @main() {
  %p = "ub.poison"() <{value = #ub.poison}> : () -> i1
  cf.cond_br %p, ^a, ^a
^a:
  return
}`, "poison condition")
}
