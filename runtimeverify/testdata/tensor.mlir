// RUN: kiln opt %s --generate-runtime-verification --split-input-file | FileCheck %s

// Element accesses check each index against its dimension.
// CHECK-LABEL: func.func @access(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x4xf32>, %[[I:.*]]: index, %[[V:.*]]: f32
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf32>
//       CHECK:   arith.cmpi sge, %[[I]], %[[C0]] : index
//       CHECK:   arith.cmpi slt, %[[I]], %[[D]] : index
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   arith.cmpi slt, %[[I]], %[[C4]] : index
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = \22tensor.extract\22(%arg0, %arg1, %arg1) : (tensor<?x4xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(
//  CHECK-NEXT:   tensor.extract
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%1 = \22tensor.insert\22(%arg2, %arg0, %arg1, %arg1) : (f32, tensor<?x4xf32>, index, index) -> tensor<?x4xf32>\0A^ out-of-bounds access
//  CHECK-NEXT:   tensor.insert
func.func @access(%t: tensor<?x4xf32>, %i: index, %v: f32) -> (f32, tensor<?x4xf32>) {
  %0 = tensor.extract %t[%i, %i] : tensor<?x4xf32>
  %1 = tensor.insert %v into %t[%i, %i] : tensor<?x4xf32>
  return %0, %1 : f32, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @dim(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x4xf32>, %[[I:.*]]: index
//       CHECK:   %[[R:.*]] = tensor.rank %[[T]] : tensor<?x4xf32>
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   arith.cmpi sge, %[[I]], %[[C0]] : index
//       CHECK:   arith.cmpi slt, %[[I]], %[[R]] : index
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ index is out of bounds
func.func @dim(%t: tensor<?x4xf32>, %i: index) -> index {
  %0 = tensor.dim %t, %i : tensor<?x4xf32>
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @cast(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x4xf32>, %[[U:.*]]: tensor<*xf32>
//       CHECK:   %[[D:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf32>
//       CHECK:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   arith.cmpi eq, %[[D]], %[[C2]] : index
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = \22tensor.cast\22(%arg0) : (tensor<?x4xf32>) -> tensor<2x4xf32>\0A^ size mismatch of dim 0
//       CHECK:   %[[R:.*]] = tensor.rank %[[U]] : tensor<*xf32>
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   arith.cmpi eq, %[[R]], %[[C1]] : index
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ rank mismatch
//       CHECK:   tensor.dim %[[U]]
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ size mismatch of dim 0
//   CHECK-NOT:   cf.assert
//       CHECK:   return
func.func @cast(%t: tensor<?x4xf32>, %u: tensor<*xf32>) -> (tensor<2x4xf32>, tensor<3xf32>, tensor<*xf32>) {
  %0 = tensor.cast %t : tensor<?x4xf32> to tensor<2x4xf32>
  %1 = tensor.cast %u : tensor<*xf32> to tensor<3xf32>
  %2 = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<3xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @extract_slice(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x4xf32>, %[[O:.*]]: index, %[[S:.*]]: index
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[D:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf32>
//       CHECK:   %[[EMPTY:.*]] = arith.cmpi eq, %[[S]], %[[C0]] : index
//       CHECK:   scf.if %[[EMPTY]] -> (i1) {
//       CHECK:     arith.cmpi sle, %[[O]], %[[D]] : index
//       CHECK:   } else {
//       CHECK:     arith.cmpi slt, %[[O]], %[[D]] : index
//       CHECK:   }
//       CHECK:   cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = \22tensor.extract_slice\22(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: -9223372036854775808, 2>, static_strides = array<i64: 1, 1>}> : (tensor<?x4xf32>, index, index) -> tensor<?x2xf32>\0A^ offset 0 is out-of-bounds
//       CHECK:   arith.cmpi sgt, %[[S]], %[[C0]] : index
//       CHECK:   scf.if
//       CHECK:     arith.subi %[[S]], %[[C1]] : index
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ extract_slice runs out-of-bounds along dimension 0
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ offset 1 is out-of-bounds
//       CHECK:   cf.assert %{{.*}}, "{{.*}}\0A^ extract_slice runs out-of-bounds along dimension 1
//  CHECK-NEXT:   tensor.extract_slice
func.func @extract_slice(%t: tensor<?x4xf32>, %o: index, %s: index) -> tensor<?x2xf32> {
  %0 = tensor.extract_slice %t[%o, 1] [%s, 2] [1, 1] : tensor<?x4xf32> to tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
