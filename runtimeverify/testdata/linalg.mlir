// RUN: kiln opt %s --generate-runtime-verification --split-input-file | FileCheck %s

// A structured op takes each loop's size from the first operand dimension
// its maps index by that loop alone; each operand's indices over the loop
// ranges must be non-negative and reach its size exactly (a plain loop
// dimension) or stay within it (any other expression).
#tr = affine_map<(d0, d1) -> (d1, d0)>
#sh = affine_map<(d0, d1) -> (d0 + 1, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @generic(
//  CHECK-SAME:     %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x4xf32>
//       CHECK:   %[[A0:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf32>
//       CHECK:   %[[A1:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf32>
//       CHECK:   memref.dim %[[B]]
//       CHECK:   memref.dim %[[B]]
//       CHECK:   memref.dim %[[C]]
//       CHECK:   %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK:   %[[ONE:.*]] = arith.constant 1 : index
//       CHECK:   %[[END0:.*]] = index.sub %[[A1]], %[[ONE]]
//       CHECK:   %[[END1:.*]] = index.sub %[[A0]], %[[ONE]]
//       CHECK:   %[[S:.*]] = arith.constant 0 : index
//       CHECK:   %[[MIN:.*]] = index.mins %[[S]], %[[END1]]
//       CHECK:   %[[NONNEG:.*]] = index.cmp sge(%[[MIN]], %[[ZERO]])
//       CHECK:   cf.assert %[[NONNEG]], "ERROR: Runtime op verification failed\0A\22linalg.generic\22(%arg0, %arg1, %arg2) <{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0 + 1, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({...}) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x4xf32>) -> ()\0A^ unexpected negative result on dimension #0 of input/output operand #0\0ALocation: loc(
//       CHECK:   %[[MAX:.*]] = index.maxs %[[S]], %[[END1]]
//       CHECK:   %[[SIZE:.*]] = index.add %[[MAX]], %[[ONE]]
//       CHECK:   %[[D:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf32>
//       CHECK:   %[[EQ:.*]] = index.cmp eq(%[[SIZE]], %[[D]])
//       CHECK:   cf.assert %[[EQ]], "{{.*}}\0A^ dimension #0 of input/output operand #0 is incompatible with inferred dimension size
//       CHECK:   cf.assert %{{.*}} dimension #1 of input/output operand #0 is incompatible
//       CHECK:   %[[LAST:.*]] = affine.apply #{{.*}}()[%[[END0]]]
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   index.mins %[[C1]], %[[LAST]]
//       CHECK:   cf.assert %{{.*}} unexpected negative result on dimension #0 of input/output operand #1
//       CHECK:   index.maxs %[[C1]], %[[LAST]]
//       CHECK:   %[[DB:.*]] = memref.dim %[[B]]
//       CHECK:   index.cmp sle(%{{.*}}, %[[DB]])
//       CHECK:   cf.assert %{{.*}} dimension #0 of input/output operand #1 is incompatible
//       CHECK:   cf.assert %{{.*}} dimension #1 of input/output operand #1 is incompatible
//       CHECK:   cf.assert %{{.*}} dimension #0 of input/output operand #2 is incompatible
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   index.cmp eq(%{{.*}}, %[[C4]])
//       CHECK:   cf.assert %{{.*}} dimension #1 of input/output operand #2 is incompatible
//  CHECK-NEXT:   linalg.generic
func.func @generic(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x4xf32>) {
  linalg.generic {indexing_maps = [#tr, #sh, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Static sizes fold to true conditions; the scalar input has no dimension.
// CHECK-LABEL: func.func @fill(
//       CHECK:   %[[T0:.*]] = index.bool.constant true
//       CHECK:   cf.assert %[[T0]], "{{.*}}\0A^ unexpected negative result on dimension #0 of input/output operand #1
//       CHECK:   %[[T1:.*]] = index.bool.constant true
//       CHECK:   cf.assert %[[T1]], "{{.*}}\0A^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
//   CHECK-NOT:   operand #0
//       CHECK:   linalg.fill
func.func @fill(%m: memref<3xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<3xf32>)
  return
}

// -----

// Nothing to check on rank-0 operands.
// CHECK-LABEL: func.func @scalars(
//   CHECK-NOT:   cf.assert
//       CHECK:   linalg.generic
func.func @scalars(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : tensor<f32>) outs(%b : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
