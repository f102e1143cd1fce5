// RUN: kiln opt %s --flatten-memref --split-input-file | FileCheck %s

// A constant index folds; the flat view keeps the offset and the memory
// space, its size is the largest stride times size.
// CHECK-LABEL: func.func @constant_index(
// CHECK-DAG:     %[[C:.*]] = arith.constant 22 : index
// CHECK:         %[[F:.*]] = memref.reinterpret_cast %arg0 to offset: [7], sizes: [48], strides: [1] : memref<3x4xi32, strided<[16, 2], offset: 7>, 3> to memref<48xi32, strided<[1], offset: 7>, 3>
// CHECK:         memref.store %arg1, %[[F]][%[[C]]] {nontemporal = true} : memref<48xi32, strided<[1], offset: 7>, 3>
func.func @constant_index(%m: memref<3x4xi32, strided<[16, 2], offset: 7>, 3>, %x: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  memref.store %x, %m[%c1, %c3] {nontemporal = true} : memref<3x4xi32, strided<[16, 2], offset: 7>, 3>
  return
}

// -----

// A rank-3 identity layout: the index is an affine.apply of the dynamic
// indices with the static strides.
// CHECK: #[[$MAP:.*]] = affine_map<()[s0, s1, s2] -> (s0 * 20 + s1 * 5 + s2)>
// CHECK-LABEL: func.func @rank3(
// CHECK:         %[[I:.*]] = affine.apply #[[$MAP]]()[%arg1, %arg2, %arg3]
// CHECK:         %[[F:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [60], strides: [1]
// CHECK:         memref.load %[[F]][%[[I]]] : memref<60xf16, strided<[1]>>
func.func @rank3(%m: memref<3x4x5xf16>, %i: index, %j: index, %k: index) -> f16 {
  %v = memref.load %m[%i, %j, %k] : memref<3x4x5xf16>
  return %v : f16
}

// -----

// Left alone: rank 1, an affine-map layout, a dynamically sized
// allocation, a 2-D vector, a transfer that may run out of bounds.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT:     memref.reinterpret_cast
// CHECK:         memref.load %arg0[%arg3] : memref<8xf32>
// CHECK:         memref.load %arg1[%arg3, %arg3] : memref<4x4xf32, #{{.*}}>
// CHECK:         memref.alloc(%arg3) : memref<?x4xf32>
// CHECK:         vector.load %arg2[%arg3, %arg3] : memref<4x8xf32>, vector<2x4xf32>
// CHECK:         vector.transfer_read %arg2[%arg3, %arg3], %{{.*}} : memref<4x8xf32>, vector<4xf32>
func.func @kept(%a: memref<8xf32>, %b: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, %c: memref<4x8xf32>, %i: index) {
  %pad = arith.constant 0.0 : f32
  %0 = memref.load %a[%i] : memref<8xf32>
  %1 = memref.load %b[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %2 = memref.alloc(%i) : memref<?x4xf32>
  %3 = vector.load %c[%i, %i] : memref<4x8xf32>, vector<2x4xf32>
  %4 = vector.transfer_read %c[%i, %i], %pad : memref<4x8xf32>, vector<4xf32>
  "test.use"(%0, %1, %2, %3, %4) : (f32, f32, memref<?x4xf32>, vector<2x4xf32>, vector<4xf32>) -> ()
  return
}
