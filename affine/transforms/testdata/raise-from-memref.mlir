// RUN: kiln opt -allow-unregistered-dialect %s -affine-raise-from-memref | FileCheck %s

// memref.load and memref.store whose indices are affine in loop induction
// variables (dims) and function arguments (symbols) become affine ops with
// that map; a product of two induction variables, an iter_arg and an
// opaque value keep theirs.
// CHECK-LABEL: func.func @raise
// CHECK-SAME:    (%[[M:.*]]: memref<64x64xf32>, %[[N:.*]]: index)
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 iter_args(%[[A:.*]] = %{{.*}}) -> (index) {
// CHECK:             %[[V:.*]] = affine.load %[[M]][%[[I]] * 3 + %[[J]], symbol(%[[N]]) * 2 + 5] : memref<64x64xf32>
// CHECK:             affine.store %[[V]], %[[M]][%[[J]], %[[I]] * symbol(%[[N]])] : memref<64x64xf32>
// CHECK:             memref.store %[[V]], %[[M]][%{{.*}}, %[[J]]] : memref<64x64xf32>
// CHECK:             memref.store %[[V]], %[[M]][%[[A]], %[[J]]] : memref<64x64xf32>
// CHECK:             memref.store %[[V]], %[[M]][%{{.*}}, %[[J]]] : memref<64x64xf32>
func.func @raise(%m: memref<64x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 8 {
    %r = affine.for %j = 0 to 8 iter_args(%a = %c0) -> index {
      %i3 = arith.muli %i, %c3 : index
      %row = arith.addi %i3, %j : index
      %n2 = arith.muli %c2, %n : index
      %col = arith.addi %n2, %c5 : index
      %v = memref.load %m[%row, %col] : memref<64x64xf32>
      %in = arith.muli %i, %n : index
      memref.store %v, %m[%j, %in] : memref<64x64xf32>
      %ij = arith.muli %i, %j : index
      memref.store %v, %m[%ij, %j] : memref<64x64xf32>
      memref.store %v, %m[%a, %j] : memref<64x64xf32>
      %o = "opaque"() : () -> index
      memref.store %v, %m[%o, %j] : memref<64x64xf32>
      %b = arith.addi %a, %c2 : index
      affine.yield %b : index
    }
  }
  return
}
