// RUN: kiln opt %s --vector-unroll-for-spirv --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK-COUNT-4: vector.load {{.*}} vector<4xf32>
// CHECK-COUNT-2: arith.addf {{.*}} : vector<4xf32>
// CHECK-COUNT-2: vector.store {{.*}} vector<4xf32>
// CHECK-NOT: vector<8xf32>
func.func @add(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<8xf32>, vector<8xf32>
  %y = vector.load %b[%c0] : memref<8xf32>, vector<8xf32>
  %s = arith.addf %x, %y : vector<8xf32>
  vector.store %s, %a[%c0] : memref<8xf32>, vector<8xf32>
  return
}

// CHECK-LABEL: func.func @reduce
// CHECK: %[[A:.*]] = vector.reduction <add>, %{{.*}}, %{{.*}} : vector<3xi32> into i32
// CHECK: vector.reduction <add>, %{{.*}}, %[[A]] : vector<3xi32> into i32
func.func @reduce(%a: memref<6xi32>, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<6xi32>, vector<6xi32>
  %r = vector.reduction <add>, %x, %acc : vector<6xi32> into i32
  return %r : i32
}

// CHECK-LABEL: func.func @rows
// CHECK-COUNT-2: vector.fma {{.*}} : vector<2xf32>
func.func @rows(%a: memref<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  %f = vector.fma %x, %x, %x : vector<2x2xf32>
  vector.store %f, %a[%c0, %c0] : memref<2x2xf32>, vector<2x2xf32>
  return
}
