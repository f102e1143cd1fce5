// RUN: kiln opt %s --vector-lower-multi-reduction | FileCheck %s

// CHECK-LABEL: func.func @inner
// CHECK: %[[R0:.*]] = vector.extract %arg0[0] : vector<4xf32> from vector<2x4xf32>
// CHECK: vector.reduction <add>, %[[R0]]
// CHECK: vector.reduction <add>
// CHECK: vector.from_elements
func.func @inner(%v: vector<2x4xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %r = vector.multi_reduction <add>, %v, %acc [1] : vector<2x4xf32> to vector<2xf32>
  return %r : vector<2xf32>
}

// CHECK-LABEL: func.func @outer
// CHECK: vector.from_elements {{.*}} : vector<2xi32>
// CHECK: vector.reduction <maxsi>
func.func @outer(%v: vector<2x3xi32>, %acc: vector<3xi32>) -> vector<3xi32> {
  %r = vector.multi_reduction <maxsi>, %v, %acc [0] : vector<2x3xi32> to vector<3xi32>
  return %r : vector<3xi32>
}
