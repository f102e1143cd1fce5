// RUN: kiln opt %s --split-input-file --bubble-down-memory-space-casts | FileCheck %s

// Accesses through a cast to the default memory space use the source.
// CHECK-LABEL: func @accesses(
//  CHECK-SAME:     %[[M:[a-z0-9]+]]: memref<?xf32, 3>, %[[I:[a-z0-9]+]]: index
//   CHECK-NOT:   memref.memory_space_cast
//       CHECK:   %[[L:.*]] = memref.load %[[M]][%[[I]]] : memref<?xf32, 3>
//       CHECK:   memref.store %[[L]], %[[M]][%[[I]]] : memref<?xf32, 3>
//       CHECK:   memref.atomic_rmw addf %[[L]], %[[M]][%[[I]]] : (f32, memref<?xf32, 3>) -> f32
//       CHECK:   %[[V:.*]] = vector.transfer_read %[[M]][%[[I]]], %{{.*}} : memref<?xf32, 3>, vector<4xf32>
//       CHECK:   vector.store %[[V]], %[[M]][%[[I]]] : memref<?xf32, 3>, vector<4xf32>
func.func @accesses(%m: memref<?xf32, 3>, %i: index) -> f32 {
  %g = memref.memory_space_cast %m : memref<?xf32, 3> to memref<?xf32>
  %l = memref.load %g[%i] : memref<?xf32>
  memref.store %l, %g[%i] : memref<?xf32>
  %r = memref.atomic_rmw addf %l, %g[%i] : (f32, memref<?xf32>) -> f32
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %g[%i], %pad : memref<?xf32>, vector<4xf32>
  vector.store %v, %g[%i] : memref<?xf32>, vector<4xf32>
  return %r : f32
}

// -----

// A cast to another non-default space is not promoted.
// CHECK-LABEL: func @other_space(
//       CHECK:   %[[C:.*]] = memref.memory_space_cast %{{.*}} : memref<4xf32, 1> to memref<4xf32, 2>
//       CHECK:   memref.load %[[C]]
func.func @other_space(%m: memref<4xf32, 1>, %i: index) -> f32 {
  %g = memref.memory_space_cast %m : memref<4xf32, 1> to memref<4xf32, 2>
  %l = memref.load %g[%i] : memref<4xf32, 2>
  return %l : f32
}

// -----

// Views and casts are made in the source space and their results cast;
// the chain moves down to the load, and the casts nothing uses go.
// CHECK-LABEL: func @views(
//  CHECK-SAME:     %[[M:[a-z0-9]+]]: memref<2x4xf32, 3>, %[[U:[a-z0-9]+]]: memref<*xf32, 3>
//       CHECK:   %[[A:.*]] = memref.assume_alignment %[[M]], 16 : memref<2x4xf32, 3>
//       CHECK:   %[[F:.*]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<2x4xf32, 3> into memref<8xf32, 3>
//       CHECK:   %[[FC:.*]] = memref.memory_space_cast %[[F]] : memref<8xf32, 3> to memref<8xf32>
//       CHECK:   %[[L:.*]] = memref.load %[[F]][%{{.*}}] : memref<8xf32, 3>
//       CHECK:   %[[R:.*]] = memref.cast %[[U]] : memref<*xf32, 3> to memref<8xf32, 3>
//       CHECK:   %[[RC:.*]] = memref.memory_space_cast %[[R]] : memref<8xf32, 3> to memref<8xf32>
//       CHECK:   return %[[FC]], %[[RC]], %[[L]]
func.func @views(%m: memref<2x4xf32, 3>, %u: memref<*xf32, 3>, %i: index) -> (memref<8xf32>, memref<8xf32>, f32) {
  %g = memref.memory_space_cast %m : memref<2x4xf32, 3> to memref<2x4xf32>
  %a = memref.assume_alignment %g, 16 : memref<2x4xf32>
  %f = memref.collapse_shape %a [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  %l = memref.load %f[%i] : memref<8xf32>
  %gu = memref.memory_space_cast %u : memref<*xf32, 3> to memref<*xf32>
  %r = memref.cast %gu : memref<*xf32> to memref<8xf32>
  return %f, %r, %l : memref<8xf32>, memref<8xf32>, f32
}
