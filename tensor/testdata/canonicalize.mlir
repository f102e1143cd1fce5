// RUN: kiln opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[T]], %[[C0]] : tensor<?x4xf32>
// CHECK: return %[[C4]], %[[N]], %[[D]]
func.func @dims(%t: tensor<?x4xf32>, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.dim %t, %c1 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %b = tensor.dim %e, %c0 : tensor<?x4xf32>
  %u = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  %c = tensor.dim %u, %c0 : tensor<*xf32>
  return %a, %b, %c : index, index, index
}

// -----

// CHECK-LABEL: func.func @dim_of_forall
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<1xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?xf32>
// CHECK: return %[[D]]
func.func @dim_of_forall(%t: tensor<?xf32>, %s: tensor<1xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[T:.*]]: tensor<4xf32>)
// CHECK: %[[A:.*]] = tensor.cast %[[T]] : tensor<4xf32> to tensor<*xf32>
// CHECK: return %[[T]], %[[A]]
func.func @casts(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<*xf32>) {
  %a = tensor.cast %t : tensor<4xf32> to tensor<4xf32>
  %b = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %c = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  return %a, %c : tensor<4xf32>, tensor<*xf32>
}

// -----

// A chain through a more static type than both ends is kept: it asserts
// the size.
// CHECK-LABEL: func.func @cast_chain_kept
// CHECK: tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>
// CHECK: tensor.cast %{{.*}} : tensor<4xf32> to tensor<?xf32>
func.func @cast_chain_kept(%t: tensor<?xf32>) -> tensor<?xf32> {
  %a = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %b = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @extract_constant
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: return %[[C5]], %[[C7]]
func.func @extract_constant() -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[[1, 2], [5, 6]]> : tensor<2x2xi32>
  %s = arith.constant dense<7> : tensor<3xi32>
  %a = tensor.extract %t[%c1, %c0] : tensor<2x2xi32>
  %b = tensor.extract %s[%c1] : tensor<3xi32>
  return %a, %b : i32, i32
}

// -----

// CHECK-LABEL: func.func @identity_slices
// CHECK-SAME: (%[[T:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<4x8xf32>)
// CHECK-NOT: tensor.
// CHECK: return %[[T]], %[[S]]
func.func @identity_slices(%t: tensor<4x8xf32>, %s: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> to tensor<4x8xf32>
  %b = tensor.insert_slice %s into %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_roundtrip
// CHECK-SAME: (%[[T:.*]]: tensor<2x3xf32>)
// CHECK-NOT: tensor.
// CHECK: return %[[T]]
func.func @reshape_roundtrip(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}

// -----

// The rank of a ranked tensor is a constant; an unranked one's is not.
// The result is named as in MLIR (getAsmResultNames).
// CHECK-LABEL: func.func @rank
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf32>, %[[U:.*]]: tensor<*xf32>)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[R:rank]] = tensor.rank %[[U]] : tensor<*xf32>
// CHECK: return %[[C2]], %[[R]]
func.func @rank(%t: tensor<?x4xf32>, %u: tensor<*xf32>) -> (index, index) {
  %a = tensor.rank %t : tensor<?x4xf32>
  %b = tensor.rank %u : tensor<*xf32>
  return %a, %b : index, index
}
