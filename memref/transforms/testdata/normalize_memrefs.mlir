// RUN: kiln opt %s --normalize-memrefs --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: not kiln opt %s --pass-pipeline='builtin.module(func.func(normalize-memrefs))' --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NEST

// NEST: can't add pass 'normalize-memrefs' restricted to 'builtin.module' on a pipeline that runs on 'func.func'

// A tiled layout: the buffer gets the tile grid's shape (4 rows of 8, the
// last padded), each access the layout map composed into its subscripts.
// CHECK-LABEL: func.func @tiled(
// CHECK-SAME:    %[[I:.*]]: index)
// CHECK:         %[[A:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4x8xf32>
// CHECK:         affine.for %[[J:.*]] = 0 to 30 {
// CHECK:           %[[V:.*]] = affine.load %[[A]][%[[J]] floordiv 8, %[[J]] mod 8] : memref<4x8xf32>
// CHECK:           affine.store %[[V]], %[[A]][(%[[J]] + 1) floordiv 8, {{.*}}] : memref<4x8xf32>
// CHECK:         %[[L:.*]] = affine.apply #{{.*}}()[%[[I]]]
// CHECK:         %[[M:.*]] = affine.apply #{{.*}}()[%[[I]]]
// CHECK:         memref.load %[[A]][%[[L]], %[[M]]] : memref<4x8xf32>
// CHECK:         memref.dealloc %[[A]] : memref<4x8xf32>
func.func @tiled(%i: index) -> f32 {
  %a = memref.alloc() {alignment = 16} : memref<30xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
  affine.for %j = 0 to 30 {
    %v = affine.load %a[%j] : memref<30xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
    affine.store %v, %a[%j + 1] : memref<30xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
  }
  %r = memref.load %a[%i] : memref<30xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
  memref.dealloc %a : memref<30xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
  return %r : f32
}

// -----

// Maps the pass leaves: a semi-affine one, one reaching below zero, one
// whose extent depends on a symbol, one whose extent overflows int64, and
// a dynamic memref's layout that is not tiled (as MLIR leaves it).
// CHECK-LABEL: func.func @kept(
// CHECK:         memref.alloc()[%{{.*}}] : memref<4x4xf32, #{{.*}}>
// CHECK:         memref.alloc() : memref<4x4xf32, #{{.*}}>
// CHECK:         memref.alloca()[%{{.*}}] : memref<4xf32, #{{.*}}>
// CHECK:         memref.alloca() : memref<4611686018427387904xi8, #{{.*}}>
// CHECK:         memref.alloc(%{{.*}}) : memref<?x4xf32, #{{.*}}>
func.func @kept(%s: index) {
  %a = memref.alloc()[%s] : memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>
  %b = memref.alloc() : memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1 - 8)>>
  %c = memref.alloca()[%s] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %d = memref.alloca() : memref<4611686018427387904xi8, affine_map<(d0) -> (d0 * 4)>>
  %e = memref.alloc(%s) : memref<?x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----

// Arguments, results and calls: the signatures and every call site follow,
// an external function's too; a function with a layout-mapped memref used
// by an op without the MemRefsNormalizable trait is left alone, and so are
// its callers and callees.
// CHECK-LABEL: func.func private @ext(memref<2x4xf32>) -> memref<4x2xf32>
func.func private @ext(memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>

// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[A:.*]]: memref<2x4xf32>) -> memref<4x2xf32>
// CHECK:         %[[R:.*]] = call @ext(%[[A]]) : (memref<2x4xf32>) -> memref<4x2xf32>
// CHECK:         %[[V:.*]] = affine.load %[[R]][1, 0] : memref<4x2xf32>
// CHECK:         affine.store %[[V]], %[[A]][0, 3] : memref<2x4xf32>
// CHECK:         return %[[R]] : memref<4x2xf32>
func.func @caller(%a: memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>> {
  %r = call @ext(%a) : (memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %v = affine.load %r[0, 1] : memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  affine.store %v, %a[3] : memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
  return %r : memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
}

// CHECK-LABEL: func.func @calls_caller(
// CHECK-SAME:    %[[A:.*]]: memref<2x4xf32>) -> memref<4x2xf32>
// CHECK:         %[[R:.*]] = call @caller(%[[A]]) : (memref<2x4xf32>) -> memref<4x2xf32>
// CHECK:         return %[[R]] : memref<4x2xf32>
func.func @calls_caller(%a: memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>> {
  %r = call @caller(%a) : (memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return %r : memref<2x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
}

// CHECK-LABEL: func.func @escapes(
// CHECK-SAME:    memref<8xf32, #{{.*}}>)
// CHECK:         "user.op"
// CHECK:         call @callee(%{{.*}}) : (memref<8xf32, #{{.*}}>) -> ()
func.func @escapes(%a: memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) {
  "user.op"(%a) : (memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> ()
  call @callee(%a) : (memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) -> ()
  return
}

// CHECK-LABEL: func.func @callee(
// CHECK-SAME:    memref<8xf32, #{{.*}}>)
func.func @callee(%a: memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) {
  return
}

// -----

// A reinterpret_cast to a strided layout becomes one to the extent it
// reaches (1 * 4 + 2, plus one);
// results of ops with the trait (affine.parallel) follow their yields.
// CHECK-LABEL: func.func @views(
// CHECK-SAME:    %[[M:.*]]: memref<16xf32>) -> memref<3x4xf32>
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [7], strides: [1] : memref<16xf32> to memref<7xf32>
// CHECK:         affine.load %[[R]][5] : memref<7xf32>
// CHECK:         %[[A:.*]] = memref.alloc() : memref<3x4xf32>
// CHECK:         %[[P:.*]] = affine.parallel (%[[I:.*]]) = (0) to (10) reduce ("assign") -> (memref<3x4xf32>) {
// CHECK:           affine.store %{{.*}}, %[[A]][%[[I]] floordiv 4, %[[I]] mod 4] : memref<3x4xf32>
// CHECK:           affine.yield %[[A]] : memref<3x4xf32>
// CHECK:         return %[[P]] : memref<3x4xf32>
func.func @views(%m: memref<16xf32>) -> memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>> {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 3], strides: [4, 1] : memref<16xf32> to memref<2x3xf32, strided<[4, 1]>>
  %v = affine.load %r[1, 1] : memref<2x3xf32, strided<[4, 1]>>
  %a = memref.alloc() : memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
  %p = affine.parallel (%i) = (0) to (10) reduce ("assign") -> memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>> {
    affine.store %v, %a[%i] : memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
    affine.yield %a : memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
  }
  return %p : memref<10xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>
}

// -----

// DMA ops remap each memref's subscripts through its own map.
// CHECK-LABEL: func.func @dma(
// CHECK-SAME:    %[[N:.*]]: index)
// CHECK:         %[[SRC:.*]] = memref.alloc() : memref<5x8xf32>
// CHECK:         %[[DST:.*]] = memref.alloc() : memref<40xf32, 2>
// CHECK:         %[[TAG:.*]] = memref.alloc() : memref<4xi32>
// CHECK:         affine.for %[[I:.*]] = 0 to 5 {
// CHECK:           affine.dma_start %[[SRC]][%[[I]], 0], %[[DST]][%[[I]]], %[[TAG]][-%[[I]] + (%[[I]] floordiv 4) * 4 + 3], %[[N]] : memref<5x8xf32>, memref<40xf32, 2>, memref<4xi32>
// CHECK:           affine.dma_wait %[[TAG]][-%[[I]] + (%[[I]] floordiv 4) * 4 + 3], %[[N]] : memref<4xi32>
func.func @dma(%n: index) {
  %src = memref.alloc() : memref<40xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>
  %dst = memref.alloc() : memref<40xf32, 2>
  %tag = memref.alloc() : memref<4xi32, affine_map<(d0) -> (3 - d0)>>
  affine.for %i = 0 to 5 {
    affine.dma_start %src[%i * 8], %dst[%i], %tag[%i mod 4], %n : memref<40xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>, memref<40xf32, 2>, memref<4xi32, affine_map<(d0) -> (3 - d0)>>
    affine.dma_wait %tag[%i mod 4], %n : memref<4xi32, affine_map<(d0) -> (3 - d0)>>
  }
  return
}
