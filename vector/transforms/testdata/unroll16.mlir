// RUN: kiln opt %s --vector-unroll-for-spirv=vector16=true | FileCheck %s

// CHECK-LABEL: func.func @keep16
// CHECK: arith.addf {{.*}} : vector<16xf32>
func.func @keep16(%x: vector<16xf32>) -> vector<16xf32> {
  %s = arith.addf %x, %x : vector<16xf32>
  return %s : vector<16xf32>
}
