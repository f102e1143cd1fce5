// RUN: kiln opt %s --fold-memref-alias-ops --split-input-file | FileCheck %s

// Constant offsets and strides go into the map; a unit stride and zero
// offset leave the index itself.
// CHECK-DAG: #[[$OFF:.*]] = affine_map<()[s0] -> (s0 + 5)>
// CHECK-DAG: #[[$STR:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 4)>
// CHECK-LABEL: func.func @constants(
// CHECK-SAME:    %[[M:.*]]: memref<16x64xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[O:.*]]: index)
// CHECK-DAG:     %[[A:.*]] = affine.apply #[[$OFF]]()[%[[I]]]
// CHECK-DAG:     %[[B:.*]] = affine.apply #[[$STR]]()[%[[O]], %[[J]]]
// CHECK:         memref.load %[[M]][%[[A]], %[[B]]] {nontemporal = true} : memref<16x64xf32>
// CHECK:         memref.load %[[M]][%[[I]], %[[J]]] : memref<16x64xf32>
// CHECK-NOT:     memref.subview
func.func @constants(%m: memref<16x64xf32>, %i: index, %j: index, %o: index) -> (f32, f32) {
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[5, %o] [4, 8] [1, %c4] : memref<16x64xf32> to memref<4x8xf32, strided<[64, ?], offset: ?>>
  %1 = memref.load %0[%i, %j] {nontemporal = true} : memref<4x8xf32, strided<[64, ?], offset: ?>>
  %2 = memref.subview %m[0, 0] [4, 8] [1, 1] : memref<16x64xf32> to memref<4x8xf32, strided<[64, 1]>>
  %3 = memref.load %2[%i, %j] : memref<4x8xf32, strided<[64, 1]>>
  return %1, %3 : f32, f32
}

// -----

// The same value as offset and index is one operand.
// CHECK: #[[$MAP:.*]] = affine_map<()[s0] -> (s0 * 3)>
// CHECK-LABEL: func.func @same_operand(
// CHECK:         %[[A:.*]] = affine.apply #[[$MAP]]()[%arg1]
// CHECK:         memref.store %arg2, %arg0[%[[A]]] : memref<64xf32>
func.func @same_operand(%m: memref<64xf32>, %i: index, %x: f32) {
  %0 = memref.subview %m[%i] [8] [2] : memref<64xf32> to memref<8xf32, strided<[2], offset: ?>>
  memref.store %x, %0[%i] : memref<8xf32, strided<[2], offset: ?>>
  return
}

// -----

// Transfers need a unit-stride subview and in-bounds dims; an n-d vector
// load needs unit strides in the dims it spans. These stay.
// CHECK-LABEL: func.func @not_folded(
// CHECK-COUNT-3: memref.subview
func.func @not_folded(%m: memref<16x64xf32>, %i: index) -> (vector<4xf32>, vector<4xf32>, vector<2x4xf32>) {
  %pad = arith.constant 0.0 : f32
  %0 = memref.subview %m[0, 0] [8, 8] [2, 2] : memref<16x64xf32> to memref<8x8xf32, strided<[128, 2]>>
  %1 = vector.transfer_read %0[%i, %i], %pad {in_bounds = [true]} : memref<8x8xf32, strided<[128, 2]>>, vector<4xf32>
  %2 = memref.subview %m[0, 0] [8, 8] [1, 1] : memref<16x64xf32> to memref<8x8xf32, strided<[64, 1]>>
  %3 = vector.transfer_read %2[%i, %i], %pad : memref<8x8xf32, strided<[64, 1]>>, vector<4xf32>
  %4 = memref.subview %m[0, 0] [8, 8] [2, 1] : memref<16x64xf32> to memref<8x8xf32, strided<[128, 1]>>
  %5 = vector.load %4[%i, %i] : memref<8x8xf32, strided<[128, 1]>>, vector<2x4xf32>
  return %1, %3, %5 : vector<4xf32>, vector<4xf32>, vector<2x4xf32>
}

// -----

// Masked accesses, a masked transfer with a transposing map over a
// rank-reducing subview, and gpu matrix loads fold too.
// CHECK-DAG: #[[$PERM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @masked(
// CHECK:         vector.maskedload %arg0[%{{.*}}, %arg1, %{{.*}}], %arg2, %arg3 : memref<8x8x8xf32>
// CHECK:         vector.maskedstore %arg0[%{{.*}}, %arg1, %{{.*}}], %arg2, %arg3 : memref<8x8x8xf32>
// CHECK:         vector.transfer_read %arg0[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %arg4 {in_bounds = [true, true], permutation_map = #[[$PERM]]} : memref<8x8x8xf32>, vector<4x2xf32>
// CHECK:         gpu.subgroup_mma_load_matrix %arg5[%{{.*}}] {leadDimension = 16 : index} : memref<256xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
func.func @masked(%m: memref<8x8x8xf32>, %i: index, %mask: vector<4xi1>, %pass: vector<4xf32>, %mask2: vector<2x4xi1>, %h: memref<256xf16>)
    -> (vector<4xf32>, vector<4x2xf32>, !gpu.mma_matrix<16x16xf16, "AOp">) {
  %pad = arith.constant 0.0 : f32
  %0 = memref.subview %m[1, %i, 2] [4, 1, 4] [1, 1, 1] : memref<8x8x8xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
  %1 = vector.maskedload %0[%i, %i], %mask, %pass : memref<4x4xf32, strided<[64, 1], offset: ?>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %0[%i, %i], %mask, %pass : memref<4x4xf32, strided<[64, 1], offset: ?>>, vector<4xi1>, vector<4xf32>
  %2 = vector.transfer_read %0[%i, %i], %pad, %mask2 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, true]} : memref<4x4xf32, strided<[64, 1], offset: ?>>, vector<4x2xf32>
  %3 = memref.subview %h[%i] [128] [1] : memref<256xf16> to memref<128xf16, strided<[1], offset: ?>>
  %4 = gpu.subgroup_mma_load_matrix %3[%i] {leadDimension = 16 : index} : memref<128xf16, strided<[1], offset: ?>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return %1, %2, %4 : vector<4xf32>, vector<4x2xf32>, !gpu.mma_matrix<16x16xf16, "AOp">
}
