// RUN: kiln opt %s --fold-memref-alias-ops --split-input-file | FileCheck %s

// Each group of an expand_shape's indices is linearized over the group's
// output sizes, disjoint for memref.load and memref.store (their indices
// are in bounds), not for vector accesses; a unit group keeps its index.
// CHECK-LABEL: func.func @expand(
// CHECK-SAME:    %[[M:.*]]: memref<12x32xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index, %[[N:.*]]: index, %[[V:.*]]: vector<4xf32>)
// CHECK:         %[[L:.*]] = affine.linearize_index disjoint [%[[I]], %[[J]]] by (2, 6) : index
// CHECK:         memref.load %[[M]][%[[L]], %[[K]]] {nontemporal = true} : memref<12x32xf32>
// CHECK:         %[[S:.*]] = affine.linearize_index disjoint [%[[I]], %[[J]]] by (2, 6) : index
// CHECK:         memref.store %{{.*}}, %[[M]][%[[S]], %[[K]]] : memref<12x32xf32>
// CHECK:         %[[W:.*]] = affine.linearize_index [%[[J]], %[[I]]] by (2, 6) : index
// CHECK:         vector.store %[[V]], %[[M]][%[[W]], %[[K]]] : memref<12x32xf32>, vector<4xf32>
// CHECK-NOT:     memref.expand_shape
func.func @expand(%m: memref<12x32xf32>, %i: index, %j: index, %k: index, %n: index, %v: vector<4xf32>) -> f32 {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 6, 32] : memref<12x32xf32> into memref<2x6x32xf32>
  %1 = memref.load %0[%i, %j, %k] {nontemporal = true} : memref<2x6x32xf32>
  memref.store %1, %0[%i, %j, %k] : memref<2x6x32xf32>
  vector.store %v, %0[%j, %i, %k] : memref<2x6x32xf32>, vector<4xf32>
  return %1 : f32
}

// -----

// A dynamic output size is a basis operand.
// CHECK-LABEL: func.func @expand_dynamic(
// CHECK-SAME:    %[[M:.*]]: memref<16x?xf32, strided<[16, 1]>>, %[[I:.*]]: index, %[[J:.*]]: index, %[[N:.*]]: index)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[A:.*]] = affine.linearize_index disjoint [%[[C0]], %[[I]]] by (1, 16) : index
// CHECK:         %[[B:.*]] = affine.linearize_index disjoint [%[[J]], %[[C0]]] by (%[[N]], 1) : index
// CHECK:         memref.load %[[M]][%[[A]], %[[B]]] : memref<16x?xf32, strided<[16, 1]>>
func.func @expand_dynamic(%m: memref<16x?xf32, strided<[16, 1]>>, %i: index, %j: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 16, %n, 1] : memref<16x?xf32, strided<[16, 1]>> into memref<1x16x?x1xf32, strided<[256, 16, 1, 1]>>
  %1 = memref.load %0[%c0, %i, %j, %c0] : memref<1x16x?x1xf32, strided<[256, 16, 1, 1]>>
  return %1 : f32
}

// -----

// A transfer_read with a minor identity map gets the minor identity of
// the source; a transposing one stays, so does one that may read out of
// bounds (past an expanded group's inner dim it reads padding, in the
// source the next row), and so does a 2-d vector whose rows are a dim of
// an expanded group (the fold would change their stride).
// CHECK-LABEL: func.func @expand_transfer(
// CHECK:         %[[E:.*]] = memref.expand_shape
// CHECK:         %[[L:.*]] = affine.linearize_index [%arg1, %arg2] by (4, 8) : index
// CHECK:         vector.transfer_read %arg0[%[[L]], %arg3], %{{.*}} {in_bounds = [true]} : memref<32x8xf32>, vector<8xf32>
// CHECK:         vector.transfer_read %[[E]]
// CHECK:         vector.transfer_read %[[E]]
// CHECK:         vector.load %[[E]]
func.func @expand_transfer(%m: memref<32x8xf32>, %i: index, %j: index, %k: index) -> (vector<8xf32>, vector<8x8xf32>, vector<2x8xf32>, vector<8xf32>) {
  %pad = arith.constant 0.0 : f32
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [4, 8, 8] : memref<32x8xf32> into memref<4x8x8xf32>
  %1 = vector.transfer_read %0[%i, %j, %k], %pad {in_bounds = [true]} : memref<4x8x8xf32>, vector<8xf32>
  %2 = vector.transfer_read %0[%i, %j, %k], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : memref<4x8x8xf32>, vector<8x8xf32>
  %4 = vector.transfer_read %0[%i, %j, %k], %pad : memref<4x8x8xf32>, vector<8xf32>
  %3 = vector.load %0[%i, %j, %k] : memref<4x8x8xf32>, vector<2x8xf32>
  return %1, %2, %3, %4 : vector<8xf32>, vector<8x8xf32>, vector<2x8xf32>, vector<8xf32>
}

// -----

// Each index of a collapse_shape is delinearized over its group's source
// sizes, the dynamic ones read with extract_strided_metadata. Vector
// accesses' indices need not be in bounds, so their outer size is left out.
// CHECK-LABEL: func.func @collapse(
// CHECK-SAME:    %[[M:.*]]: memref<?x6x32xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: vector<4xf32>)
// CHECK:         %{{.*}}, %{{.*}}, %[[SIZES:.*]]:3, %{{.*}}:3 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[D:.*]]:2 = affine.delinearize_index %[[I]] into (%[[SIZES]]#0, 6) : index, index
// CHECK:         memref.load %[[M]][%[[D]]#0, %[[D]]#1, %[[J]]] : memref<?x6x32xf32>
// CHECK-NOT:     extract_strided_metadata
// CHECK:         %[[E:.*]]:2 = affine.delinearize_index %[[J]] into (6) : index, index
// CHECK:         vector.maskedstore %[[M]][%[[E]]#0, %[[E]]#1, %[[I]]]
// CHECK-NOT:     memref.collapse_shape
func.func @collapse(%m: memref<?x6x32xf32>, %i: index, %j: index, %v: vector<4xf32>) -> f32 {
  %mask = vector.constant_mask [2] : vector<4xi1>
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<?x6x32xf32> into memref<?x32xf32>
  %1 = memref.load %0[%i, %j] : memref<?x32xf32>
  vector.maskedstore %0[%j, %i], %mask, %v : memref<?x32xf32>, vector<4xi1>, vector<4xf32>
  return %1 : f32
}

// -----

// A collapse to rank 0 accesses the source at zeros; static sizes need no
// metadata. A vector spanning a collapsed group could run past the end of
// its inner dim in the source, and transfers do not fold through a
// collapse_shape: these stay.
// CHECK-LABEL: func.func @collapse_static(
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         memref.load %arg0[%[[C0]], %[[C0]]] : memref<1x1xf32>
// CHECK-NOT:     extract_strided_metadata
// CHECK:         %[[C:.*]] = memref.collapse_shape %arg1
// CHECK:         %[[D:.*]]:2 = affine.delinearize_index %arg2 into (2, 6) : index, index
// CHECK:         memref.load %arg1[%[[D]]#0, %[[D]]#1] : memref<2x6xf32>
// CHECK:         vector.load %[[C]][%arg2] : memref<12xf32>, vector<4xf32>
// CHECK:         vector.transfer_read %[[C]][%arg2]
func.func @collapse_static(%m: memref<1x1xf32>, %n: memref<2x6xf32>, %i: index) -> (f32, vector<4xf32>, vector<4xf32>) {
  %pad = arith.constant 0.0 : f32
  %0 = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  %1 = memref.load %0[] : memref<f32>
  %2 = memref.collapse_shape %n [[0, 1]] : memref<2x6xf32> into memref<12xf32>
  %5 = memref.load %2[%i] : memref<12xf32>
  %3 = vector.load %2[%i] : memref<12xf32>, vector<4xf32>
  %4 = vector.transfer_read %2[%i], %pad {in_bounds = [true]} : memref<12xf32>, vector<4xf32>
  %6 = arith.addf %1, %5 : f32
  return %6, %3, %4 : f32, vector<4xf32>, vector<4xf32>
}

// -----

// The mma matrix accesses fold an expand_shape too (llvm-project PR
// 190380); their indices are in bounds, so the linearization is disjoint.
// CHECK-LABEL: func.func @expand_mma(
// CHECK-SAME:    %[[M:.*]]: memref<512xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK:         %[[L:.*]] = affine.linearize_index disjoint [%[[I]], %[[J]]] by (16, 32) : index
// CHECK:         %[[A:.*]] = gpu.subgroup_mma_load_matrix %[[M]][%[[L]]] {leadDimension = 32 : index} : memref<512xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
// CHECK:         %[[S:.*]] = affine.linearize_index disjoint [%[[J]], %[[I]]] by (16, 32) : index
// CHECK:         gpu.subgroup_mma_store_matrix %[[A]], %[[M]][%[[S]]] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<512xf16>
// CHECK-NOT:     memref.expand_shape
func.func @expand_mma(%m: memref<512xf16>, %i: index, %j: index) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [16, 32] : memref<512xf16> into memref<16x32xf16>
  %a = gpu.subgroup_mma_load_matrix %0[%i, %j] {leadDimension = 32 : index} : memref<16x32xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
  gpu.subgroup_mma_store_matrix %a, %0[%j, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x32xf16>
  return
}
