// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-use-nameloc-as-prefix | FileCheck %s --check-prefix=NAMELOC
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// linalg.generic names its body's arguments %in and %out (uniqued as any
// suggested name), leaves the %argN numbering to the other regions, and yields
// to NameLocs under --mlir-use-nameloc-as-prefix. The generic form numbers them.

#map = affine_map<(d0) -> (d0)>
#trait = {iterator_types = ["parallel"], indexing_maps = [#map, #map, #map, #map]}

// CHECK-LABEL: func.func @names
// CHECK-SAME: (%arg0: tensor<?xf32>, %arg1: tensor<?xf32>)
func.func @names(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  // CHECK: ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
  // CHECK-NEXT: linalg.yield %in_0, %out : f32, f32
  // NAMELOC: ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
  // GENERIC-NOT: %in
  // GENERIC-NOT: %out
  %0:2 = linalg.generic #trait ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%x, %y : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    linalg.yield %b, %c : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  // CHECK: ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
  // NAMELOC: ^bb0(%bar: f32, %in: f32, %alice: f32, %out: f32):
  // NAMELOC-NEXT: linalg.yield %alice, %out : f32, f32
  %1:2 = linalg.generic #trait ins(%x, %y : tensor<?xf32>, tensor<?xf32>) outs(%x, %y : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%a: f32 loc("bar"), %b: f32, %c: f32 loc("alice"), %d: f32):
    linalg.yield %c, %d : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return %0#0, %1#1 : tensor<?xf32>, tensor<?xf32>
}
