// RUN: kiln opt %s --vector-lower-masks --vector-lower-gather-scatter | FileCheck %s

// CHECK-LABEL: func.func @create
// CHECK: vector.step : vector<4xindex>
// CHECK: arith.cmpi slt
func.func @create(%n: index) -> vector<4xi1> {
  %m = vector.create_mask %n : vector<4xi1>
  return %m : vector<4xi1>
}

// CHECK-LABEL: func.func @constant
// CHECK: arith.constant dense<[true, true, false, false]> : vector<4xi1>
func.func @constant() -> vector<4xi1> {
  %m = vector.constant_mask [2] : vector<4xi1>
  return %m : vector<4xi1>
}

// CHECK-LABEL: func.func @gather
// CHECK: scf.if
// CHECK: memref.load
// CHECK-NOT: vector.gather
func.func @gather(%m: memref<16xf32>, %i: index, %idx: vector<2xi32>, %mask: vector<2xi1>, %pass: vector<2xf32>) -> vector<2xf32> {
  %g = vector.gather %m[%i] [%idx], %mask, %pass : memref<16xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %g : vector<2xf32>
}
