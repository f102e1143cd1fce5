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

// -----

// Constant extents become static dimensions and a cast restores the type;
// a negative constant is no size and stays an operand (MLIR's
// StaticTensorGenerate).
// CHECK-LABEL: func.func @generate_static_extents
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[M:.*]] = arith.constant -1 : index
// CHECK: %[[G:.*]] = tensor.generate %[[N]] {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: tensor.yield %[[I]] : index
// CHECK-NEXT: } : tensor<3x?xindex>
// CHECK: %[[C:.*]] = tensor.cast %[[G]] : tensor<3x?xindex> to tensor<?x?xindex>
// CHECK: %[[H:.*]] = tensor.generate %[[M]] {
// CHECK: } : tensor<?xindex>
// CHECK: return %[[C]], %[[H]]
func.func @generate_static_extents(%n: index) -> (tensor<?x?xindex>, tensor<?xindex>) {
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %g = tensor.generate %c3, %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %i : index
  } : tensor<?x?xindex>
  %h = tensor.generate %m1 {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %g, %h : tensor<?x?xindex>, tensor<?xindex>
}

// -----

// An element of a generate without effects is its body at the indices
// (MLIR's ExtractFromTensorGenerate); the generate then goes.
// CHECK-LABEL: func.func @extract_from_generate
// CHECK-SAME: (%[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: tensor.
// CHECK: %[[S:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK: %[[M:.*]] = arith.muli %[[S]], %[[N]] : index
// CHECK: return %[[M]]
func.func @extract_from_generate(%n: index, %i: index, %j: index) -> index {
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    %m = arith.muli %s, %n : index
    tensor.yield %m : index
  } : tensor<?x4xindex>
  %e = tensor.extract %g[%i, %j] : tensor<?x4xindex>
  return %e : index
}

// -----

// A body that writes memory stays; so does the extract.
// CHECK-LABEL: func.func @extract_from_generate_with_effects
// CHECK: %[[G:.*]] = tensor.generate
// CHECK: memref.store
// CHECK: tensor.extract %[[G]]
func.func @extract_from_generate_with_effects(%n: index, %i: index, %buf: memref<4xindex>) -> index {
  %g = tensor.generate %n {
  ^bb0(%a: index):
    memref.store %a, %buf[%a] : memref<4xindex>
    tensor.yield %a : index
  } : tensor<?xindex>
  %e = tensor.extract %g[%i] : tensor<?xindex>
  return %e : index
}

// -----

// The size of a dynamic dimension is its extent operand.
// CHECK-LABEL: func.func @dim_of_generate
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: return %[[N]]
func.func @dim_of_generate(%m: index, %n: index) -> index {
  %c2 = arith.constant 2 : index
  %g = tensor.generate %m, %n {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %a : index
  } : tensor<?x3x?xindex>
  %d = tensor.dim %g, %c2 : tensor<?x3x?xindex>
  return %d : index
}
