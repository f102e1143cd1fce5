// RUN: kiln opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dim_and_rank
// CHECK-SAME: (%[[M:.*]]: memref<4x?xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C4]], %[[C2]], %[[N]]
func.func @dim_and_rank(%m: memref<4x?xf32>, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c0 : memref<4x?xf32>
  %1 = memref.rank %m : memref<4x?xf32>
  %a = memref.alloc(%n) : memref<8x?xf32>
  %2 = memref.dim %a, %c1 : memref<8x?xf32>
  "test.use"(%a) : (memref<8x?xf32>) -> ()
  return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: func.func @cast_into_access
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>, %[[I:.*]]: index, %[[V:.*]]: f32)
// CHECK-NEXT: %[[L:.*]] = memref.load %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[V]], %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: return %[[L]]
func.func @cast_into_access(%m: memref<4xf32>, %i: index, %v: f32) -> f32 {
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  %0 = memref.load %c[%i] : memref<?xf32>
  memref.store %v, %c[%i] : memref<?xf32>
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @cast_of_cast
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>)
// CHECK-NEXT: return %[[M]]
func.func @cast_of_cast(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}

// -----

// CHECK-LABEL: func.func @alloc_const_size
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<16xf32> to memref<?xf32>
// CHECK: "test.use"(%[[C]])
func.func @alloc_const_size() {
  %c16 = arith.constant 16 : index
  %a = memref.alloc(%c16) : memref<?xf32>
  "test.use"(%a) : (memref<?xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @dead_alloc
// CHECK-NEXT: return
func.func @dead_alloc() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloca() : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @self_copy
// CHECK-NEXT: return
func.func @self_copy(%m: memref<4xf32>) {
  memref.copy %m, %m : memref<4xf32> to memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @subview_constant_args
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[2, 4] [2, 4] [1, 1] : memref<8x16xf32> to memref<2x4xf32, strided<[16, 1], offset: 36>>
// CHECK: %[[C:.*]] = memref.cast %[[S]] : memref<2x4xf32, strided<[16, 1], offset: 36>> to memref<2x?xf32, strided<[16, 1], offset: ?>>
// CHECK: "test.use"(%[[C]])
func.func @subview_constant_args(%m: memref<8x16xf32>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c2, 4] [2, %c4] [1, 1] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 1], offset: ?>>
  "test.use"(%0) : (memref<2x?xf32, strided<[16, 1], offset: ?>>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @trivial_subview
// CHECK-SAME: (%[[M:.*]]: memref<8x16xf32, strided<[16, 1]>>)
// CHECK-NEXT: return %[[M]]
func.func @trivial_subview(%m: memref<8x16xf32, strided<[16, 1]>>) -> memref<8x16xf32, strided<[16, 1]>> {
  %0 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32, strided<[16, 1]>> to memref<8x16xf32, strided<[16, 1]>>
  return %0 : memref<8x16xf32, strided<[16, 1]>>
}

// -----

// CHECK-LABEL: func.func @static_metadata
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: return %[[C0]], %[[C4]], %{{.*}}, %{{.*}}, %[[C1]]
func.func @static_metadata(%m: memref<4x?xf32>) -> (index, index, index, index, index) {
  %base, %off, %s0, %s1, %t0, %t1 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  return %off, %s0, %s1, %t0, %t1 : index, index, index, index, index
}

// -----

// CHECK-LABEL: func.func @expand_collapse
// CHECK-SAME: (%[[M:.*]]: memref<8x16xf32>)
// CHECK-NEXT: return %[[M]]
func.func @expand_collapse(%m: memref<8x16xf32>) -> memref<8x16xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<2x4x16xf32> into memref<8x16xf32>
  return %1 : memref<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @dead_alloc_with_stores
// CHECK-NEXT: return
func.func @dead_alloc_with_stores(%v: f32, %i: index) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @distinct_objects_noop
// CHECK-NEXT: return %arg0
func.func @distinct_objects_noop(%arg0: memref<?xf16>) -> memref<?xf16> {
  %1 = memref.distinct_objects %arg0 : memref<?xf16>
  return %1 : memref<?xf16>
}

// -----

// A subview of a cast that only loses static information views the cast's
// source; the dropped unit dimension is the one whose stride is gone.
// CHECK-LABEL: func.func @subview_of_cast
// CHECK-SAME: (%[[A:.*]]: memref<1x1x?xf32, strided<[35, 7, 1], offset: ?>>)
// CHECK: %[[S:.*]] = memref.subview %[[A]][0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<1x1x?xf32, strided<[35, 7, 1], offset: ?>> to memref<1x4xf32, strided<[7, 1], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %[[S]] : memref<1x4xf32, strided<[7, 1], offset: ?>> to memref<1x4xf32, strided<[?, ?], offset: ?>>
// CHECK: return %[[C]]
func.func @subview_of_cast(%a: memref<1x1x?xf32, strided<[35, 7, 1], offset: ?>>) -> memref<1x4xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.cast %a : memref<1x1x?xf32, strided<[35, 7, 1], offset: ?>> to memref<1x1x?xf32, strided<[?, ?, ?], offset: ?>>
  %1 = memref.subview %0[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<1x1x?xf32, strided<[?, ?, ?], offset: ?>> to memref<1x4xf32, strided<[?, ?], offset: ?>>
  return %1 : memref<1x4xf32, strided<[?, ?], offset: ?>>
}

// -----

// Constant sizes of a rank-reducing subview become static.
// CHECK-LABEL: func.func @rank_reducing_constant_sizes
// CHECK: %[[S:.*]] = memref.subview %{{.*}}[0, %{{.*}}, %{{.*}}] [1, 1, %{{.*}}] [1, 1, 1] : memref<1x384x384xf32> to memref<1x?xf32, strided<[384, 1], offset: ?>>
// CHECK: memref.cast %[[S]] : memref<1x?xf32, strided<[384, 1], offset: ?>> to memref<?x?xf32, strided<[384, 1], offset: ?>>
func.func @rank_reducing_constant_sizes(%a: memref<1x384x384xf32>, %i: index, %j: index, %n: index) -> memref<?x?xf32, strided<[384, 1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %0 = memref.subview %a[0, %i, %j] [1, %c1, %n] [1, 1, 1] : memref<1x384x384xf32> to memref<?x?xf32, strided<[384, 1], offset: ?>>
  return %0 : memref<?x?xf32, strided<[384, 1], offset: ?>>
}

// -----

// Constant sizes of an allocation with a strided layout fold, keeping its symbols.
// CHECK-LABEL: func.func @alloc_strided_symbols
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[M:.*]] = memref.alloc()[%[[C1]], %[[C1]]] : memref<1xi32, strided<[?], offset: ?>>
// CHECK: memref.cast %[[M]] : memref<1xi32, strided<[?], offset: ?>> to memref<?xi32, strided<[?], offset: ?>>
func.func @alloc_strided_symbols() -> memref<?xi32, strided<[?], offset: ?>> {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%c1)[%c1, %c1] : memref<?xi32, strided<[?], offset: ?>>
  return %0 : memref<?xi32, strided<[?], offset: ?>>
}

// -----

// The dim of a view is the size operand that gave it.
// CHECK-LABEL: func.func @dim_of_views
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[K:.*]]: index, %[[I:.*]]: index)
// CHECK: return %[[N]], %[[K]]
func.func @dim_of_views(%m: memref<?x?xf32>, %n: index, %k: index, %i: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n], strides: [1] : memref<?x?xf32> to memref<?xf32>
  %0 = memref.dim %r, %c0 : memref<?xf32>
  %s = memref.subview %m[%i, 0] [1, %k] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %1 = memref.dim %s, %c0 : memref<?xf32, strided<[1], offset: ?>>
  return %0, %1 : index, index
}

// -----

// The dim of a reshape is loaded from its shape, right after the reshape.
// CHECK-LABEL: func.func @dim_of_reshape
// CHECK-SAME: (%[[M:.*]]: memref<*xf32>, %[[S:.*]]: memref<?xi32>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[L:.*]] = memref.load %[[S]][%[[C1]]] : memref<?xi32>
// CHECK: %[[D:.*]] = arith.index_cast %[[L]] : i32 to index
// CHECK: memref.store
// CHECK: return %[[D]]
func.func @dim_of_reshape(%m: memref<*xf32>, %s: memref<?xi32>) -> index {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  memref.store %c7, %s[%c1] : memref<?xi32>
  %0 = memref.dim %r, %c1 : memref<*xf32>
  return %0 : index
}

// -----

// Two collapses (or two expands) compose into one.
// CHECK-LABEL: func.func @compose_reshapes
// CHECK-SAME: (%[[A:.*]]: memref<?x?x?x?x?xf32>, %[[B:.*]]: memref<?x?xf32>)
// CHECK: memref.collapse_shape %[[A]] {{\[}}[0, 1, 2], [3, 4]] : memref<?x?x?x?x?xf32> into memref<?x?xf32>
// CHECK: memref.expand_shape %[[B]] {{\[}}[0, 1, 2], [3, 4]] : memref<?x?xf32> into memref<?x6x4x5x?xf32>
// CHECK-NOT: memref.{{.*}}_shape
func.func @compose_reshapes(%a: memref<?x?x?x?x?xf32>, %b: memref<?x?xf32>) -> (memref<?x?xf32>, memref<?x6x4x5x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1], [2], [3, 4]] : memref<?x?x?x?x?xf32> into memref<?x?x?xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
  %2 = memref.expand_shape %b [[0, 1], [2]] : memref<?x?xf32> into memref<?x4x?xf32>
  %3 = memref.expand_shape %2 [[0, 1], [2], [3, 4]] : memref<?x4x?xf32> into memref<?x6x4x5x?xf32>
  return %1, %3 : memref<?x?xf32>, memref<?x6x4x5x?xf32>
}

// -----

// A collapse of a cast that only loses static sizes collapses the source.
// CHECK-LABEL: func.func @collapse_of_cast
// CHECK-SAME: (%[[A:.*]]: memref<?x512x1x1xf32>)
// CHECK: %[[C:.*]] = memref.collapse_shape %[[A]] {{\[}}[0], [1, 2, 3]] : memref<?x512x1x1xf32> into memref<?x512xf32>
// CHECK: %[[R:.*]] = memref.cast %[[C]] : memref<?x512xf32> to memref<?x?xf32>
// CHECK: return %[[R]]
func.func @collapse_of_cast(%a: memref<?x512x1x1xf32>) -> memref<?x?xf32> {
  %0 = memref.cast %a : memref<?x512x1x1xf32> to memref<?x?x?x?xf32>
  %1 = memref.collapse_shape %0 [[0], [1, 2, 3]] : memref<?x?x?x?xf32> into memref<?x?xf32>
  return %1 : memref<?x?xf32>
}

// -----

// A subview of all of its source with another layout is a cast.
// CHECK-LABEL: func.func @trivial_subview
// CHECK-SAME: (%[[A:.*]]: memref<20x42xf32>)
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<20x42xf32> to memref<20x42xf32, strided<[42, 1]>>
// CHECK: return %[[C]]
func.func @trivial_subview(%a: memref<20x42xf32>) -> memref<20x42xf32, strided<[42, 1]>> {
  %0 = memref.subview %a[0, 0] [20, 42] [1, 1] : memref<20x42xf32> to memref<20x42xf32, strided<[42, 1]>>
  return %0 : memref<20x42xf32, strided<[42, 1]>>
}

// -----

// A reinterpret_cast views the source of a reinterpret_cast, cast or
// zero-offset subview directly.
// CHECK-LABEL: func.func @reinterpret_sources
// CHECK-SAME: (%[[A:.*]]: memref<?xi8>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: %[[R0:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[M]]], strides: [1]
// CHECK: %[[R1:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[N]]], strides: [1]
// CHECK: %[[R2:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[M]]], strides: [1]
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @reinterpret_sources(%a: memref<?xi8>, %n: index, %m: index) -> (memref<?xi8>, memref<?xi8>, memref<?xi8>) {
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [%n], strides: [1] : memref<?xi8> to memref<?xi8>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [%m], strides: [1] : memref<?xi8> to memref<?xi8>
  %c = memref.cast %a : memref<?xi8> to memref<5xi8>
  %2 = memref.reinterpret_cast %c to offset: [0], sizes: [%n], strides: [1] : memref<5xi8> to memref<?xi8>
  %s = memref.subview %a[0] [%n] [1] : memref<?xi8> to memref<?xi8>
  %3 = memref.reinterpret_cast %s to offset: [0], sizes: [%m], strides: [1] : memref<?xi8> to memref<?xi8>
  return %1, %2, %3 : memref<?xi8>, memref<?xi8>, memref<?xi8>
}

// -----

// A reinterpret_cast that rebuilds its metadata's memref is that memref (or a cast of it).
// CHECK-LABEL: func.func @reinterpret_of_metadata
// CHECK-SAME: (%[[A:.*]]: memref<8x2xf32>)
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<8x2xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: return %[[C]]
func.func @reinterpret_of_metadata(%a: memref<8x2xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// An alloca_scope that is the last op of a function body is inlined; one
// whose contents cannot allocate on the stack is inlined anywhere.
// CHECK-LABEL: func.func @alloca_scope_inline
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: memref<f32>, %[[X:.*]]: f32)
// CHECK-NEXT: memref.store %[[X]], %[[M]][] : memref<f32>
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: %[[B:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-NEXT: "test.use"(%[[B]]) : (memref<?xf32>) -> ()
// CHECK-NEXT: return
func.func @alloca_scope_inline(%n: index, %m: memref<f32>, %x: f32) {
  memref.alloca_scope {
    memref.store %x, %m[] : memref<f32>
  }
  "test.op"() : () -> ()
  memref.alloca_scope {
    %b = memref.alloca(%n) : memref<?xf32>
    "test.use"(%b) : (memref<?xf32>) -> ()
  }
  return
}

// A scope in another op keeps its allocas, but those whose sizes come from
// outside that op move before it when nothing follows them.
// CHECK-LABEL: func.func @alloca_scope_hoist
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NEXT: %[[A:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: memref.alloca_scope {
// CHECK-NEXT: %[[K:.*]] = "test.count"() : () -> index
// CHECK-NEXT: %[[C:.*]] = memref.alloca(%[[K]]) : memref<?xf32>
// CHECK-NEXT: "test.use"(%[[A]], %[[C]]) : (memref<?xf32>, memref<?xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "test.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return
func.func @alloca_scope_hoist(%n: index) {
  "test.region"() ({
    memref.alloca_scope {
      %a = memref.alloca(%n) : memref<?xf32>
      %k = "test.count"() : () -> index
      %c = memref.alloca(%k) : memref<?xf32>
      "test.use"(%a, %c) : (memref<?xf32>, memref<?xf32>) -> ()
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A constant size that would run the slice out of bounds is not folded into
// the op, which would then be invalid.
// CHECK-LABEL: func @subview_no_fold_out_of_bounds_constant
// CHECK: memref.subview %arg0[2] [%{{.*}}] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: 2>>
func.func @subview_no_fold_out_of_bounds_constant(%arg0: memref<10xf32>) -> memref<?xf32, strided<[1], offset: 2>> {
  %c11 = arith.constant 11 : index
  %0 = memref.subview %arg0[2] [%c11] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: 2>>
  return %0 : memref<?xf32, strided<[1], offset: 2>>
}

// -----

// A copy from or to a memref of no elements does nothing.
// CHECK-LABEL: func @copy_of_nothing
// CHECK-NEXT: return
func.func @copy_of_nothing(%a: memref<0x4xf32>, %b: memref<?x4xf32>) {
  memref.copy %a, %b : memref<0x4xf32> to memref<?x4xf32>
  memref.copy %b, %a : memref<?x4xf32> to memref<0x4xf32>
  return
}

// -----

// Two transposes are one; two that undo each other are none.
// CHECK-LABEL: func @transpose_of_transpose(
// CHECK-SAME: %[[A:.*]]: memref<2x3x4xf32>
// CHECK: %[[T:.*]] = memref.transpose %[[A]] (d0, d1, d2) -> (d2, d0, d1)
// CHECK: return %[[T]], %[[A]]
func.func @transpose_of_transpose(%a: memref<2x3x4xf32>) -> (memref<4x2x3xf32, strided<[1, 12, 4]>>, memref<2x3x4xf32>) {
  %0 = memref.transpose %a (d0, d1, d2) -> (d1, d0, d2) : memref<2x3x4xf32> to memref<3x2x4xf32, strided<[4, 12, 1]>>
  %1 = memref.transpose %0 (d0, d1, d2) -> (d2, d1, d0) : memref<3x2x4xf32, strided<[4, 12, 1]>> to memref<4x2x3xf32, strided<[1, 12, 4]>>
  %2 = memref.transpose %0 (d0, d1, d2) -> (d1, d0, d2) : memref<3x2x4xf32, strided<[4, 12, 1]>> to memref<2x3x4xf32>
  return %1, %2 : memref<4x2x3xf32, strided<[1, 12, 4]>>, memref<2x3x4xf32>
}

// -----

// collapse(expand(x)) with the same groups is x, cast when the layouts differ.
// CHECK-LABEL: func @collapse_of_expand_cast(
// CHECK-SAME: %[[M:.*]]: memref<?xf32, strided<[1]>>
// CHECK: %[[C:.*]] = memref.cast %[[M]] : memref<?xf32, strided<[1]>> to memref<?xf32>
// CHECK: return %[[C]]
func.func @collapse_of_expand_cast(%m: memref<?xf32, strided<[1]>>, %n: index) -> memref<?xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [1, %n] : memref<?xf32, strided<[1]>> into memref<1x?xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<1x?xf32> into memref<?xf32>
  return %1 : memref<?xf32>
}

// -----

// memref.dealloc, affine.load and affine.store fold a memref.cast of a
// ranked memref into their memref operand, as memref.load does; a dead
// alloc freed through a cast then goes with its dealloc.
// CHECK-LABEL: func.func @cast_into_dealloc_and_affine_access
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>, %[[I:.*]]: index, %[[V:.*]]: f32)
// CHECK-NEXT: %[[L:.*]] = affine.load %[[M]][symbol(%[[I]])] : memref<4xf32>
// CHECK-NEXT: affine.store %[[V]], %[[M]][symbol(%[[I]])] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[M]] : memref<4xf32>
// CHECK-NEXT: return %[[L]]
func.func @cast_into_dealloc_and_affine_access(%m: memref<4xf32>, %i: index, %v: f32) -> f32 {
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  %0 = affine.load %c[%i] : memref<?xf32>
  affine.store %v, %c[%i] : memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  %a = memref.alloc() : memref<8xf32>
  %ac = memref.cast %a : memref<8xf32> to memref<?xf32>
  memref.store %v, %ac[%i] : memref<?xf32>
  memref.dealloc %ac : memref<?xf32>
  return %0 : f32
}

// -----

// An unranked source stays behind its cast.
// CHECK-LABEL: func.func @unranked_cast_not_into_dealloc
// CHECK: %[[C:.*]] = memref.cast
// CHECK-NEXT: memref.dealloc %[[C]] : memref<?xf32>
func.func @unranked_cast_not_into_dealloc(%m: memref<*xf32>) {
  %c = memref.cast %m : memref<*xf32> to memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  return
}

// -----

// A realloc whose result is only stored into is dead (MLIR's
// SimplifyDeadAlloc on memref.realloc); one whose result is read stays.
// CHECK-LABEL: func.func @realloc_dead
// CHECK-SAME: (%[[S:.*]]: memref<2xf32>, %[[V:.*]]: f32)
// CHECK-NEXT: %[[R:.*]] = memref.realloc %[[S]] : memref<2xf32> to memref<8xf32>
// CHECK-NEXT: return %[[S]], %[[R]]
func.func @realloc_dead(%src: memref<2xf32>, %v: f32) -> (memref<2xf32>, memref<8xf32>) {
  %c2 = arith.constant 2 : index
  %0 = memref.realloc %src : memref<2xf32> to memref<4xf32>
  memref.store %v, %0[%c2] : memref<4xf32>
  %1 = memref.realloc %src : memref<2xf32> to memref<8xf32>
  return %src, %1 : memref<2xf32>, memref<8xf32>
}

// -----

// A constant zero stride stays an operand of memref.subview (MLIR's
// foldDynamicStrideList); a constant non-zero one folds in.
// CHECK-LABEL: func.func @subview_zero_stride_kept
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.subview %{{.*}}[1] [1] [%[[C0]]] : memref<10xf32> to memref<1xf32, strided<[?], offset: 1>>
// CHECK: memref.subview %{{.*}}[1] [4] [2] : memref<10xf32> to memref<4xf32, strided<[2], offset: 1>>
func.func @subview_zero_stride_kept(%m: memref<10xf32>) -> (memref<1xf32, strided<[?], offset: 1>>, memref<4xf32, strided<[?], offset: 1>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = memref.subview %m[1] [1] [%c0] : memref<10xf32> to memref<1xf32, strided<[?], offset: 1>>
  %1 = memref.subview %m[1] [4] [%c2] : memref<10xf32> to memref<4xf32, strided<[?], offset: 1>>
  return %0, %1 : memref<1xf32, strided<[?], offset: 1>>, memref<4xf32, strided<[?], offset: 1>>
}

// -----

// A reinterpret_cast of the base buffer of extract_strided_metadata that
// does not rebuild the same view reads the metadata's source directly (it
// only uses the base pointer, which both share); the metadata op, now
// unused, goes.
// CHECK-LABEL: func.func @reinterpret_of_metadata_base
// CHECK-SAME: (%[[M:.*]]: memref<8x2xf32>)
// CHECK-NOT: extract_strided_metadata
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[M]] to offset: [4], sizes: [2, 2], strides: [2, 1] : memref<8x2xf32> to memref<2x2xf32, strided<[2, 1], offset: 4>>
// CHECK-NEXT: return %[[R]]
func.func @reinterpret_of_metadata_base(%m: memref<8x2xf32>) -> memref<2x2xf32, strided<[2, 1], offset: 4>> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [4], sizes: [2, 2], strides: [2, 1] : memref<f32> to memref<2x2xf32, strided<[2, 1], offset: 4>>
  return %r : memref<2x2xf32, strided<[2, 1], offset: 4>>
}

// -----

// Constant sizes of a view become static, the view cast back to its old
// type (the loads then read the static view); a negative constant stays an
// operand. A view of a cast views the cast's source, unless that source
// could not be viewed (a strided layout).
// CHECK-LABEL: func.func @view_constant_sizes
// CHECK-SAME: (%[[B:.*]]: memref<2048xi8>, %[[S:.*]]: memref<?xi8, strided<[1], offset: ?>>, %[[N:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: %[[V0:.*]] = memref.view %[[B]][%[[C8]]][] : memref<2048xi8> to memref<4x8xf32>
// CHECK: memref.load %[[V0]][%[[C0]], %[[C0]]] : memref<4x8xf32>
// CHECK: %[[V1:.*]] = memref.view %[[B]][%[[C8]]][%[[N]]] : memref<2048xi8> to memref<?x4xf32>
// CHECK: memref.load %[[V1]][%[[C0]], %[[C0]]] : memref<?x4xf32>
// CHECK: %[[V2:.*]] = memref.view %[[B]][%[[C0]]][%[[CM1]]] : memref<2048xi8> to memref<?xf32>
// CHECK: memref.load %[[V2]][%[[C0]]] : memref<?xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[S]] : memref<?xi8, strided<[1], offset: ?>> to memref<?xi8>
// CHECK: memref.view %[[CAST]][%[[C0]]][] : memref<?xi8> to memref<2xf32>
func.func @view_constant_sizes(%b: memref<2048xi8>, %s: memref<?xi8, strided<[1], offset: ?>>, %n: index) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %cm1 = arith.constant -1 : index
  %v0 = memref.view %b[%c8][%c4, %c8] : memref<2048xi8> to memref<?x?xf32>
  %r0 = memref.load %v0[%c0, %c0] : memref<?x?xf32>
  %cast = memref.cast %b : memref<2048xi8> to memref<?xi8>
  %v1 = memref.view %cast[%c8][%n, %c4] : memref<?xi8> to memref<?x?xf32>
  %r1 = memref.load %v1[%c0, %c0] : memref<?x?xf32>
  %v2 = memref.view %b[%c0][%cm1] : memref<2048xi8> to memref<?xf32>
  %r2 = memref.load %v2[%c0] : memref<?xf32>
  %cast2 = memref.cast %s : memref<?xi8, strided<[1], offset: ?>> to memref<?xi8>
  %v3 = memref.view %cast2[%c0][] : memref<?xi8> to memref<2xf32>
  %r3 = memref.load %v3[%c0] : memref<2xf32>
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}

// -----

// A view of the whole buffer, with no shift and the same static type, is
// the buffer; a shifted one or one with a dynamic size is not.
// CHECK-LABEL: func.func @view_identity
// CHECK-SAME: (%[[B:.*]]: memref<16xi8>, %[[D:.*]]: memref<?xi8>, %[[I:.*]]: index)
// CHECK: %[[V:.*]] = memref.view %[[B]][%[[I]]][] : memref<16xi8> to memref<16xi8>
// CHECK: %[[W:.*]] = memref.view %[[D]][%{{.*}}][%[[I]]] : memref<?xi8> to memref<?xi8>
// CHECK: return %[[B]], %[[V]], %[[W]]
func.func @view_identity(%b: memref<16xi8>, %d: memref<?xi8>, %i: index) -> (memref<16xi8>, memref<16xi8>, memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %0 = memref.view %b[%c0][] : memref<16xi8> to memref<16xi8>
  %1 = memref.view %b[%i][] : memref<16xi8> to memref<16xi8>
  %2 = memref.view %d[%c0][%i] : memref<?xi8> to memref<?xi8>
  return %0, %1, %2 : memref<16xi8>, memref<16xi8>, memref<?xi8>
}

// -----

// An alignment assumed again, at the same alignment, on the result of an
// assumption is that result; at another alignment it stays.
// CHECK-LABEL: func.func @assume_alignment_chain
// CHECK-SAME: (%[[M:.*]]: memref<8xf32>)
// CHECK-NEXT: %[[A:.*]] = memref.assume_alignment %[[M]], 16 : memref<8xf32>
// CHECK-NEXT: %[[B:.*]] = memref.assume_alignment %[[A]], 32 : memref<8xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @assume_alignment_chain(%m: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>) {
  %a = memref.assume_alignment %m, 16 : memref<8xf32>
  %b = memref.assume_alignment %a, 16 : memref<8xf32>
  %c = memref.assume_alignment %b, 32 : memref<8xf32>
  return %b, %c : memref<8xf32>, memref<8xf32>
}

// -----

// A subview taking, at zero offsets and unit strides, the same sizes as the
// subview giving its source (the same value, or equal constants) is that
// source; one with another size value stays.
// CHECK-LABEL: func.func @subview_of_same_subview
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>, %[[I:.*]]: index, %[[N:.*]]: index, %[[K:.*]]: index)
// CHECK: %[[S:.*]] = memref.subview %[[M]][%[[I]], %[[I]]] [%[[N]], 4] [1, 1]
// CHECK: %[[T:.*]] = memref.subview %[[S]][0, 0] [%[[K]], 4] [1, 1]
// CHECK: return %[[S]], %[[T]]
func.func @subview_of_same_subview(%m: memref<?x?xf32>, %i: index, %n: index, %k: index)
    -> (memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<?x4xf32, strided<[?, 1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[%i, %i] [%n, 4] [1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %same = memref.subview %s[%c0, 0] [%n, 4] [1, 1] : memref<?x4xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %other = memref.subview %s[0, 0] [%k, 4] [1, 1] : memref<?x4xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  return %same, %other : memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<?x4xf32, strided<[?, 1], offset: ?>>
}

// -----

// expand(collapse(x)) with the same groups is a cast of x when the types
// differ only in the strides of unit dimensions.
// CHECK-LABEL: func.func @expand_of_collapse_to_cast
// CHECK-SAME: (%[[M:.*]]: memref<1x1x4x8xi8, strided<[512, 32, 8, 1]>>)
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[M]] : memref<1x1x4x8xi8, strided<[512, 32, 8, 1]>> to memref<1x1x4x8xi8, strided<[32, 32, 8, 1]>>
// CHECK-NEXT: return %[[C]]
func.func @expand_of_collapse_to_cast(%m: memref<1x1x4x8xi8, strided<[512, 32, 8, 1]>>) -> memref<1x1x4x8xi8, strided<[32, 32, 8, 1]>> {
  %c = memref.collapse_shape %m [[0, 1, 2], [3]] : memref<1x1x4x8xi8, strided<[512, 32, 8, 1]>> into memref<4x8xi8, strided<[8, 1]>>
  %e = memref.expand_shape %c [[0, 1, 2], [3]] output_shape [1, 1, 4, 8] : memref<4x8xi8, strided<[8, 1]>> into memref<1x1x4x8xi8, strided<[32, 32, 8, 1]>>
  return %e : memref<1x1x4x8xi8, strided<[32, 32, 8, 1]>>
}

// -----

// extract_strided_metadata reads through a cast, then gives the source's
// static size as a constant.
// CHECK-LABEL: func.func @metadata_of_cast
// CHECK-SAME: (%[[M:.*]]: memref<4x?xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[B:.*]], %{{.*}}, %[[S:.*]]:2, %[[T:.*]]:2 = memref.extract_strided_metadata %[[M]] : memref<4x?xf32>
// CHECK: return %[[C4]], %[[S]]#1, %[[T]]#0, %[[C1]], %[[B]]
func.func @metadata_of_cast(%m: memref<4x?xf32>) -> (index, index, index, index, memref<f32>) {
  %c = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %base, %off, %s:2, %st:2 = memref.extract_strided_metadata %c : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  return %s#0, %s#1, %st#0, %st#1, %base : index, index, index, index, memref<f32>
}

// -----

// A load of a constant global holding a splat is that value whatever the
// index; a load of a non-splat constant or of a mutable global stays.
memref.global "private" constant @splat : memref<4xf32> = dense<2.0>
memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
memref.global "private" @mutable : memref<4xf32> = dense<2.0>
// CHECK-LABEL: func.func @load_of_constant_global
// CHECK-DAG: %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[T:.*]] = memref.get_global @table
// CHECK-DAG: %[[M:.*]] = memref.get_global @mutable
// CHECK-DAG: %[[L1:.*]] = memref.load %[[T]]
// CHECK-DAG: %[[L2:.*]] = memref.load %[[M]]
// CHECK: return %[[C]], %[[L1]], %[[L2]]
func.func @load_of_constant_global(%i: index) -> (f32, f32, f32) {
  %0 = memref.get_global @splat : memref<4xf32>
  %1 = memref.load %0[%i] : memref<4xf32>
  %2 = memref.get_global @table : memref<2xf32>
  %3 = memref.load %2[%i] : memref<2xf32>
  %4 = memref.get_global @mutable : memref<4xf32>
  %5 = memref.load %4[%i] : memref<4xf32>
  return %1, %3, %5 : f32, f32, f32
}

// -----

// Constant operands of a reinterpret_cast become static (not a negative
// size), the new result cast back to the old type.
// CHECK-LABEL: func.func @reinterpret_constant_args
// CHECK-SAME: (%[[M:.*]]: memref<64xf32>, %[[I:.*]]: index)
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[M]] to offset: [2], sizes: [4, 8], strides: [8, 1] : memref<64xf32> to memref<4x8xf32, strided<[8, 1], offset: 2>>
// CHECK: %[[C:.*]] = memref.cast %[[R]] : memref<4x8xf32, strided<[8, 1], offset: 2>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[N:.*]] = memref.reinterpret_cast %[[M]] to offset: [%[[I]]], sizes: [%[[CM1]]], strides: [1] : memref<64xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: return %[[C]], %[[N]]
func.func @reinterpret_constant_args(%m: memref<64xf32>, %i: index)
    -> (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %cm1 = arith.constant -1 : index
  %r = memref.reinterpret_cast %m to offset: [%c2], sizes: [%c4, %c8], strides: [%c8, 1] : memref<64xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %n = memref.reinterpret_cast %m to offset: [%i], sizes: [%cm1], strides: [1] : memref<64xf32> to memref<?xf32, strided<[1], offset: ?>>
  return %r, %n : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>
}
