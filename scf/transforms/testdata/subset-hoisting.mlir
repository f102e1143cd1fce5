// RUN: kiln opt %s --split-input-file --loop-invariant-subset-hoisting | FileCheck %s

// A matching extract_slice/insert_slice pair moves out of the loop, the
// offsets compared through arith (%z is 0); the standalone extraction of a
// disjoint slice stays, reading the loop-carried tensor, and so does the
// insertion into %acc, which no extraction matches.
// CHECK-LABEL: func @matching_pair(
//  CHECK-SAME:     %[[ARG:[a-z0-9]+]]: tensor<?xf32>
//       CHECK:   %[[EX:.*]] = tensor.extract_slice %[[ARG]][0] [5] [1]
//       CHECK:   %[[FOR:.*]]:3 = scf.for {{.*}} iter_args(%[[T:.*]] = %[[ARG]], %[[ACC:.*]] = %[[ARG]], %[[H:.*]] = %[[EX]]) -> (tensor<?xf32>, tensor<?xf32>, tensor<5xf32>)
//       CHECK:     %[[O:.*]] = tensor.extract_slice %[[T]][9] [5] [1]
//       CHECK:     %[[N:.*]] = arith.addf %[[H]], %[[H]]
//       CHECK:     %[[A:.*]] = tensor.insert_slice %[[O]] into %[[ACC]][0] [5] [1]
//       CHECK:     scf.yield %[[T]], %[[A]], %[[N]]
//       CHECK:   %[[IN:.*]] = tensor.insert_slice %[[FOR]]#2 into %[[FOR]]#0[%{{.*}}] [5] [1]
//       CHECK:   %[[R:.*]] = tensor.extract_slice %[[FOR]]#1[0] [5] [1]
//       CHECK:   return %[[IN]], %[[R]]
func.func @matching_pair(%arg: tensor<?xf32>, %lb: index, %ub: index, %step: index) -> (tensor<?xf32>, tensor<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %add = arith.addi %c0, %c1 : index
  %z = arith.subi %add, %c1 : index
  %0:2 = scf.for %iv = %lb to %ub step %step iter_args(%t = %arg, %acc = %arg) -> (tensor<?xf32>, tensor<?xf32>) {
    %other = tensor.extract_slice %t[9] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %1 = tensor.extract_slice %t[0] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %2 = arith.addf %1, %1 : tensor<5xf32>
    %3 = tensor.insert_slice %2 into %t[%z] [5] [1] : tensor<5xf32> into tensor<?xf32>
    %4 = tensor.insert_slice %other into %acc[0] [5] [1] : tensor<5xf32> into tensor<?xf32>
    scf.yield %3, %4 : tensor<?xf32>, tensor<?xf32>
  }
  %r = tensor.extract_slice %0#1[0] [5] [1] : tensor<?xf32> to tensor<5xf32>
  return %0#0, %r : tensor<?xf32>, tensor<5xf32>
}

// -----

// Nested subsets: both levels move out, the outer one first.
// CHECK-LABEL: func @subset_of_subset(
//  CHECK-SAME:     %[[ARG:[a-z0-9]+]]: tensor<?xf32>
//       CHECK:   %[[E1:.*]] = tensor.extract_slice %[[ARG]][0] [5] [1]
//       CHECK:   %[[E2:.*]] = tensor.extract_slice %[[E1]][1] [2] [1]
//       CHECK:   %[[FOR:.*]]:3 = scf.for {{.*}} iter_args(%[[T:.*]] = %[[ARG]], %[[H1:.*]] = %[[E1]], %[[H2:.*]] = %[[E2]])
//       CHECK:     %[[N:.*]] = arith.negf %[[H2]]
//       CHECK:     scf.yield %[[T]], %[[H1]], %[[N]]
//       CHECK:   %[[I2:.*]] = tensor.insert_slice %[[FOR]]#2 into %[[FOR]]#1[1] [2] [1]
//       CHECK:   %[[I1:.*]] = tensor.insert_slice %[[I2]] into %[[FOR]]#0[0] [5] [1]
//       CHECK:   return %[[I1]]
func.func @subset_of_subset(%arg: tensor<?xf32>, %lb: index, %ub: index, %step: index) -> tensor<?xf32> {
  %0 = scf.for %iv = %lb to %ub step %step iter_args(%t = %arg) -> (tensor<?xf32>) {
    %e1 = tensor.extract_slice %t[0] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %e2 = tensor.extract_slice %e1[1] [2] [1] : tensor<5xf32> to tensor<2xf32>
    %n = arith.negf %e2 : tensor<2xf32>
    %i1 = tensor.insert_slice %n into %e1[1] [2] [1] : tensor<2xf32> into tensor<5xf32>
    %i2 = tensor.insert_slice %i1 into %t[0] [5] [1] : tensor<5xf32> into tensor<?xf32>
    scf.yield %i2 : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// Slices that may overlap ([0, %a) and [10, 10 + %b)), a loop-variant
// offset, swapped yields and another use of the carried tensor each keep
// the ops in the loop.
// CHECK-LABEL: func @not_hoisted(
//   CHECK-NOT:   tensor.extract_slice
//       CHECK:   scf.for
//   CHECK-NOT:   scf.for
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[0] [%{{.*}}] [1]
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[10] [%{{.*}}] [1]
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[%{{.*}}] [5] [1]
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[1] [5] [1]
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[2] [5] [1]
//   CHECK-DAG:     tensor.extract_slice %{{.*}}[3] [5] [1]
//       CHECK:     scf.yield
//   CHECK-NOT:   tensor.insert_slice
//       CHECK:   return
func.func @not_hoisted(%arg: tensor<?xf32>, %lb: index, %ub: index, %step: index, %a: index, %b: index) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %0:6 = scf.for %iv = %lb to %ub step %step iter_args(%t = %arg, %u = %arg, %s1 = %arg, %s2 = %arg, %w = %arg, %d = %c0) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index) {
    %1 = tensor.extract_slice %t[0] [%a] [1] : tensor<?xf32> to tensor<?xf32>
    %2 = tensor.extract_slice %t[10] [%b] [1] : tensor<?xf32> to tensor<?xf32>
    %3 = tensor.insert_slice %2 into %t[0] [%a] [1] : tensor<?xf32> into tensor<?xf32>
    %4 = tensor.insert_slice %1 into %3[10] [%b] [1] : tensor<?xf32> into tensor<?xf32>
    %5 = tensor.extract_slice %u[%iv] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %6 = tensor.insert_slice %5 into %u[%iv] [5] [1] : tensor<5xf32> into tensor<?xf32>
    %7 = tensor.extract_slice %s1[1] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %8 = tensor.insert_slice %7 into %s1[1] [5] [1] : tensor<5xf32> into tensor<?xf32>
    %9 = tensor.extract_slice %s2[2] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %10 = tensor.insert_slice %9 into %s2[2] [5] [1] : tensor<5xf32> into tensor<?xf32>
    %dim = tensor.dim %w, %c0 : tensor<?xf32>
    %11 = tensor.extract_slice %w[3] [5] [1] : tensor<?xf32> to tensor<5xf32>
    %12 = tensor.insert_slice %11 into %w[3] [5] [1] : tensor<5xf32> into tensor<?xf32>
    scf.yield %4, %6, %10, %8, %12, %dim : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index
  }
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index
}

// -----

// Pairs of vector transfers on a tensor: the pair of the inner loop that
// depends only on the outer induction variable moves to the outer loop,
// and from there no further; the disjoint pairs of %t1 move out of both.
// CHECK-LABEL: func @transfers(
//  CHECK-SAME:     %[[T0:[a-z0-9]+]]: tensor<?x?xf32>, %[[T1:[a-z0-9]+]]: tensor<?x?xf32>
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
//   CHECK-DAG:   vector.transfer_read %[[T1]][%[[C0]], %[[C0]]]
//   CHECK-DAG:   vector.transfer_read %[[T1]][%[[C0]], %[[C3]]]
//       CHECK:   %[[R:.*]]:4 = scf.for %[[I:[a-z0-9]+]] = {{.*}} -> (tensor<?x?xf32>, tensor<?x?xf32>, vector<3xf32>, vector<3xf32>)
//       CHECK:     vector.transfer_read %{{.*}}[%[[I]], %[[I]]]{{.*}} : tensor<?x?xf32>, vector<2xf32>
//       CHECK:     scf.for {{.*}} -> (tensor<?x?xf32>, tensor<?x?xf32>, vector<2xf32>, vector<3xf32>, vector<3xf32>)
//   CHECK-NOT:       vector.transfer_
//       CHECK:       scf.yield
//       CHECK:     vector.transfer_write {{.*}} : vector<2xf32>, tensor<?x?xf32>
//       CHECK:     scf.yield
//       CHECK:   vector.transfer_write
//       CHECK:   vector.transfer_write
//       CHECK:   return
func.func @transfers(%t0: tensor<?x?xf32>, %t1: tensor<?x?xf32>, %lb: index, %ub: index, %step: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %cst = arith.constant 0.0 : f32
  %0:2 = scf.for %i = %lb to %ub step %step iter_args(%a0 = %t0, %a1 = %t1) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
    %1:2 = scf.for %j = %lb to %ub step %step iter_args(%b0 = %a0, %b1 = %a1) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
      %r0 = vector.transfer_read %b0[%i, %i], %cst : tensor<?x?xf32>, vector<2xf32>
      %r1 = vector.transfer_read %b1[%c0, %c0], %cst : tensor<?x?xf32>, vector<3xf32>
      %r2 = vector.transfer_read %b1[%c0, %c3], %cst : tensor<?x?xf32>, vector<3xf32>
      %u0 = arith.addf %r0, %r0 : vector<2xf32>
      %u1 = arith.addf %r1, %r2 : vector<3xf32>
      %u2 = arith.subf %r1, %r2 : vector<3xf32>
      %w0 = vector.transfer_write %u0, %b0[%i, %i] : vector<2xf32>, tensor<?x?xf32>
      %w1 = vector.transfer_write %u1, %b1[%c0, %c0] : vector<3xf32>, tensor<?x?xf32>
      %w2 = vector.transfer_write %u2, %w1[%c0, %c3] : vector<3xf32>, tensor<?x?xf32>
      scf.yield %w0, %w2 : tensor<?x?xf32>, tensor<?x?xf32>
    }
    scf.yield %1#0, %1#1 : tensor<?x?xf32>, tensor<?x?xf32>
  }
  return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Transfers that overlap ([0, 3) and [2, 5) in the last dimension) stay.
// CHECK-LABEL: func @overlapping_transfers(
//       CHECK:   scf.for
//       CHECK:     vector.transfer_read
//       CHECK:     vector.transfer_read
//       CHECK:     vector.transfer_write
//       CHECK:     vector.transfer_write
//       CHECK:     scf.yield
func.func @overlapping_transfers(%t: tensor<4x8xf32>, %lb: index, %ub: index, %step: index) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 0.0 : f32
  %0 = scf.for %i = %lb to %ub step %step iter_args(%b = %t) -> (tensor<4x8xf32>) {
    %r1 = vector.transfer_read %b[%c0, %c0], %cst : tensor<4x8xf32>, vector<3xf32>
    %r2 = vector.transfer_read %b[%c0, %c2], %cst : tensor<4x8xf32>, vector<3xf32>
    %w1 = vector.transfer_write %r2, %b[%c0, %c0] : vector<3xf32>, tensor<4x8xf32>
    %w2 = vector.transfer_write %r1, %w1[%c0, %c2] : vector<3xf32>, tensor<4x8xf32>
    scf.yield %w2 : tensor<4x8xf32>
  }
  return %0 : tensor<4x8xf32>
}
