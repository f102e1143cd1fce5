// RUN: kiln opt %s --split-input-file '--convert-vector-to-scf=lower-scalable' | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-vector-to-scf | FileCheck %s --check-prefix=DEFAULT

// A write of a [1, 0] transpose to vector<[4]x4xf32> loops over the
// scalable dimension, gathering each 4-element row from the transpose's
// source (only with lower-scalable).
// CHECK-LABEL: func.func @transpose_store(
// CHECK-SAME:    %[[VEC:.*]]: vector<4x[4]xf32>, %[[DEST:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[S0:.*]] = vector.extract %[[VEC]][0] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK:         %[[S3:.*]] = vector.extract %[[VEC]][3] : vector<[4]xf32> from vector<4x[4]xf32>
// CHECK:         %[[VS:.*]] = vector.vscale
// CHECK:         %[[UB:.*]] = arith.muli %[[VS]], %[[C4]] : index
// CHECK:         scf.for %[[K:.*]] = %[[C0]] to %[[UB]] step %[[C1]] {
// CHECK:           %[[ROW:.*]] = affine.apply #{{.*}}(%[[K]])[%[[I]]]
// CHECK:           %[[E0:.*]] = vector.extract %[[S0]][%[[K]]] : f32 from vector<[4]xf32>
// CHECK:           %[[E3:.*]] = vector.extract %[[S3]][%[[K]]] : f32 from vector<[4]xf32>
// CHECK:           %[[SLICE:.*]] = vector.from_elements %[[E0]], %{{.*}}, %{{.*}}, %[[E3]] : vector<4xf32>
// CHECK:           vector.transfer_write %[[SLICE]], %[[DEST]][%[[ROW]], %[[J]]] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK:         }
// DEFAULT-LABEL: func.func @transpose_store(
// DEFAULT:         vector.transfer_write %{{.*}} : vector<[4]x4xf32>, memref<?x?xf32>
func.func @transpose_store(%vec: vector<4x[4]xf32>, %dest: memref<?x?xf32>, %i: index, %j: index) {
  %transpose = vector.transpose %vec, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %transpose, %dest[%i, %j] {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// A mask's sizes bound the loop and mask each row.
// CHECK-LABEL: func.func @transpose_store_masked(
// CHECK-SAME:    %[[A:[a-z0-9]*]]: index, %[[B:[a-z0-9]*]]: index)
// CHECK:         %[[ROWMASK:.*]] = vector.create_mask %[[B]] : vector<4xi1>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[A]] step
// CHECK:           vector.transfer_write %{{.*}}, %[[ROWMASK]] : vector<4xf32>, memref<?x?xf32>
func.func @transpose_store_masked(%vec: vector<4x[4]xf32>, %dest: memref<?x?xf32>, %i: index, %j: index, %a: index, %b: index) {
  %mask = vector.create_mask %a, %b : vector<[4]x4xi1>
  %transpose = vector.transpose %vec, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %transpose, %dest[%i, %j], %mask {in_bounds = [true, false]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}

// -----

// A scalable trailing dimension unpacks through the buffer as any other;
// a scalable leading one cannot be unpacked and stays.
// CHECK-LABEL: func.func @array_of_scalable(
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<vector<3x[4]xf32>>
// CHECK:         %[[MBUF:.*]] = memref.alloca() : memref<vector<3x[4]xi1>>
// CHECK:         vector.type_cast %[[BUF]] : memref<vector<3x[4]xf32>> to memref<3xvector<[4]xf32>>
// CHECK:         vector.type_cast %[[MBUF]] : memref<vector<3x[4]xi1>> to memref<3xvector<[4]xi1>>
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} : memref<3xvector<[4]xi1>>
// CHECK:           vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<3x?xf32>, vector<[4]xf32>
// CHECK:         vector.transfer_read %{{.*}} : memref<?x4xf32>, vector<[4]x4xf32>
func.func @array_of_scalable(%m: memref<3x?xf32>, %n: memref<?x4xf32>, %k: vector<3x[4]xi1>) -> (vector<3x[4]xf32>, vector<[4]x4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%c0, %c0], %pad, %k {in_bounds = [true, true]} : memref<3x?xf32>, vector<3x[4]xf32>
  %b = vector.transfer_read %n[%c0, %c0], %pad {in_bounds = [true, true]} : memref<?x4xf32>, vector<[4]x4xf32>
  return %a, %b : vector<3x[4]xf32>, vector<[4]x4xf32>
}

// -----

// A scalable 1-d transfer that is not contiguous loops to vscale times its
// size, each lane under its mask bit.
// CHECK-LABEL: func.func @write_1d_scalable_strided(
// CHECK-SAME:    %[[M:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[V:.*]]: vector<[16]xf32>, %[[K:.*]]: vector<[16]xi1>)
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[VS:.*]] = vector.vscale
// CHECK:         %[[UB:.*]] = arith.muli %[[VS]], %[[C16]] : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[UB]] step %{{.*}} {
// CHECK:           %[[BIT:.*]] = vector.extract %[[K]][%[[I]]] : i1 from vector<[16]xi1>
// CHECK:           scf.if %[[BIT]] {
// CHECK:             %[[E:.*]] = vector.extract %[[V]][%[[I]]] : f32 from vector<[16]xf32>
// CHECK:             memref.store %[[E]], %[[M]][%[[I]]] : memref<?xf32, strided<[?], offset: ?>>
func.func @write_1d_scalable_strided(%m: memref<?xf32, strided<[?], offset: ?>>, %v: vector<[16]xf32>, %k: vector<[16]xi1>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0], %k {in_bounds = [true]} : vector<[16]xf32>, memref<?xf32, strided<[?], offset: ?>>
  return
}
