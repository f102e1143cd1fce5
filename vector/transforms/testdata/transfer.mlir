// RUN: kiln opt %s --vector-lower-transfer | FileCheck %s

// CHECK-LABEL: func.func @in_bounds
// CHECK: vector.load %{{.*}} : memref<4x8xf32>, vector<8xf32>
// CHECK: vector.store %{{.*}} : memref<4x8xf32>, vector<8xf32>
func.func @in_bounds(%m: memref<4x8xf32>, %i: index) {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<4x8xf32>, vector<8xf32>
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true]} : vector<8xf32>, memref<4x8xf32>
  return
}

// CHECK-LABEL: func.func @masked
// CHECK: vector.maskedload
func.func @masked(%m: memref<8xf32>, %i: index, %mask: vector<4xi1>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i], %pad, %mask {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// CHECK-LABEL: func.func @out_of_bounds
// CHECK: memref.dim
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: memref.load
// CHECK: vector.from_elements
// CHECK-NOT: vector.transfer_read
func.func @out_of_bounds(%m: memref<?xf32>, %i: index) -> vector<2xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<2xf32>
  return %v : vector<2xf32>
}
