// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(convert-vector-to-scf))' | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(convert-vector-to-scf{full-unroll}))' | FileCheck %s --check-prefix=UNROLL
// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file '--convert-vector-to-scf=full-unroll target-rank=0 lower-tensors' | FileCheck %s --check-prefix=RANK0

// A 2-d read goes through a stack buffer at the start of the function: a
// loop over the rows reads 1-d rows into its vector.type_cast view, and a
// row out of bounds (index < 0 or >= dim) stores the padding instead.
// CHECK-DAG:   #[[$ADD:.*]] = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @read_2d(
// CHECK-SAME:    %[[A:.*]]: memref<?x?xf32>, %[[I:.*]]: index)
// CHECK-DAG:     %[[PADV:.*]] = arith.constant dense<7.000000e+00> : vector<4xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[PAD:.*]] = arith.constant 7.000000e+00 : f32
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<vector<3x4xf32>>
// CHECK:         %[[ROWS:.*]] = vector.type_cast %[[BUF]] : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
// CHECK:         scf.for %[[R:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK:           %[[DIM:.*]] = memref.dim %[[A]], %[[C0]] : memref<?x?xf32>
// CHECK:           %[[ROW:.*]] = affine.apply #[[$ADD]](%[[R]])[%[[I]]]
// CHECK:           %[[GE:.*]] = arith.cmpi sge, %[[ROW]], %[[C0]] : index
// CHECK:           %[[LT:.*]] = arith.cmpi slt, %[[ROW]], %[[DIM]] : index
// CHECK:           %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[ROW2:.*]] = affine.apply #[[$ADD]](%[[R]])[%[[I]]]
// CHECK:             %[[V:.*]] = vector.transfer_read %[[A]][%[[ROW2]], %[[I]]], %[[PAD]] : memref<?x?xf32>, vector<4xf32>
// CHECK:             memref.store %[[V]], %[[ROWS]][%[[R]]] : memref<3xvector<4xf32>>
// CHECK:           } else {
// CHECK:             memref.store %[[PADV]], %[[ROWS]][%[[R]]] : memref<3xvector<4xf32>>
// CHECK:           }
// CHECK:         }
// CHECK:         %[[RES:.*]] = memref.load %[[BUF]][] : memref<vector<3x4xf32>>
// CHECK:         return %[[RES]]

// With full-unroll each row is read into the padding vector in turn.
// UNROLL-DAG:   #[[$P1:.*]] = affine_map<()[s0] -> (s0 + 1)>
// UNROLL-LABEL: func.func @read_2d(
// UNROLL-SAME:    %[[A:.*]]: memref<?x?xf32>, %[[I:.*]]: index)
// UNROLL-DAG:     %[[INIT:.*]] = arith.constant dense<7.000000e+00> : vector<3x4xf32>
// UNROLL:         %[[V0:.*]] = scf.if %{{.*}} -> (vector<3x4xf32>) {
// UNROLL:           %[[R0:.*]] = vector.transfer_read %[[A]][%[[I]], %[[I]]], %{{.*}} : memref<?x?xf32>, vector<4xf32>
// UNROLL:           %[[S0:.*]] = vector.insert %[[R0]], %[[INIT]] [0] : vector<4xf32> into vector<3x4xf32>
// UNROLL:           scf.yield %[[S0]] : vector<3x4xf32>
// UNROLL:         } else {
// UNROLL:           scf.yield %[[INIT]] : vector<3x4xf32>
// UNROLL:         }
// UNROLL:         affine.apply #[[$P1]]()[%[[I]]]
// UNROLL:         %[[V1:.*]] = scf.if %{{.*}} -> (vector<3x4xf32>) {
// UNROLL:           vector.insert %{{.*}}, %[[V0]] [1] : vector<4xf32> into vector<3x4xf32>
// UNROLL:         } else {
// UNROLL:           scf.yield %[[V0]] : vector<3x4xf32>
// UNROLL:         }
// UNROLL:         %[[V2:.*]] = scf.if
// UNROLL:           vector.insert %{{.*}}, %[[V1]] [2] : vector<4xf32> into vector<3x4xf32>
// UNROLL:         return %[[V2]]

// RANK0-LABEL: func.func @read_2d(
// RANK0-NOT:     vector<4xf32>
// RANK0:         vector.transfer_read %{{.*}} : memref<?x?xf32>, vector<f32>
// RANK0:         vector.extract %{{.*}}[] : f32 from vector<f32>
// RANK0:         vector.insert %{{.*}}, %{{.*}} [0, 0] : f32 into vector<3x4xf32>
// RANK0-NOT:     vector<4xf32>
// RANK0:         return
func.func @read_2d(%A: memref<?x?xf32>, %i: index) -> vector<3x4xf32> {
  %pad = arith.constant 7.0 : f32
  %v = vector.transfer_read %A[%i, %i], %pad : memref<?x?xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}

// -----

// A 2-d mask goes through a buffer too: each row takes its row of the mask.
// The second dim is in bounds, so no check guards it.
// CHECK-LABEL: func.func @write_2d_mask(
// CHECK-SAME:    %[[A:.*]]: memref<?x8xf32>, %[[I:.*]]: index, %[[V:.*]]: vector<2x8xf32>, %[[M:.*]]: vector<2x8xi1>)
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<vector<2x8xf32>>
// CHECK:         %[[MBUF:.*]] = memref.alloca() : memref<vector<2x8xi1>>
// CHECK:         memref.store %[[M]], %[[MBUF]][] : memref<vector<2x8xi1>>
// CHECK:         memref.store %[[V]], %[[BUF]][] : memref<vector<2x8xf32>>
// CHECK:         %[[ROWS:.*]] = vector.type_cast %[[BUF]] : memref<vector<2x8xf32>> to memref<2xvector<8xf32>>
// CHECK:         %[[MROWS:.*]] = vector.type_cast %[[MBUF]] : memref<vector<2x8xi1>> to memref<2xvector<8xi1>>
// CHECK:         scf.for %[[R:.*]] =
// CHECK:           scf.if
// CHECK:             %[[MR:.*]] = memref.load %[[MROWS]][%[[R]]] : memref<2xvector<8xi1>>
// CHECK:             %[[VR:.*]] = memref.load %[[ROWS]][%[[R]]] : memref<2xvector<8xf32>>
// CHECK:             vector.transfer_write %[[VR]], %[[A]][%{{.*}}, %[[I]]], %[[MR]] {in_bounds = [true]} : vector<8xf32>, memref<?x8xf32>
// CHECK:           } else {
// CHECK-NEXT:      }

// UNROLL-LABEL: func.func @write_2d_mask(
// UNROLL-SAME:    %[[A:.*]]: memref<?x8xf32>, %[[I:.*]]: index, %[[V:.*]]: vector<2x8xf32>, %[[M:.*]]: vector<2x8xi1>)
// UNROLL:         scf.if
// UNROLL:           %[[V0:.*]] = vector.extract %[[V]][0] : vector<8xf32> from vector<2x8xf32>
// UNROLL:           %[[M0:.*]] = vector.extract %[[M]][0] : vector<8xi1> from vector<2x8xi1>
// UNROLL:           vector.transfer_write %[[V0]], %[[A]][%[[I]], %[[I]]], %[[M0]] {in_bounds = [true]}
// UNROLL:         scf.if
// UNROLL:           %[[V1:.*]] = vector.extract %[[V]][1] : vector<8xf32> from vector<2x8xf32>
// UNROLL:           %[[M1:.*]] = vector.extract %[[M]][1] : vector<8xi1> from vector<2x8xi1>
// UNROLL:           vector.transfer_write %[[V1]], %[[A]][%{{.*}}, %[[I]]], %[[M1]] {in_bounds = [true]}
func.func @write_2d_mask(%A: memref<?x8xf32>, %i: index, %v: vector<2x8xf32>, %m: vector<2x8xi1>) {
  vector.transfer_write %v, %A[%i, %i], %m {in_bounds = [false, true]} : vector<2x8xf32>, memref<?x8xf32>
  return
}

// -----

// A 1-d transfer along a column is a loop of scalar loads, each guarded by
// its bounds and its mask bit.
// CHECK-LABEL: func.func @read_1d_column(
// CHECK-SAME:    %[[A:.*]]: memref<4x4xf32>, %[[I:.*]]: index, %[[M:.*]]: vector<4xi1>)
// CHECK:         %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>) {
// CHECK:           %[[ROW:.*]] = affine.apply #{{.*}}(%[[K]])[%[[I]]]
// CHECK:           %[[IN:.*]] = arith.andi
// CHECK:           %[[BIT:.*]] = vector.extract %[[M]][%[[K]]] : i1 from vector<4xi1>
// CHECK:           %[[OK:.*]] = arith.andi %[[IN]], %[[BIT]] : i1
// CHECK:           %[[NEXT:.*]] = scf.if %[[OK]] -> (vector<4xf32>) {
// CHECK:             %[[E:.*]] = memref.load %[[A]][%[[ROW]], %[[I]]] : memref<4x4xf32>
// CHECK:             %[[INS:.*]] = vector.insert %[[E]], %[[ACC]] [%[[K]]] : f32 into vector<4xf32>
// CHECK:             scf.yield %[[INS]] : vector<4xf32>
// CHECK:           } else {
// CHECK:             scf.yield %[[ACC]] : vector<4xf32>
// CHECK:           }
// CHECK:           scf.yield %[[NEXT]] : vector<4xf32>
// CHECK:         return %[[R]]

// RANK0-LABEL: func.func @read_1d_column(
// RANK0-NOT:     scf.for
// RANK0-COUNT-4: vector.transfer_read {{.*}} : memref<4x4xf32>, vector<f32>
func.func @read_1d_column(%A: memref<4x4xf32>, %i: index, %m: vector<4xi1>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %i], %pad, %m {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x4xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

// 0-d transfers, and contiguous 1-d ones at the default target rank, stay.
// CHECK-LABEL: func.func @kept(
// CHECK:         vector.transfer_read %{{.*}}[], %{{.*}} : memref<f32>, vector<f32>
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : memref<4x4xf32>, vector<4xf32>
func.func @kept(%A: memref<f32>, %B: memref<4x4xf32>, %i: index) -> (vector<f32>, vector<4xf32>) {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[], %pad : memref<f32>, vector<f32>
  %w = vector.transfer_read %B[%i, %i], %pad : memref<4x4xf32>, vector<4xf32>
  return %v, %w : vector<f32>, vector<4xf32>
}

// -----

// Tensor transfers stay unless lower-tensors is set; then a write carries
// the tensor through the unrolled checks.
// CHECK-LABEL: func.func @write_tensor(
// CHECK:         %[[R:.*]] = vector.transfer_write %{{.*}} : vector<2x3xf32>, tensor<4x4xf32>
// CHECK:         return %[[R]]

// RANK0-LABEL: func.func @write_tensor(
// RANK0-SAME:    %[[T:.*]]: tensor<4x4xf32>, %[[V:.*]]: vector<2x3xf32>, %[[I:.*]]: index)
// RANK0:         %[[ROW0:.*]] = scf.if %{{.*}} -> (tensor<4x4xf32>) {
// RANK0:           %[[E0:.*]] = scf.if %{{.*}} -> (tensor<4x4xf32>) {
// RANK0:             %[[E:.*]] = vector.extract %[[V]][0, 0] : f32 from vector<2x3xf32>
// RANK0:             %[[B:.*]] = vector.broadcast %[[E]] : f32 to vector<f32>
// RANK0:             vector.transfer_write %[[B]], %[[T]][%[[I]], %[[I]]] : vector<f32>, tensor<4x4xf32>
// RANK0:           } else {
// RANK0:             scf.yield %[[T]] : tensor<4x4xf32>
// RANK0:           }
// RANK0:           vector.transfer_write %{{.*}}, %[[E0]][%[[I]], %{{.*}}] : vector<f32>, tensor<4x4xf32>
// RANK0:         } else {
// RANK0:           scf.yield %[[T]] : tensor<4x4xf32>
// RANK0:         }
// RANK0:         %[[ROW1:.*]] = scf.if %{{.*}} -> (tensor<4x4xf32>) {
// RANK0:           vector.transfer_write %{{.*}}, %[[ROW0]][%{{.*}}, %[[I]]] : vector<f32>, tensor<4x4xf32>
// RANK0:         return %[[ROW1]]
func.func @write_tensor(%t: tensor<4x4xf32>, %v: vector<2x3xf32>, %i: index) -> tensor<4x4xf32> {
  %r = vector.transfer_write %v, %t[%i, %i] : vector<2x3xf32>, tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Without an automatic allocation scope there is nowhere for the buffer
// (the module-level pass of the RANK0 run visits it).
// CHECK-LABEL: "test.func"
// CHECK:         vector.transfer_write %{{.*}} : vector<2x3xf32>, memref<2x3xf32>
// RANK0-LABEL: "test.func"
// RANK0-COUNT-6: vector.transfer_write %{{.*}} : vector<f32>, memref<2x3xf32>
"test.func"() ({
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<0.0> : vector<2x3xf32>
  %m = memref.alloc() : memref<2x3xf32>
  vector.transfer_write %cst, %m[%c0, %c0] : vector<2x3xf32>, memref<2x3xf32>
  "test.return"() : () -> ()
}) {name = "no_scope"} : () -> ()

// -----

// Permutation maps are lowered first (MLIR's
// populateVectorTransferPermutationMapLoweringPatterns): a transposed read
// reads in the memref's order and transposes, leading broadcasts read the
// rest and broadcast it, a transposed write transposes its value, and a
// write missing an inner source dim writes a unit dim for it.
// UNROLL-LABEL: func.func @permutation_maps(
// UNROLL-SAME:    %[[A:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[V:.*]]: vector<3x2xf32>, %[[W:.*]]: vector<4xf32>, %[[K:.*]]: vector<4xi1>)
// UNROLL:         vector.transfer_read %[[A]][%[[I]], %[[I]]], %{{.*}} {in_bounds = [true]} : memref<?x?xf32>, vector<2xf32>
// UNROLL:         %[[T:.*]] = vector.transpose %{{.*}}, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
// UNROLL:         %[[ROW:.*]] = vector.transfer_read %[[A]][%[[I]], %[[I]]], %{{.*}} : memref<?x?xf32>, vector<3xf32>
// UNROLL:         %[[B:.*]] = vector.broadcast %[[ROW]] : vector<3xf32> to vector<2x3xf32>
// UNROLL:         %[[VT:.*]] = vector.transpose %[[V]], [1, 0] : vector<3x2xf32> to vector<2x3xf32>
// UNROLL:         vector.extract %[[VT]][0] : vector<3xf32> from vector<2x3xf32>
// UNROLL:         %[[W1:.*]] = vector.broadcast %[[W]] : vector<4xf32> to vector<1x4xf32>
// UNROLL:         %[[K1:.*]] = vector.broadcast %[[K]] : vector<4xi1> to vector<1x4xi1>
// UNROLL:         %[[KT:.*]] = vector.transpose %[[K1]], [1, 0] : vector<1x4xi1> to vector<4x1xi1>
// UNROLL:         %[[WT:.*]] = vector.transpose %[[W1]], [1, 0] : vector<1x4xf32> to vector<4x1xf32>
// UNROLL:         %[[W0:.*]] = vector.extract %[[WT]][0] : vector<1xf32> from vector<4x1xf32>
// UNROLL:         %[[K0:.*]] = vector.extract %[[KT]][0] : vector<1xi1> from vector<4x1xi1>
// UNROLL:         vector.transfer_write %[[W0]], %[[A]][%[[I]], %[[I]]], %[[K0]] {in_bounds = [true]} : vector<1xf32>, memref<?x?xf32>
// UNROLL:         return %[[T]], %[[B]]
func.func @permutation_maps(%A: memref<?x?xf32>, %i: index, %v: vector<3x2xf32>, %w: vector<4xf32>, %k: vector<4xi1>) -> (vector<2x3xf32>, vector<2x3xf32>) {
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %A[%i, %i], %pad {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<2x3xf32>
  %s = vector.transfer_read %A[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<2x3xf32>
  vector.transfer_write %v, %A[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<3x2xf32>, memref<?x?xf32>
  vector.transfer_write %w, %A[%i, %i], %k {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
  return %r, %s : vector<2x3xf32>, vector<2x3xf32>
}

// -----

// A transfer under vector.mask is left for lower-vector-mask.
// CHECK-LABEL: func.func @under_mask(
// CHECK:         vector.mask %{{.*}} { vector.transfer_read %{{.*}} : memref<?x?xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
// CHECK-NOT:     scf.for
// UNROLL-LABEL: func.func @under_mask(
// UNROLL:         vector.mask
// UNROLL-NOT:     vector.insert
func.func @under_mask(%A: memref<?x?xf32>, %i: index, %m: vector<2x4xi1>) -> vector<2x4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.mask %m { vector.transfer_read %A[%i, %i], %pad : memref<?x?xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
  return %v : vector<2x4xf32>
}
