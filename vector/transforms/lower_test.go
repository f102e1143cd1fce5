package transforms_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestLowerTransfer(t *testing.T) {
	src := `func.func @main(%m: memref<3x5xf32>, %o: memref<3x5xf32>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %a = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true, true]} : memref<3x5xf32>, vector<2x4xf32>
  %b = vector.transfer_read %m[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x5xf32>, vector<4x2xf32>
  %t = vector.transpose %b, [1, 0] : vector<4x2xf32> to vector<2x4xf32>
  %s = arith.addf %a, %t : vector<2x4xf32>
  %mask = vector.create_mask %c0, %j : vector<2x4xi1>
  %mask1 = vector.create_mask %i : vector<4xi1>
  %e = vector.transfer_read %m[%i, %j], %pad, %mask1 : memref<3x5xf32>, vector<4xf32>
  vector.transfer_write %s, %o[%i, %j] : vector<2x4xf32>, memref<3x5xf32>
  vector.transfer_write %e, %o[%c0, %c0], %mask1 {in_bounds = [true]} : vector<4xf32>, memref<3x5xf32>
  %r = vector.transfer_read %m[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x5xf32>, vector<2x3xf32>
  %r1 = vector.extract %r[1] : vector<3xf32> from vector<2x3xf32>
  vector.transfer_write %r1, %o[%i, %c0] {in_bounds = [true]} : vector<3xf32>, memref<3x5xf32>
  return
}`
	for _, ij := range [][2]int64{{0, 0}, {1, 2}, {2, 4}, {0, 3}, {1, -2}, {2, -1}} {
		m := checkEquivalent(t, src, "vector-lower-transfer", ij[0], ij[1])
		checkGone(t, m, "vector.transfer_read", "vector.transfer_write")
		m = checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize", ij[0], ij[1])
		checkNative(t, m, false)
	}
}

func TestLowerMultiReduction(t *testing.T) {
	src := `func.func @main(%m: memref<2x3x4xi32>, %o: memref<4x4xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = vector.load %m[%c0, %c0, %c0] : memref<2x3x4xi32>, vector<2x3x4xi32>
  %acc = vector.load %o[%c0, %c0] : memref<4x4xi32>, vector<2x3xi32>
  %a = vector.multi_reduction <add>, %x, %acc [2] : vector<2x3x4xi32> to vector<2x3xi32>
  %accb = vector.load %o[%c2, %c0] : memref<4x4xi32>, vector<2x4xi32>
  %b = vector.multi_reduction <maxsi>, %x, %accb [1] : vector<2x3x4xi32> to vector<2x4xi32>
  %acc2 = vector.load %o[%c0, %c0] : memref<4x4xi32>, vector<3xi32>
  %c = vector.multi_reduction <mul>, %x, %acc2 [0, 2] : vector<2x3x4xi32> to vector<3xi32>
  %s0 = arith.constant 7 : i32
  %d = vector.multi_reduction <add>, %x, %s0 [0, 1, 2] : vector<2x3x4xi32> to i32
  vector.store %b, %o[%c0, %c0] : memref<4x4xi32>, vector<2x4xi32>
  vector.store %a, %o[%c2, %c0] : memref<4x4xi32>, vector<2x3xi32>
  vector.store %c, %o[%c3, %c0] : memref<4x4xi32>, vector<3xi32>
  memref.store %d, %o[%c3, %c3] : memref<4x4xi32>
  return
}`
	checkGone(t, checkEquivalent(t, src, "vector-lower-multi-reduction"), "vector.multi_reduction")
	// MLIR's phases leave the full reduction to a scalar as the 1-d
	// multi_reduction its flattening makes: the 1-d to 2-d expansion runs
	// before the flattening, the last phase only lowers 2-d reductions.
	for _, p := range []string{"func.func(lower-vector-multi-reduction)",
		"func.func(lower-vector-multi-reduction{lowering-strategy=inner-reduction})"} {
		m := checkEquivalent(t, src, p)
		m.Walk(func(op *ir.Operation) bool {
			if op.Name() == "vector.multi_reduction" && len(op.Operand(0).Type().(*ir.VectorType).Dims) != 1 {
				t.Errorf("%s: %s left:\n%s", p, ir.TypeString(op.Operand(0).Type()), m.String())
			}
			return true
		})
	}
	checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize"), false)
}

func TestLowerContract(t *testing.T) {
	src := `#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
func.func @main(%a: memref<3x2xf32>, %b: memref<2x4xf32>, %o: memref<4x4xf32>, %v: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = vector.load %a[%c0, %c0] : memref<3x2xf32>, vector<3x2xf32>
  %y = vector.load %b[%c0, %c0] : memref<2x4xf32>, vector<2x4xf32>
  %acc = vector.load %o[%c0, %c0] : memref<4x4xf32>, vector<3x4xf32>
  %r = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %acc : vector<3x2xf32>, vector<2x4xf32> into vector<3x4xf32>
  %acct = vector.load %o[%c0, %c0] : memref<4x4xf32>, vector<4x3xf32>
  %rt = vector.contract {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %acct : vector<3x2xf32>, vector<2x4xf32> into vector<4x3xf32>
  %yt = vector.transpose %y, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %rm = vector.contract {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxnumf>} %x, %yt, %acc : vector<3x2xf32>, vector<4x2xf32> into vector<3x4xf32>
  %u = vector.load %v[%c0] : memref<8xf32>, vector<4xf32>
  %w = vector.load %v[%c1] : memref<8xf32>, vector<4xf32>
  %s = memref.load %v[%c0] : memref<8xf32>
  %dot = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<add>} %u, %w, %s : vector<4xf32>, vector<4xf32> into f32
  %acc4 = vector.load %o[%c0, %c0] : memref<4x4xf32>, vector<4x4xf32>
  %op = vector.outerproduct %u, %w, %acc4 {kind = #vector.kind<add>} : vector<4xf32>, vector<4xf32>
  %ax = vector.outerproduct %u, %s, %w {kind = #vector.kind<add>} : vector<4xf32>, f32
  vector.store %r, %o[%c0, %c0] : memref<4x4xf32>, vector<3x4xf32>
  vector.store %rm, %o[%c1, %c0] : memref<4x4xf32>, vector<3x4xf32>
  vector.store %rt, %o[%c0, %c0] : memref<4x4xf32>, vector<4x3xf32>
  vector.store %op, %o[%c0, %c0] : memref<4x4xf32>, vector<4x4xf32>
  vector.store %ax, %v[%c0] : memref<8xf32>, vector<4xf32>
  memref.store %dot, %v[%c1] : memref<8xf32>
  return
}`
	m := checkEquivalent(t, src, "vector-lower-contract")
	checkGone(t, m, "vector.contract", "vector.outerproduct")
	checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize"), false)
}

func TestLowerMasksGatherScatter(t *testing.T) {
	src := `func.func @main(%m: memref<10xf32>, %ix: memref<4xi32>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %mask = vector.create_mask %i : vector<4xi1>
  %mask2 = vector.create_mask %i, %j : vector<2x3xi1>
  %cm = vector.constant_mask [3] : vector<4xi1>
  %pass = vector.broadcast %c0 : index to vector<4xindex>
  %passf = arith.constant dense<9.0> : vector<4xf32>
  %l = vector.maskedload %m[%j], %mask, %passf : memref<10xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%c2], %cm, %l : memref<10xf32>, vector<4xi1>, vector<4xf32>
  %idx = vector.load %ix[%c0] : memref<4xi32>, vector<4xi32>
  %pos = arith.constant dense<[1, 0, 3, 2]> : vector<4xi32>
  %idx2 = arith.addi %idx, %idx : vector<4xi32>
  %g = vector.gather %m[%c2] [%pos], %mask, %passf : memref<10xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %sel = vector.extract %mask2[1] : vector<3xi1> from vector<2x3xi1>
  %g3 = vector.extract_strided_slice %g {offsets = [0], sizes = [3], strides = [1]} : vector<4xf32> to vector<3xf32>
  %i3 = vector.extract_strided_slice %pos {offsets = [1], sizes = [3], strides = [1]} : vector<4xi32> to vector<3xi32>
  vector.scatter %m[%c0] [%i3], %sel, %g3 : memref<10xf32>, vector<3xi32>, vector<3xi1>, vector<3xf32>
  return
}`
	for _, ij := range [][2]int64{{0, 0}, {1, 2}, {2, 4}, {4, 3}} {
		m := checkEquivalent(t, src, "vector-lower-masks,vector-lower-gather-scatter", ij[0], ij[1])
		checkGone(t, m, "vector.create_mask", "vector.constant_mask", "vector.maskedload", "vector.maskedstore", "vector.gather", "vector.scatter")
		checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize", ij[0], ij[1]), false)
	}
}

// TestShuffleTree compares from_elements of to_elements results (one,
// three and five sources, repeated and permuted elements) with the
// shuffle trees lower-vector-to-from-elements-to-shuffle-tree builds.
func TestShuffleTree(t *testing.T) {
	src := `func.func @main(%m: memref<16xi32>, %o: memref<32xi32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %a = vector.load %m[%c0] : memref<16xi32>, vector<5xi32>
  %b = vector.load %m[%c5] : memref<16xi32>, vector<5xi32>
  %c = vector.load %m[%c10] : memref<16xi32>, vector<5xi32>
  %d = vector.load %m[%c0] : memref<16xi32>, vector<3xi32>
  %e = vector.load %m[%c10] : memref<16xi32>, vector<2xi32>
  %0:5 = vector.to_elements %a : vector<5xi32>
  %1:5 = vector.to_elements %b : vector<5xi32>
  %2:5 = vector.to_elements %c : vector<5xi32>
  %3:3 = vector.to_elements %d : vector<3xi32>
  %4:2 = vector.to_elements %e : vector<2xi32>
  %r = vector.from_elements %2#2, %1#1, %0#1, %0#1, %1#2, %2#2, %2#0, %1#1, %0#4 : vector<9xi32>
  %s = vector.from_elements %0#3, %0#2, %0#0 : vector<3xi32>
  %u = vector.from_elements %4#1, %3#2, %2#4, %1#0, %0#0, %3#0, %4#0, %2#1, %1#3, %0#2, %4#1 : vector<11xi32>
  vector.store %r, %o[%c0] : memref<32xi32>, vector<9xi32>
  vector.store %s, %o[%c10] : memref<32xi32>, vector<3xi32>
  vector.store %u, %o[%c20] : memref<32xi32>, vector<11xi32>
  return
}`
	m := checkEquivalent(t, src, "func.func(lower-vector-to-from-elements-to-shuffle-tree)")
	checkGone(t, m, "vector.from_elements")
}
