package transforms_test

import "testing"

func TestUnrollElementwise(t *testing.T) {
	src := `func.func @main(%a: memref<2x8xf32>, %b: memref<2x8xf32>, %o: memref<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0, %c0] : memref<2x8xf32>, vector<2x8xf32>
  %y = vector.load %b[%c0, %c0] : memref<2x8xf32>, vector<2x8xf32>
  %s = arith.addf %x, %y : vector<2x8xf32>
  %p = arith.mulf %s, %x : vector<2x8xf32>
  %f = vector.fma %p, %y, %s : vector<2x8xf32>
  %n = math.absf %f : vector<2x8xf32>
  %c = arith.cmpf olt, %n, %x : vector<2x8xf32>
  %r = arith.select %c, %n, %y : vector<2x8xi1>, vector<2x8xf32>
  vector.store %r, %o[%c0, %c0] : memref<2x8xf32>, vector<2x8xf32>
  return
}`
	checkNative(t, checkEquivalent(t, src, "vector-unroll-for-spirv,canonicalize"), false)
	checkNative(t, checkEquivalent(t, src, "vector-unroll-for-spirv{vector16=true},canonicalize"), true)
}

func TestUnrollReductionBroadcast(t *testing.T) {
	src := `func.func @main(%a: memref<12xi32>, %o: memref<2x6xi32>, %r: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : i32
  %x = vector.load %a[%c0] : memref<12xi32>, vector<12xi32>
  %s = vector.reduction <add>, %x, %c5 : vector<12xi32> into i32
  %m = vector.reduction <maxsi>, %x : vector<12xi32> into i32
  memref.store %s, %r[%c0] : memref<1xi32>
  %b = vector.broadcast %m : i32 to vector<2x6xi32>
  %y = vector.load %a[%c0] : memref<12xi32>, vector<6xi32>
  %by = vector.broadcast %y : vector<6xi32> to vector<2x6xi32>
  %z = arith.subi %b, %by : vector<2x6xi32>
  vector.store %z, %o[%c0, %c0] : memref<2x6xi32>, vector<2x6xi32>
  return
}`
	checkNative(t, checkEquivalent(t, src, "vector-unroll-for-spirv,canonicalize"), false)
}

func TestShapeLowering(t *testing.T) {
	src := `func.func @main(%a: memref<2x3xf32>, %o: memref<3x2xf32>, %p: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0, %c0] : memref<2x3xf32>, vector<2x3xf32>
  %t = vector.transpose %x, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  vector.store %t, %o[%c0, %c0] : memref<3x2xf32>, vector<3x2xf32>
  %s = vector.shape_cast %x : vector<2x3xf32> to vector<6xf32>
  %d = arith.addf %s, %s : vector<6xf32>
  vector.store %d, %p[%c0] : memref<6xf32>, vector<6xf32>
  return
}`
	m := checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize")
	checkGone(t, m, "vector.transpose", "vector.shape_cast")
	checkNative(t, m, false)
}

func TestUnrollMoves(t *testing.T) {
	src := `func.func @main(%a: memref<8xi32>, %o: memref<16xi32>, %f: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %x = vector.load %a[%c0] : memref<8xi32>, vector<4xi32>
  %y = vector.load %a[%c0] : memref<8xi32>, vector<8xi32>
  %s = vector.shuffle %x, %y [7, 0, 11, 1, 2, 3, 4, 5] : vector<4xi32>, vector<8xi32>
  %st = vector.step : vector<8xindex>
  %sti = arith.index_cast %st : vector<8xindex> to vector<8xi32>
  %i = vector.interleave %x, %x : vector<4xi32> -> vector<8xi32>
  %y2 = vector.shape_cast %y : vector<8xi32> to vector<2x4xi32>
  %e = vector.extract_strided_slice %y2 {offsets = [1, 1], sizes = [1, 3], strides = [1, 1]} : vector<2x4xi32> to vector<1x3xi32>
  %e0 = vector.extract %e[0, 2] : i32 from vector<1x3xi32>
  %ins = vector.insert %e0, %i[5] : i32 into vector<8xi32>
  %sum = arith.addi %s, %sti : vector<8xi32>
  %sum2 = arith.addi %sum, %ins : vector<8xi32>
  vector.store %sum2, %o[%c0] : memref<16xi32>, vector<8xi32>
  %fy = arith.sitofp %y : vector<8xi32> to vector<8xf32>
  %bc = vector.bitcast %fy : vector<8xf32> to vector<8xi32>
  %bi = arith.addi %bc, %y : vector<8xi32>
  vector.store %bi, %o[%c8] : memref<16xi32>, vector<8xi32>
  return
}`
	checkNative(t, checkEquivalent(t, src, "vector-lower-for-spirv,canonicalize"), false)
}
