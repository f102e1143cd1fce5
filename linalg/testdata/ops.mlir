// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[T:.*]]: tensor<4x8xf32>, %[[V:.*]]: tensor<4xf32>, %[[M:.*]]: memref<4x8xf32>, %[[X:.*]]: f32, %[[I:.*]]: i32)
func.func @ops(%t: tensor<4x8xf32>, %v: tensor<4xf32>, %m: memref<4x8xf32>, %x: f32, %i: i32) -> (tensor<4x8xf32>, tensor<4xf32>) {
  // GENERIC: "linalg.fill"
  // GENERIC-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
  // GENERIC-NEXT: "linalg.yield"(%[[IN]]) : (f32) -> ()
  // CHECK: %[[F:.*]] = linalg.fill ins(%[[X]] : f32) outs(%[[T]] : tensor<4x8xf32>) -> tensor<4x8xf32>
  %f = linalg.fill ins(%x : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  // The body converts a fill value of another type as cast_signed does.
  // GENERIC: "linalg.fill"
  // GENERIC-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: f32):
  // GENERIC-NEXT: %[[C:.*]] = "arith.sitofp"(%{{.*}}) : (i32) -> f32
  // GENERIC-NEXT: "linalg.yield"(%[[C]]) : (f32) -> ()
  // CHECK: linalg.fill ins(%[[I]] : i32) outs(%[[M]] : memref<4x8xf32>)
  linalg.fill ins(%i : i32) outs(%m : memref<4x8xf32>)
  // GENERIC: "linalg.elemwise_unary"
  // GENERIC-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // GENERIC-NEXT: "math.log"
  // CHECK: linalg.elemwise_unary {fun = #linalg.unary_fn<log>} ins(%[[F]] : tensor<4x8xf32>) outs(%[[T]] : tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = linalg.elemwise_unary {fun = #linalg.unary_fn<log>} ins(%f : tensor<4x8xf32>) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  // GENERIC: "linalg.elemwise_unary"
  // GENERIC-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // GENERIC-NEXT: "math.exp"
  // CHECK: linalg.elemwise_unary ins(%[[X]] : f32) outs(%[[M]] : memref<4x8xf32>)
  linalg.elemwise_unary ins(%x : f32) outs(%m : memref<4x8xf32>)
  // CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[U:.*]] : tensor<4x8xf32>) outs(%[[V]] : tensor<4xf32>) attrs = {tag} {
  // The body's arguments are named after the operands they stand for.
  // CHECK-NEXT: ^bb0(%in: f32, %out: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %in, %out : f32
  // CHECK-NEXT: linalg.yield %[[S]] : f32
  // CHECK-NEXT: } -> tensor<4xf32>
  // GENERIC: iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%u : tensor<4x8xf32>) outs(%v : tensor<4xf32>) attrs = {tag} {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %u, %r : tensor<4x8xf32>, tensor<4xf32>
}
