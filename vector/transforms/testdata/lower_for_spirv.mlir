// RUN: kiln opt %s --vector-lower-for-spirv --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-NOT: vector.transfer_read
// CHECK-NOT: vector<8xf32>
// CHECK: vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
func.func @kernel(%m: memref<8xf32>, %o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0], %pad {in_bounds = [true]} : memref<8xf32>, vector<8xf32>
  %s = arith.mulf %v, %v : vector<8xf32>
  %r = vector.reduction <add>, %s : vector<8xf32> into f32
  memref.store %r, %o[%c0] : memref<1xf32>
  return
}
