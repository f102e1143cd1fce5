// RUN: kiln opt %s --resolve-ranked-shaped-type-result-dims --split-input-file | FileCheck %s
// RUN: kiln opt %s --resolve-shaped-type-result-dims --split-input-file | FileCheck %s
// RUN: not kiln opt %s --resolve-shaped-type-result-dims=error-on-pattern-iteration-limit=yes 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: for the --error-on-pattern-iteration-limit option: 'yes' is invalid value for boolean argument! Try 0 or 1

// The dims of a result become the sizes its op was built from.
// CHECK-LABEL: func.func @reified(
// CHECK-SAME:    %[[N:[a-z0-9]*]]: index, %[[M:[a-z0-9]*]]: index, %[[T:[a-z0-9]*]]: tensor<?x8xf32>, %[[X:[a-z0-9]*]]: f32)
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:     tensor.dim
// CHECK:         return %[[N]], %[[C8]], %[[M]], %[[N]], %[[M]]
func.func @reified(%n: index, %m: index, %t: tensor<?x8xf32>, %x: f32) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %d0 = tensor.dim %e, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %e, %c1 : tensor<?x8xf32>
  %s = tensor.extract_slice %t[0, 0] [%m, 4] [1, 1] : tensor<?x8xf32> to tensor<?x4xf32>
  %d2 = tensor.dim %s, %c0 : tensor<?x4xf32>
  %p = tensor.splat %x[%n] : tensor<?xf32>
  %d3 = tensor.dim %p, %c0 : tensor<?xf32>
  %x2 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%m, 2, 8] : tensor<?x8xf32> into tensor<?x2x8xf32>
  %d4 = tensor.dim %x2, %c0 : tensor<?x2x8xf32>
  return %d0, %d1, %d2, %d3, %d4 : index, index, index, index, index
}

// -----

// Left: a dim past the rank, a dynamic index, an op that does not reify.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-3: tensor.dim
func.func @kept(%n: index, %i: index, %t: tensor<?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %d0 = tensor.dim %e, %c3 : tensor<?xf32>
  %d1 = tensor.dim %e, %i : tensor<?xf32>
  %c = tensor.cast %t : tensor<?xf32> to tensor<?xf32>
  %d2 = tensor.dim %c, %c0 : tensor<?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// A rank-reducing slice: the dims it drops (unit sizes) are skipped, so each result dim resolves to its own size; a unit size
// that the result keeps as a static 1 stays.
// CHECK-LABEL: func.func @rank_reducing_slice(
// CHECK-SAME:    %[[T:[a-z0-9]*]]: tensor<?x?x?x?xf32>, %[[N:[a-z0-9]*]]: index, %[[M:[a-z0-9]*]]: index)
// CHECK-NOT:     tensor.dim
// CHECK:         return %[[N]], %[[M]], %[[N]]
func.func @rank_reducing_slice(%t: tensor<?x?x?x?xf32>, %n: index, %m: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[0, 0, 0, 0] [1, %n, 1, %m] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<?x?xf32>
  %d0 = tensor.dim %s, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %s, %c1 : tensor<?x?xf32>
  %k = tensor.extract_slice %t[0, 0, 0, 0] [1, 1, %n, 1] [1, 1, 1, 1] : tensor<?x?x?x?xf32> to tensor<1x?xf32>
  %d2 = tensor.dim %k, %c1 : tensor<1x?xf32>
  return %d0, %d1, %d2 : index, index, index
}
