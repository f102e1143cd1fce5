package transforms_test

import "testing"

// TestLowerMaskOp compares vector.mask over transfers (2-d included) and
// reductions with its lowering in the interpreter, for masks of several
// sizes. (Masked transfers with transposing maps are left out: the
// interpreter reads their mask in the vector's order, MLIR and
// vector-lower-transfer in the memref's.)
func TestLowerMaskOp(t *testing.T) {
	src := `func.func @main(%m: memref<4x4xf32>, %o: memref<4x4xf32>, %iv: memref<8xi32>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 9.0 : f32
  %mask = vector.create_mask %n : vector<4xi1>
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %r = vector.mask %mask, %pass { vector.transfer_read %m[%c1, %c0], %pad : memref<4x4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.mask %mask { vector.transfer_write %r, %o[%c0, %c1] : vector<4xf32>, memref<4x4xf32> } : vector<4xi1>
  %m2 = vector.create_mask %n, %k : vector<2x3xi1>
  %p2 = arith.constant dense<5.0> : vector<2x3xf32>
  %r2 = vector.mask %m2, %p2 { vector.transfer_read %m[%c1, %c1], %pad : memref<4x4xf32>, vector<2x3xf32> } : vector<2x3xi1> -> vector<2x3xf32>
  vector.mask %m2 { vector.transfer_write %r2, %o[%c1, %c0] : vector<2x3xf32>, memref<4x4xf32> } : vector<2x3xi1>
  %v = vector.load %iv[%c0] : memref<8xi32>, vector<4xi32>
  %s = vector.mask %mask { vector.reduction <maxsi>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %seven = arith.constant 7 : i32
  %u = vector.mask %mask { vector.reduction <minui>, %v, %seven : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %x = vector.mask %mask { vector.reduction <xor>, %v, %seven : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %f = vector.mask %mask { vector.reduction <minimumf>, %r : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %acc = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %mr = vector.mask %m2 { vector.multi_reduction <add>, %r2, %acc [1] : vector<2x3xf32> to vector<2xf32> } : vector<2x3xi1> -> vector<2xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  memref.store %s, %iv[%c0] : memref<8xi32>
  memref.store %u, %iv[%c1] : memref<8xi32>
  memref.store %x, %iv[%c2] : memref<8xi32>
  memref.store %f, %o[%c3, %c3] : memref<4x4xf32>
  vector.store %mr, %o[%c3, %c0] : memref<4x4xf32>, vector<2xf32>
  return
}`
	for _, nk := range [][2]int64{{1, 1}, {2, 3}, {4, 2}, {3, 0}} {
		m := checkEquivalent(t, src, "vector-lower-mask-op", nk[0], nk[1])
		checkGone(t, m, "vector.mask")
		checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize", nk[0], nk[1]), false)
	}
}

// TestLowerScan compares inclusive and exclusive scans along each
// dimension of 1-d and 3-d vectors with their lowering.
func TestLowerScan(t *testing.T) {
	src := `func.func @main(%m: memref<24xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %v = vector.load %m[%c0] : memref<24xi32>, vector<24xi32>
  %x = vector.shape_cast %v : vector<24xi32> to vector<2x3x4xi32>
  %i0 = vector.load %m[%c4] : memref<24xi32>, vector<12xi32>
  %init0 = vector.shape_cast %i0 : vector<12xi32> to vector<3x4xi32>
  %a:2 = vector.scan <add>, %x, %init0 {inclusive = false, reduction_dim = 0 : i64} : vector<2x3x4xi32>, vector<3x4xi32>
  %i1 = vector.load %m[%c0] : memref<24xi32>, vector<8xi32>
  %init1 = vector.shape_cast %i1 : vector<8xi32> to vector<2x4xi32>
  %b:2 = vector.scan <maxsi>, %a#0, %init1 {inclusive = true, reduction_dim = 1 : i64} : vector<2x3x4xi32>, vector<2x4xi32>
  %i2 = vector.load %m[%c4] : memref<24xi32>, vector<6xi32>
  %init2 = vector.shape_cast %i2 : vector<6xi32> to vector<2x3xi32>
  %c:2 = vector.scan <mul>, %b#0, %init2 {inclusive = false, reduction_dim = 2 : i64} : vector<2x3x4xi32>, vector<2x3xi32>
  %flat = vector.shape_cast %c#0 : vector<2x3x4xi32> to vector<24xi32>
  vector.store %flat, %m[%c0] : memref<24xi32>, vector<24xi32>
  %fa = vector.shape_cast %a#1 : vector<3x4xi32> to vector<12xi32>
  vector.store %fa, %m[%c0] : memref<24xi32>, vector<12xi32>
  %fb = vector.shape_cast %b#1 : vector<2x4xi32> to vector<8xi32>
  vector.store %fb, %m[%c4] : memref<24xi32>, vector<8xi32>
  %fc = vector.shape_cast %c#1 : vector<2x3xi32> to vector<6xi32>
  vector.store %fc, %m[%c0] : memref<24xi32>, vector<6xi32>
  return
}`
	m := checkEquivalent(t, src, "vector-lower-scan")
	checkGone(t, m, "vector.scan")
	checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize"), false)
	// A 1-d scan's accumulated value is a 0-d vector.
	src1 := `func.func @main(%f: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %fv = vector.load %f[%c0] : memref<8xf32>, vector<4xf32>
  %fi = vector.load %f[%c4] : memref<8xf32>, vector<1xf32>
  %finit = vector.shape_cast %fi : vector<1xf32> to vector<f32>
  %d:2 = vector.scan <minnumf>, %fv, %finit {inclusive = false, reduction_dim = 0 : i64} : vector<4xf32>, vector<f32>
  vector.store %d#0, %f[%c4] : memref<8xf32>, vector<4xf32>
  %dl = vector.extract %d#1[] : f32 from vector<f32>
  memref.store %dl, %f[%c0] : memref<8xf32>
  return
}`
	checkGone(t, checkEquivalent(t, src1, "vector-lower-scan"), "vector.scan")
}

// TestLowerExpandCompress compares expandload and compressstore with
// their lane-by-lane lowering for masks with lanes on and off.
func TestLowerExpandCompress(t *testing.T) {
	src := `func.func @main(%m: memref<16xf32>, %o: memref<16xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  %v = vector.load %m[%n] : memref<16xf32>, vector<4xf32>
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %pos = arith.cmpf ogt, %v, %zero : vector<4xf32>
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %e = vector.expandload %m[%c2], %pos, %pass : memref<16xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.store %e, %o[%n] : memref<16xf32>, vector<4xf32>
  vector.compressstore %o[%c2], %pos, %v : memref<16xf32>, vector<4xi1>, vector<4xf32>
  return
}`
	for _, n := range []int64{0, 3, 5, 9} {
		m := checkEquivalent(t, src, "vector-lower-masks", n)
		checkGone(t, m, "vector.expandload", "vector.compressstore")
		checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize", n), false)
	}
}

// TestLowerMaskedGather compares gathers under vector.mask, with an
// all-true mask of their own and with a mask of their own, with their
// lowering, with and without a pass-through of the vector.mask; the lanes
// it turns off without one are undefined and only stored under the mask.
func TestLowerMaskedGather(t *testing.T) {
	src := `func.func @main(%m: memref<16xf32>, %o: memref<8xf32>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %idx = arith.constant dense<[14, 3, 0, 7]> : vector<4xindex>
  %all = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<[-1.0, -2.0, -3.0, -4.0]> : vector<4xf32>
  %mask = vector.create_mask %n : vector<4xi1>
  %own = vector.create_mask %k : vector<4xi1>
  %a = vector.mask %mask { vector.gather %m[%c0] [%idx], %all, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %b = vector.mask %mask { vector.gather %m[%c1] [%idx], %own, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %c4 = arith.constant 4 : index
  vector.maskedstore %o[%c0], %mask, %a : memref<8xf32>, vector<4xi1>, vector<4xf32>
  vector.maskedstore %o[%c4], %mask, %b : memref<8xf32>, vector<4xi1>, vector<4xf32>
  %outer = arith.constant dense<[7.0, 8.0, 9.0, 10.0]> : vector<4xf32>
  %c = vector.mask %mask, %outer { vector.gather %m[%c0] [%idx], %all, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %d = vector.mask %mask, %outer { vector.gather %m[%c1] [%idx], %own, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %s = arith.addf %c, %d : vector<4xf32>
  vector.store %s, %m[%c4] : memref<16xf32>, vector<4xf32>
  return
}`
	for _, nk := range [][2]int64{{4, 4}, {2, 3}, {3, 1}, {0, 2}, {4, 0}} {
		checkGone(t, checkEquivalent(t, src, "lower-vector-mask", nk[0], nk[1]), "vector.mask")
	}
}

// TestLowerMaskedMultiReduction compares multi_reductions under vector.mask
// with lower-vector-multi-reduction's rewrite of them (mask transposed,
// cast, broadcast and sliced alongside the source) under both strategies,
// for masks of several sizes.
func TestLowerMaskedMultiReduction(t *testing.T) {
	src := `func.func @main(%m: memref<24xf32>, %o: memref<16xf32>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %v = vector.load %m[%c0] : memref<24xf32>, vector<24xf32>
  %x = vector.shape_cast %v : vector<24xf32> to vector<2x3x4xf32>
  %m3 = vector.create_mask %n, %k, %k : vector<2x3x4xi1>
  %acc = vector.load %o[%c0] : memref<16xf32>, vector<3xf32>
  %a = vector.mask %m3 { vector.multi_reduction <add>, %x, %acc [0, 2] : vector<2x3x4xf32> to vector<3xf32> } : vector<2x3x4xi1> -> vector<3xf32>
  %acc2v = vector.load %o[%c4] : memref<16xf32>, vector<8xf32>
  %acc2 = vector.shape_cast %acc2v : vector<8xf32> to vector<2x4xf32>
  %b = vector.mask %m3 { vector.multi_reduction <maximumf>, %x, %acc2 [1] : vector<2x3x4xf32> to vector<2x4xf32> } : vector<2x3x4xi1> -> vector<2x4xf32>
  %s0 = arith.constant 7.0 : f32
  %c = vector.mask %m3 { vector.multi_reduction <mul>, %x, %s0 [0, 1, 2] : vector<2x3x4xf32> to f32 } : vector<2x3x4xi1> -> f32
  %r1 = vector.load %m[%c4] : memref<24xf32>, vector<4xf32>
  %m1 = vector.create_mask %k : vector<4xi1>
  %d = vector.mask %m1 { vector.multi_reduction <add>, %r1, %s0 [0] : vector<4xf32> to f32 } : vector<4xi1> -> f32
  vector.store %a, %o[%c0] : memref<16xf32>, vector<3xf32>
  %bf = vector.shape_cast %b : vector<2x4xf32> to vector<8xf32>
  vector.store %bf, %o[%c4] : memref<16xf32>, vector<8xf32>
  memref.store %c, %o[%c12] : memref<16xf32>
  %c13 = arith.constant 13 : index
  memref.store %d, %o[%c13] : memref<16xf32>
  return
}`
	for _, nk := range [][2]int64{{1, 1}, {2, 3}, {2, 2}, {0, 4}} {
		for _, p := range []string{"func.func(lower-vector-multi-reduction)",
			"func.func(lower-vector-multi-reduction{lowering-strategy=inner-reduction})"} {
			checkEquivalent(t, src, p, nk[0], nk[1])
		}
	}
}
