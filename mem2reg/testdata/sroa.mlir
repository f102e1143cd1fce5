// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(sroa))' --split-input-file | FileCheck %s
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(sroa,mem2reg))' --split-input-file | FileCheck %s --check-prefix=PROMOTE

// A 2x3 slot accessed at constant indices splits into one memref<f32>
// per element used; mem2reg then removes them.
// CHECK-LABEL: func.func @split(
// CHECK-COUNT-2: memref.alloca() : memref<f32>
// CHECK-NOT:     memref.alloca
// CHECK:         memref.store %arg0, %[[A:.*]][] : memref<f32>
// CHECK:         memref.store %arg1, %[[B:.*]][] : memref<f32>
// CHECK:         memref.load %[[B]][] : memref<f32>
// CHECK:         memref.load %[[A]][] : memref<f32>
// PROMOTE-LABEL: func.func @split(
// PROMOTE-NOT:     memref
// PROMOTE:         %[[S:.*]] = arith.subf %arg1, %arg0 : f32
// PROMOTE:         return %[[S]] : f32
func.func @split(%x: f32, %y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<2x3xf32>
  memref.store %x, %m[%c0, %c2] : memref<2x3xf32>
  memref.store %y, %m[%c1, %c0] : memref<2x3xf32>
  %a = memref.load %m[%c1, %c0] : memref<2x3xf32>
  %b = memref.load %m[%c0, %c2] : memref<2x3xf32>
  %s = arith.subf %a, %b : f32
  return %s : f32
}

// -----

// A dynamic or out-of-bounds index, an escaping slot, a dynamic shape or
// more than 16 elements keep the slot whole.
// CHECK-LABEL: func.func @kept(
// CHECK:         memref.alloca() : memref<4xi32>
// CHECK:         memref.alloca() : memref<4xi32>
// CHECK:         memref.alloca() : memref<4xi32>
// CHECK:         memref.alloca(%{{.*}}) : memref<?x2xi32>
// CHECK:         memref.alloca() : memref<17xi32>
// CHECK-NOT:     memref<i32>
func.func private @use(memref<4xi32>)
func.func @kept(%x: i32, %i: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloca() : memref<4xi32>
  memref.store %x, %a[%i] : memref<4xi32>
  %b = memref.alloca() : memref<4xi32>
  memref.store %x, %b[%c4] : memref<4xi32>
  %c = memref.alloca() : memref<4xi32>
  memref.store %x, %c[%c0] : memref<4xi32>
  func.call @use(%c) : (memref<4xi32>) -> ()
  %d = memref.alloca(%c4) : memref<?x2xi32>
  memref.store %x, %d[%c0, %c0] : memref<?x2xi32>
  %e = memref.alloca() : memref<17xi32>
  memref.store %x, %e[%c0] : memref<17xi32>
  return
}
