// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s

#map = affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>

// CHECK-LABEL: func.func @alloc_ops
func.func @alloc_ops(%d: index, %s: index) {
  // CHECK: %{{.*}} = memref.alloc() : memref<4xf32>
  %0 = memref.alloc() : memref<4xf32>
  // CHECK: %{{.*}} = memref.alloc(%{{.*}}) {alignment = 16 : i64} : memref<?x4xf32, 1>
  %1 = memref.alloc(%d) {alignment = 16 : i64} : memref<?x4xf32, 1>
  // CHECK: %{{.*}} = memref.alloc(%{{.*}})[%{{.*}}] : memref<4x?xf32, #map>
  %2 = memref.alloc(%d)[%s] : memref<4x?xf32, #map>
  // CHECK: %{{.*}} = memref.alloca() : memref<2xi32, #gpu.address_space<workgroup>>
  %3 = memref.alloca() : memref<2xi32, #gpu.address_space<workgroup>>
  // CHECK: %{{.*}} = memref.alloca() : memref<2xi32, #spirv.storage_class<StorageBuffer>>
  %4 = memref.alloca() : memref<2xi32, #spirv.storage_class<StorageBuffer>>
  // CHECK: memref.dealloc %{{.*}} : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  "test.use"(%1, %2, %3, %4) : (memref<?x4xf32, 1>, memref<4x?xf32, #map>, memref<2xi32, #gpu.address_space<workgroup>>, memref<2xi32, #spirv.storage_class<StorageBuffer>>) -> ()
  return
}

// CHECK-LABEL: func.func @access
func.func @access(%m: memref<4x4xf32>, %i: index, %j: index, %v: f32) -> f32 {
  // CHECK: %[[L:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x4xf32>
  %0 = memref.load %m[%i, %j] : memref<4x4xf32>
  // CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {nontemporal = true} : memref<4x4xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<4x4xf32>
  // CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x4xf32>
  memref.store %v, %m[%i, %j] : memref<4x4xf32>
  // CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64, nontemporal = true} : memref<4x4xf32>
  memref.store %v, %m[%i, %j] {nontemporal = true, alignment = 8} : memref<4x4xf32>
  %s = arith.addf %0, %1 : f32
  return %s : f32
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) -> index {
  // CHECK: memref.dim %{{.*}}, %{{.*}} : memref<4x?xf32>
  %0 = memref.dim %m, %i : memref<4x?xf32>
  // CHECK: memref.rank %{{.*}} : memref<*xf32>
  %1 = memref.rank %u : memref<*xf32>
  // CHECK: memref.cast %{{.*}} : memref<4x?xf32> to memref<?x?xf32>
  %2 = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  // CHECK: memref.cast %{{.*}} : memref<4x?xf32> to memref<*xf32>
  %3 = memref.cast %m : memref<4x?xf32> to memref<*xf32>
  // CHECK: memref.cast %{{.*}} : memref<*xf32> to memref<4x?xf32>
  %4 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  // CHECK: memref.memory_space_cast %{{.*}} : memref<4x?xf32> to memref<4x?xf32, 3>
  %5 = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf32, 3>
  "test.use"(%2, %3, %4, %5) : (memref<?x?xf32>, memref<*xf32>, memref<4x?xf32>, memref<4x?xf32, 3>) -> ()
  %r = arith.addi %0, %1 : index
  return %r : index
}

// CHECK-LABEL: func.func @views
func.func @views(%m: memref<8x16xf32>, %o: index, %s: index, %b: memref<2048xi8>, %u: memref<*xf32>) {
  // CHECK: memref.subview %{{.*}}[%{{.*}}, 4] [2, %{{.*}}] [1, 1] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 1], offset: ?>>
  %0 = memref.subview %m[%o, 4] [2, %s] [1, 1] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 1], offset: ?>>
  // CHECK: memref.subview %{{.*}}[0, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1]>>
  %1 = memref.subview %m[0, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1]>>
  // CHECK: memref.subview %{{.*}}[1, 4] [3, 4] [2, 3] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 3], offset: 20>>
  %2 = memref.subview %m[1, 4] [3, 4] [2, 3] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 3], offset: 20>>
  %r = memref.subview %m[1, 0] [3, 16] [1, 1] : memref<8x16xf32> to memref<3x16xf32, strided<[16, 1], offset: 16>>
  // CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [10, %{{.*}}], strides: [%{{.*}}, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1]>>
  %3 = memref.reinterpret_cast %u to offset: [0], sizes: [10, %s], strides: [%s, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1]>>
  // CHECK: memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<2048xi8> to memref<?x4xf32>
  %4 = memref.view %b[%o][%s] : memref<2048xi8> to memref<?x4xf32>
  // CHECK: memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  %t = memref.transpose %m (i, j) -> (j, i) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  "test.use"(%t) : (memref<16x8xf32, strided<[1, 16]>>) -> ()
  // CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %5 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  // CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<8x16xf32> into memref<128xf32>
  %6 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  // The form before output_shape existed is kept.
  // CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<8x16xf32> into memref<2x4x16xf32>
  %7 = memref.expand_shape %m [[0, 1], [2]] : memref<8x16xf32> into memref<2x4x16xf32>
  // CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [%{{.*}}, 4] : memref<?xf32, strided<[2], offset: ?>> into memref<?x4xf32, strided<[8, 2], offset: ?>>
  %s1 = memref.subview %m[0, 0] [1, %s] [1, 2] : memref<8x16xf32> to memref<?xf32, strided<[2]>>
  %c8 = memref.cast %s1 : memref<?xf32, strided<[2]>> to memref<?xf32, strided<[2], offset: ?>>
  %8 = memref.expand_shape %c8 [[0, 1]] output_shape [%o, 4] : memref<?xf32, strided<[2], offset: ?>> into memref<?x4xf32, strided<[8, 2], offset: ?>>
  // CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<3x16xf32, strided<[16, 1], offset: 16>> into memref<48xf32, strided<[1], offset: 16>>
  %9 = memref.collapse_shape %r [[0, 1]] : memref<3x16xf32, strided<[16, 1], offset: 16>> into memref<48xf32, strided<[1], offset: 16>>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (memref<2x?xf32, strided<[16, 1], offset: ?>>, memref<16xf32, strided<[1]>>, memref<3x4xf32, strided<[32, 3], offset: 20>>, memref<10x?xf32, strided<[?, 1]>>, memref<?x4xf32>, memref<2x4x16xf32>, memref<128xf32>, memref<2x4x16xf32>, memref<?x4xf32, strided<[8, 2], offset: ?>>, memref<48xf32, strided<[1], offset: 16>>) -> ()
  return
}

// CHECK: memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64}
// CHECK: memref.global @u : memref<4xi32> = uninitialized
memref.global @u : memref<4xi32> = uninitialized
// CHECK: memref.global "private" @s : memref<2x2xf32> = dense<0.000000e+00>
memref.global "private" @s : memref<2x2xf32> = dense<0.0>
// CHECK: memref.global @ext : memref<4xi32>{{$}}
memref.global @ext : memref<4xi32>

// CHECK-LABEL: func.func @globals_and_atomics
func.func @globals_and_atomics(%i: index, %v: f32, %w: i32) {
  // CHECK: memref.get_global @c : memref<2xf32>
  %g = memref.get_global @c : memref<2xf32>
  %u = memref.get_global @u : memref<4xi32>
  // CHECK: memref.atomic_rmw addf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<2xf32>) -> f32
  %0 = memref.atomic_rmw addf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw maximumf
  %1 = memref.atomic_rmw maximumf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw maximumf
  %2 = memref.atomic_rmw maxf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw assign
  %3 = memref.atomic_rmw assign %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw maxs
  %4 = memref.atomic_rmw maxs %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw maxu
  %5 = memref.atomic_rmw maxu %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw minu
  %6 = memref.atomic_rmw minu %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw mins
  %7 = memref.atomic_rmw mins %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw muli
  %8 = memref.atomic_rmw muli %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw ori
  %9 = memref.atomic_rmw ori %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw andi
  %10 = memref.atomic_rmw andi %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw xori
  %11 = memref.atomic_rmw xori %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw addi
  %12 = memref.atomic_rmw addi %w, %u[%i] : (i32, memref<4xi32>) -> i32
  // CHECK: memref.atomic_rmw mulf
  %13 = memref.atomic_rmw mulf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw minimumf
  %14 = memref.atomic_rmw minimumf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw maxnumf
  %15 = memref.atomic_rmw maxnumf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.atomic_rmw minnumf
  %16 = memref.atomic_rmw minnumf %v, %g[%i] : (f32, memref<2xf32>) -> f32
  // CHECK: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<2xf32> {
  // CHECK-NEXT: ^bb0(%[[OLD:.*]]: f32):
  // CHECK-NEXT: %[[N:.*]] = arith.addf %[[OLD]], %[[OLD]] : f32
  // CHECK-NEXT: memref.atomic_yield %[[N]] : f32
  %17 = memref.generic_atomic_rmw %g[%i] : memref<2xf32> {
  ^bb0(%old: f32):
    %n = arith.addf %old, %old : f32
    memref.atomic_yield %n : f32
  }
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) : (f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32) -> ()
  return
}

// CHECK-LABEL: func.func @misc
func.func @misc(%a: memref<4x?xf32>, %b: memref<4x?xf32, strided<[?, 1]>>) {
  // CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  memref.copy %a, %b : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  // A collapsed group whose innermost dim is dynamic has an unknown stride
  // (that dim may be 1 at run time).
  // CHECK: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<4x?xf32, strided<[?, 1]>> into memref<?xf32, strided<[?]>>
  %cs = memref.collapse_shape %b [[0, 1]] : memref<4x?xf32, strided<[?, 1]>> into memref<?xf32, strided<[?]>>
  // Unit dims' strides are meaningless: a group is contiguous when each
  // other dim's stride is the product of the sizes inside it.
  // CHECK: memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : memref<3x1x2xf32, strided<[2, 7, 1]>> into memref<6xf32, strided<[1]>>
  %u = memref.alloc() : memref<3x1x2xf32, strided<[2, 7, 1]>>
  %cu = memref.collapse_shape %u [[0, 1, 2]] : memref<3x1x2xf32, strided<[2, 7, 1]>> into memref<6xf32, strided<[1]>>
  // Expanding a rank-0 strided memref gives unit strides.
  // CHECK: memref.expand_shape %{{.*}} [] output_shape [1, 1] : memref<f32, strided<[], offset: ?>> into memref<1x1xf32, strided<[1, 1], offset: ?>>
  %z = "test.view"() : () -> memref<f32, strided<[], offset: ?>>
  %ez = memref.expand_shape %z [] output_shape [1, 1] : memref<f32, strided<[], offset: ?>> into memref<1x1xf32, strided<[1, 1], offset: ?>>
  // CHECK: memref.tensor_store %{{.*}}, %{{.*}} : memref<4x?xf32>
  %t = "test.tensor"() : () -> tensor<4x?xf32>
  memref.tensor_store %t, %a : memref<4x?xf32>
  // CHECK: memref.assume_alignment %{{.*}}, 16 : memref<4x?xf32>
  %0 = memref.assume_alignment %a, 16 : memref<4x?xf32>
  // CHECK: memref.assume_alignment %{{.*}}, 32 : memref<4x?xf32>
  memref.assume_alignment %a, 32 : memref<4x?xf32>
  // CHECK: memref.extract_strided_metadata %{{.*}} : memref<4x?xf32, strided<[?, 1]>> -> memref<f32>, index, index, index, index, index
  %base, %off, %s0, %s1, %t0, %t1 = memref.extract_strided_metadata %b : memref<4x?xf32, strided<[?, 1]>> -> memref<f32>, index, index, index, index, index
  // CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<4x?xf32> -> index
  %p = memref.extract_aligned_pointer_as_index %a : memref<4x?xf32> -> index
  "test.use"(%0, %base, %off, %s0, %s1, %t0, %t1, %p) : (memref<4x?xf32>, memref<f32>, index, index, index, index, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @more_ops
func.func @more_ops(%m: memref<4x4xi32>, %i: index, %u: memref<*xf32>, %shape: memref<2xi32>, %src: memref<2xf32>, %d: index) -> i32 {
  // CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<1>, data : memref<4x4xi32>
  memref.prefetch %m[%i, %i], write, locality<1>, data : memref<4x4xi32>
  // CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], read, locality<3>, instr : memref<4x4xi32>
  memref.prefetch %m[%i, %i], read, locality<3>, instr : memref<4x4xi32>
  // CHECK: memref.reshape %{{.*}}(%{{.*}}) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
  %0 = memref.reshape %u(%shape) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
  // CHECK: memref.realloc %{{.*}}(%{{.*}}) : memref<2xf32> to memref<?xf32>
  %1 = memref.realloc %src(%d) : memref<2xf32> to memref<?xf32>
  // CHECK: memref.alloca_scope -> (i32) {
  // CHECK: memref.alloca_scope.return %{{.*}} : i32
  %2 = memref.alloca_scope -> (i32) {
    %a = memref.alloca() : memref<4xi32>
    %v = memref.load %a[%i] : memref<4xi32>
    memref.alloca_scope.return %v : i32
  }
  // CHECK: memref.alloca_scope {
  // CHECK-NEXT: memref.alloca
  // CHECK-NEXT: }
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xi32>
  }
  "test.use"(%0, %1) : (memref<?x?xf32>, memref<?xf32>) -> ()
  return %2 : i32
}

// CHECK-LABEL: func.func @dma
func.func @dma(%src: memref<40x128xf32>, %dst: memref<2x1024xf32, 1>, %tag: memref<1xi32>, %i: index, %n: index) {
  // CHECK: memref.dma_start %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i] : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_start %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i, %i], %dst[%i, %i], %n, %tag[%i], %n, %n : memref<40x128xf32>, memref<2x1024xf32, 1>, memref<1xi32>
  // CHECK: memref.dma_wait %{{.*}}[%{{.*}}], %{{.*}} : memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  return
}

// CHECK-LABEL: func.func @distinct
func.func @distinct(%a: memref<?xf32>, %b: memref<4xi32>) -> (memref<?xf32>, memref<4xi32>) {
  // CHECK: memref.distinct_objects %{{.*}}, %{{.*}} : memref<?xf32>, memref<4xi32>
  %0:2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<4xi32>
  return %0#0, %0#1 : memref<?xf32>, memref<4xi32>
}

// A zero offset times a dynamic source stride is zero.
// CHECK-LABEL: func.func @subview_zero_times_dynamic
// CHECK: memref.subview %{{.*}}[0, 0] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1]>>
// CHECK: memref.subview %{{.*}}[0, %{{.*}}] [4, 4] [2, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
func.func @subview_zero_times_dynamic(%m: memref<?x?xf32>, %j: index) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1]>>
  %1 = memref.subview %m[0, %j] [4, 4] [2, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  "test.use"(%0, %1) : (memref<4x4xf32, strided<[?, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>) -> ()
  return
}

// The stride of a dimension of size 1 (on either side) does not matter to a
// cast (PR 172864); a cast to the same unranked type is a cast (PR 192029).
// CHECK-LABEL: func.func @cast_unit_dim_strides
// CHECK: memref.cast %{{.*}} : memref<1x4xf32, strided<[4, 1]>> to memref<1x4xf32, strided<[8, 1]>>
// CHECK: memref.cast %{{.*}} : memref<?x4xf32, strided<[4, 1]>> to memref<1x4xf32, strided<[9, 1]>>
// CHECK: memref.cast %{{.*}} : memref<*xf32> to memref<*xf32>
func.func @cast_unit_dim_strides(%m: memref<1x4xf32, strided<[4, 1]>>, %d: memref<?x4xf32, strided<[4, 1]>>, %u: memref<*xf32>) {
  %0 = memref.cast %m : memref<1x4xf32, strided<[4, 1]>> to memref<1x4xf32, strided<[8, 1]>>
  %1 = memref.cast %d : memref<?x4xf32, strided<[4, 1]>> to memref<1x4xf32, strided<[9, 1]>>
  %2 = memref.cast %u : memref<*xf32> to memref<*xf32>
  "use"(%0, %1, %2) : (memref<1x4xf32, strided<[8, 1]>>, memref<1x4xf32, strided<[9, 1]>>, memref<*xf32>) -> ()
  return
}
