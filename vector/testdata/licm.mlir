// RUN: kiln opt %s --loop-invariant-code-motion --split-input-file | FileCheck %s
// RUN: kiln opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=DEAD

// Transfers on tensors have no memory effect and may be speculated (MLIR's
// getEffects and getSpeculatability), so they leave loops when their
// operands are defined outside; on memrefs they stay.

// CHECK-LABEL: func.func @read_tensor_hoisted
// CHECK: %[[R:.*]] = vector.transfer_read %arg0[%arg4, %arg5]
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.mulf %[[R]]
func.func @read_tensor_hoisted(%t: tensor<64x64xf16>, %lb: index, %ub: index, %step: index,
                               %i: index, %j: index) -> vector<2x8xf16> {
  %pad = arith.constant 1.0 : f16
  %init = arith.constant dense<1.0> : vector<2x8xf16>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> vector<2x8xf16> {
    %v = vector.transfer_read %t[%i, %j], %pad : tensor<64x64xf16>, vector<2x8xf16>
    %m = arith.mulf %v, %acc : vector<2x8xf16>
    scf.yield %m : vector<2x8xf16>
  }
  return %r : vector<2x8xf16>
}

// -----

// A masked, permuted write feeding a read: both leave the loop.
// CHECK-LABEL: func.func @write_then_read_tensor_hoisted
// CHECK: vector.transfer_write
// CHECK-NEXT: vector.transfer_read
// CHECK-NEXT: scf.for
// CHECK-NOT: vector.transfer
// CHECK: scf.yield
func.func @write_then_read_tensor_hoisted(%t: tensor<8x4xi32>, %v: vector<4x8xi32>, %mask: vector<8x4xi1>,
                                          %n: index) -> vector<8x4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0 : i32
  %init = arith.constant dense<0> : vector<8x4xi32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %init) -> vector<8x4xi32> {
    %w = vector.transfer_write %v, %t[%c0, %c0], %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x8xi32>, tensor<8x4xi32>
    %x = vector.transfer_read %w[%c0, %c0], %pad : tensor<8x4xi32>, vector<8x4xi32>
    %s = arith.addi %x, %acc : vector<8x4xi32>
    scf.yield %s : vector<8x4xi32>
  }
  return %r : vector<8x4xi32>
}

// -----

// CHECK-LABEL: func.func @read_tensor_loop_dependent
// CHECK: scf.for %[[IV:[a-z0-9]+]] =
// CHECK-NEXT: vector.transfer_read %arg0[%[[IV]]]
func.func @read_tensor_loop_dependent(%t: tensor<?xf32>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %iv = %c0 to %n step %c4 iter_args(%acc = %init) -> vector<4xf32> {
    %v = vector.transfer_read %t[%iv], %pad : tensor<?xf32>, vector<4xf32>
    %s = arith.addf %v, %acc : vector<4xf32>
    scf.yield %s : vector<4xf32>
  }
  return %r : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @memref_transfers_stay
// CHECK: scf.for
// CHECK-NEXT: vector.transfer_read
// CHECK-NEXT: vector.transfer_write
func.func @memref_transfers_stay(%m: memref<16xf32>, %o: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  scf.for %iv = %c0 to %n step %c1 {
    %v = vector.transfer_read %m[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<4xf32>
    vector.transfer_write %v, %o[%c0] {in_bounds = [true]} : vector<4xf32>, memref<16xf32>
  }
  return
}

// -----

// Unused transfers on tensors are dead; a write to a memref is not.
// DEAD-LABEL: func.func @unused_transfers
// DEAD-NEXT: arith.constant 0 : index
// DEAD-NEXT: vector.transfer_write %arg1, %arg2[%c0]
// DEAD-NEXT: return
func.func @unused_transfers(%t: tensor<8xf32>, %v: vector<4xf32>, %m: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %t[%c0], %pad : tensor<8xf32>, vector<4xf32>
  %w = vector.transfer_write %v, %t[%c0] : vector<4xf32>, tensor<8xf32>
  %rm = vector.transfer_read %m[%c0], %pad : memref<8xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%c0] : vector<4xf32>, memref<8xf32>
  return
}
