// RUN: kiln opt %s --expand-strided-metadata --split-input-file | FileCheck %s

// A subview becomes a reinterpret_cast of its source's base buffer: the
// strides are the source's times the subview's, the offset the source's
// plus each offset times the source's stride (one operand for a value
// used twice), the dropped dim left out.
// CHECK-DAG: #[[$MUL:.*]] = affine_map<()[s0, s1] -> (s0 * s1)>
// CHECK-DAG: #[[$OFF:.*]] = affine_map<()[s0, s1, s2, s3] -> (s0 + s1 * s2 + s1 * s3)>
// CHECK-LABEL: func.func @subview(
// CHECK-SAME:    %[[M:.*]]: memref<?x?xf32, strided<[?, ?], offset: ?>>, %[[O:.*]]: index, %[[S:.*]]: index, %[[T:.*]]: index)
// CHECK:         %[[BASE:[^ ,]+]], %[[OFFSET:[^ ,]+]], %{{.*}}:2, %[[STRIDES:[^ ,]+]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[ST1:.*]] = affine.apply #[[$MUL]]()[%[[T]], %[[STRIDES]]#1]
// CHECK:         %[[OF:.*]] = affine.apply #[[$OFF]]()[%[[OFFSET]], %[[O]], %[[STRIDES]]#0, %[[STRIDES]]#1]
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OF]]], sizes: [%[[S]]], strides: [%[[ST1]]] : memref<f32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK:         return %[[R]]
func.func @subview(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %o: index, %s: index, %t: index) -> memref<?xf32, strided<[?], offset: ?>> {
  %0 = memref.subview %m[%o, %o] [1, %s] [1, %t] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}

// -----

// extract_strided_metadata of a subview is its metadata: constants where
// they fold, and the static results of any extract_strided_metadata
// become constants.
// CHECK-DAG: #[[$STR:.*]] = affine_map<()[s0] -> (s0 * 24)>
// CHECK-LABEL: func.func @metadata_of_subview(
// CHECK-SAME:    %[[M:.*]]: memref<8x16x24xf32>, %[[S:.*]]: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C1250:.*]] = arith.constant 1250 : index
// CHECK:         %[[BASE:[^ ,]+]], %{{.*}}, %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[ST:.*]] = affine.apply #[[$STR]]()[%[[S]]]
// CHECK:         return %[[BASE]], %[[C1250]], %[[C6]], %[[C3]], %[[ST]], %[[C1]]
func.func @metadata_of_subview(%m: memref<8x16x24xf32>, %s: index) -> (memref<f32>, index, index, index, index, index) {
  %0 = memref.subview %m[3, 4, 2][1, 6, 3][1, %s, 1] : memref<8x16x24xf32> to memref<6x3xf32, strided<[?, 1], offset: 1250>>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %0 : memref<6x3xf32, strided<[?, 1], offset: 1250>> -> memref<f32>, index, index, index, index, index
  return %base, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : memref<f32>, index, index, index, index, index
}

// -----

// An allocation has offset 0, its sizes and row-major strides; its base
// buffer is a reinterpret_cast to rank 0, made only when used, or the
// allocation itself at rank 0. A get_global is the same.
memref.global "private" constant @g : memref<3x4xf32> = dense<0.0>
// CHECK-LABEL: func.func @alloc(
// CHECK-SAME:    %[[N:.*]]: index)
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:     memref.reinterpret_cast
// CHECK:         %[[A:.*]] = memref.alloc() : memref<f32>
// CHECK:         %[[G:.*]] = memref.get_global @g : memref<3x4xf32>
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[G]] to offset: [0], sizes: [], strides: [] : memref<3x4xf32> to memref<f32>
// CHECK:         return %[[N]], %[[C8]], %[[A]], %[[R]]
func.func @alloc(%n: index) -> (index, index, memref<f32>, memref<f32>) {
  %a = memref.alloca(%n) : memref<?x8xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  %b = memref.alloc() : memref<f32>
  %base1, %offset1 = memref.extract_strided_metadata %b : memref<f32> -> memref<f32>, index
  %g = memref.get_global @g : memref<3x4xf32>
  %base2, %offset2, %sizes2:2, %strides2:2 = memref.extract_strided_metadata %g : memref<3x4xf32> -> memref<f32>, index, index, index, index, index
  return %sizes#0, %strides#0, %base1, %base2 : index, index, memref<f32>, memref<f32>
}

// -----

// Through a reinterpret_cast, its offset, sizes and strides; through a
// cast, the source's metadata, static where the cast's type says so;
// through a memory_space_cast, the source's with its base buffer cast.
// CHECK-LABEL: func.func @casts(
// CHECK-SAME:    %[[M:.*]]: memref<?x?xf32>, %[[O:.*]]: index, %[[S:.*]]: index, %[[K:.*]]: memref<4x?xf32>, %[[P:.*]]: memref<?xf32, 1>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[B0:[^ ,]+]], %{{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[B1:[^ ,]+]], %{{.*}}, %[[SZ1:[^ ,]+]]:2, %[[ST1:[^ ,]+]]:2 = memref.extract_strided_metadata %[[K]]
// CHECK:         %[[B2:[^ ,]+]], %{{.*}}, %[[SZ2:[^ ,]+]], %{{.*}} = memref.extract_strided_metadata %[[P]] : memref<?xf32, 1> -> memref<f32, 1>, index, index, index
// CHECK:         %[[SP:.*]] = memref.memory_space_cast %[[B2]] : memref<f32, 1> to memref<f32>
// CHECK:         return %[[B0]], %[[O]], %[[S]], %[[B1]], %[[C0]], %[[C4]], %[[SZ1]]#1, %[[ST1]]#0, %[[SP]], %[[SZ2]]
func.func @casts(%m: memref<?x?xf32>, %o: index, %s: index, %k: memref<4x?xf32>, %p: memref<?xf32, 1>)
    -> (memref<f32>, index, index, memref<f32>, index, index, index, index, memref<f32>, index) {
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [%s, 4], strides: [4, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %b0, %o0, %sz0:2, %st0:2 = memref.extract_strided_metadata %r : memref<?x4xf32, strided<[4, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %c = memref.cast %k : memref<4x?xf32> to memref<?x?xf32>
  %b1, %o1, %sz1:2, %st1:2 = memref.extract_strided_metadata %c : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %q = memref.memory_space_cast %p : memref<?xf32, 1> to memref<?xf32>
  %b2, %o2, %sz2, %st2 = memref.extract_strided_metadata %q : memref<?xf32> -> memref<f32>, index, index, index
  return %b0, %o0, %sz0#0, %b1, %o1, %sz1#0, %sz1#1, %st1#0, %b2, %sz2
    : memref<f32>, index, index, memref<f32>, index, index, index, index, memref<f32>, index
}

// -----

// The metadata of a base buffer is the buffer at offset 0; the aligned
// pointer of a view is its source's.
// CHECK-LABEL: func.func @base_and_pointer(
// CHECK-SAME:    %[[M:.*]]: memref<?x8xf32>, %[[I:.*]]: index)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[BASE:[^ ,]+]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[BASE2:[^ ,]+]], {{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BASE2]] : memref<f32> -> index
// CHECK:         return %[[BASE]], %[[C0]], %[[P]]
func.func @base_and_pointer(%m: memref<?x8xf32>, %i: index) -> (memref<f32>, index, index) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  %b, %o = memref.extract_strided_metadata %base : memref<f32> -> memref<f32>, index
  %0 = memref.subview %m[%i, 0][2, 8][1, 1] : memref<?x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
  %p = memref.extract_aligned_pointer_as_index %0 : memref<2x8xf32, strided<[8, 1], offset: ?>> -> index
  return %b, %o, %p : memref<f32>, index, index
}

// -----

// An expand_shape's sizes are its output shape, each group's strides the
// source dim's stride times the sizes inside the group; a collapse_shape's
// size is its group's product, its stride the innermost non-unit dim's;
// a rank-0 source gives unit sizes and strides.
// CHECK-DAG: #[[$X4:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-DAG: #[[$X32:.*]] = affine_map<()[s0] -> (s0 * 32)>
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME:    %[[M:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[A:.*]]: index, %[[B:.*]]: index, %[[N:.*]]: memref<?x4x8xf32>, %[[U:.*]]: memref<1x1xf32, strided<[?, ?], offset: ?>>, %[[Z:.*]]: memref<f32>)
// CHECK:         %[[BASE:[^ ,]+]], %[[OFF:[^ ,]+]], %{{.*}}, %[[ST:[^ ,]+]] = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[S1:.*]] = affine.apply #[[$X4]]()[%[[ST]]]
// CHECK:         %[[S0:.*]] = affine.apply
// CHECK-SAME:      ()[%[[ST]], %[[B]]]
// CHECK:         memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%[[A]], %[[B]], 4], strides: [%[[S0]], %[[S1]], %[[ST]]]
// CHECK:         %[[NB:[^ ,]+]], %{{.*}}, %[[NS:[^ ,]+]]:3, %{{.*}}:3 = memref.extract_strided_metadata %[[N]]
// CHECK:         %[[SZ:.*]] = affine.apply #[[$X32]]()[%[[NS]]#0]
// CHECK:         memref.reinterpret_cast %[[NB]] to offset: [0], sizes: [%[[SZ]]], strides: [1] : memref<f32> to memref<?xf32>
// CHECK:         %[[UB:[^ ,]+]], %[[UO:[^ ,]+]], %{{.*}}:2, %[[US:[^ ,]+]]:2 = memref.extract_strided_metadata %[[U]]
// CHECK:         memref.reinterpret_cast %[[UB]] to offset: [%[[UO]]], sizes: [1], strides: [%[[US]]#0]
// CHECK:         %[[ZB:[^ ,]+]], %{{.*}} = memref.extract_strided_metadata %[[Z]]
// CHECK:         memref.reinterpret_cast %[[ZB]] to offset: [0], sizes: [1, 1], strides: [1, 1] : memref<f32> to memref<1x1xf32>
func.func @reshapes(%m: memref<?xf32, strided<[?], offset: ?>>, %a: index, %b: index, %n: memref<?x4x8xf32>,
    %u: memref<1x1xf32, strided<[?, ?], offset: ?>>, %z: memref<f32>)
    -> (memref<?x?x4xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32>, memref<1xf32, strided<[?], offset: ?>>, memref<1x1xf32>) {
  %0 = memref.expand_shape %m [[0, 1, 2]] output_shape [%a, %b, 4] : memref<?xf32, strided<[?], offset: ?>> into memref<?x?x4xf32, strided<[?, ?, ?], offset: ?>>
  %1 = memref.collapse_shape %n [[0, 1, 2]] : memref<?x4x8xf32> into memref<?xf32>
  %2 = memref.collapse_shape %u [[0, 1]] : memref<1x1xf32, strided<[?, ?], offset: ?>> into memref<1xf32, strided<[?], offset: ?>>
  %3 = memref.expand_shape %z [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %0, %1, %2, %3 : memref<?x?x4xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32>, memref<1xf32, strided<[?], offset: ?>>, memref<1x1xf32>
}

// -----

// A memref.view can move the aligned pointer by its byte shift: the
// pointer of a view stays, and so does the metadata of a view, which no
// pattern resolves. A reinterpret_cast of an unranked memref keeps
// its pointer, but extract_strided_metadata cannot take the unranked
// source, so the metadata of such a cast stays.
// CHECK-LABEL: func.func @negative(
// CHECK-SAME:    %[[A:.*]]: memref<?xi8>, %[[U:.*]]: memref<*xf32>, %[[N:.*]]: index)
// CHECK:         %[[V:.*]] = memref.view %[[A]]
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[V]] : memref<f32> -> index
// CHECK:         %[[VB:[^ ,]+]], %{{.*}} = memref.extract_strided_metadata %[[V]] : memref<f32> -> memref<f32>, index
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[U]]
// CHECK:         %[[Q:.*]] = memref.extract_aligned_pointer_as_index %[[U]] : memref<*xf32> -> index
// CHECK:         %{{.*}}, %[[O:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
// CHECK:         return %[[P]], %[[Q]], %[[O]], %[[VB]]
func.func @negative(%a: memref<?xi8>, %u: memref<*xf32>, %n: index) -> (index, index, index, memref<f32>) {
  %c10 = arith.constant 10 : index
  %0 = memref.view %a[%c10][] : memref<?xi8> to memref<f32>
  %1 = memref.extract_aligned_pointer_as_index %0 : memref<f32> -> index
  %vb, %vo = memref.extract_strided_metadata %0 : memref<f32> -> memref<f32>, index
  %r = memref.reinterpret_cast %u to offset: [%n], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32, strided<[1], offset: ?>>
  %2 = memref.extract_aligned_pointer_as_index %r : memref<4xf32, strided<[1], offset: ?>> -> index
  %base, %offset, %size, %stride = memref.extract_strided_metadata %r : memref<4xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
  return %1, %2, %offset, %vb : index, index, index, memref<f32>
}
