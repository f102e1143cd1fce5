// RUN: kiln opt %s --vector-lower-contract | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-COUNT-4: vector.fma {{.*}} : vector<3xf32>
// CHECK-NOT: vector.contract
func.func @matmul(%a: vector<2x2xf32>, %b: vector<2x3xf32>, %c: vector<2x3xf32>) -> vector<2x3xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x2xf32>, vector<2x3xf32> into vector<2x3xf32>
  return %r : vector<2x3xf32>
}

// CHECK-LABEL: func.func @outer
// CHECK-COUNT-2: vector.fma {{.*}} : vector<4xf32>
func.func @outer(%a: vector<2xf32>, %b: vector<4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %r = vector.outerproduct %a, %b, %c {kind = #vector.kind<add>} : vector<2xf32>, vector<4xf32>
  return %r : vector<2x4xf32>
}
