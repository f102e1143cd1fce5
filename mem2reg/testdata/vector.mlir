// RUN: kiln opt %s --mem2reg --split-input-file | FileCheck %s

// A buffer only written and read whole by vector transfers becomes the
// vector itself; the second write replaces the first.
// CHECK-LABEL: func.func @whole(
// CHECK-SAME:    %[[X:.*]]: vector<2x3xi32>, %[[Y:.*]]: vector<2x3xi32>, %[[P:.*]]: i32)
// CHECK-NOT:     memref
// CHECK-NOT:     vector.transfer
// CHECK:         return %[[X]], %[[Y]] : vector<2x3xi32>, vector<2x3xi32>
func.func @whole(%x: vector<2x3xi32>, %y: vector<2x3xi32>, %p: i32) -> (vector<2x3xi32>, vector<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<2x3xi32>
  vector.transfer_write %x, %m[%c0, %c0] {in_bounds = [true, true]} : vector<2x3xi32>, memref<2x3xi32>
  %a = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x3xi32>, vector<2x3xi32>
  vector.transfer_write %y, %m[%c0, %c0] {in_bounds = [true, true]} : vector<2x3xi32>, memref<2x3xi32>
  %b = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x3xi32>, vector<2x3xi32>
  return %a, %b : vector<2x3xi32>, vector<2x3xi32>
}

// -----

// A read before any write reads the slot's default, ub.poison.
// CHECK-LABEL: func.func @uninitialized(
// CHECK-NEXT:    %[[U:.*]] = ub.poison : vector<4xf16>
// CHECK-NOT:     memref
// CHECK:         return %[[U]] : vector<4xf16>
func.func @uninitialized(%p: f16) -> vector<4xf16> {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<4xf16>
  %a = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<4xf16>, vector<4xf16>
  return %a : vector<4xf16>
}

// -----

// Masks: a masked write keeps the old lanes, a masked read pads the lanes
// it does not read.
// CHECK-LABEL: func.func @masked(
// CHECK-SAME:    %[[X:.*]]: vector<4xf32>, %[[Y:.*]]: vector<4xf32>, %[[M:.*]]: vector<4xi1>, %[[N:.*]]: vector<4xi1>, %[[P:.*]]: f32)
// CHECK:         %[[W:.*]] = arith.select %[[M]], %[[Y]], %[[X]] : vector<4xi1>, vector<4xf32>
// CHECK:         %[[PS:.*]] = vector.broadcast %[[P]] : f32 to vector<4xf32>
// CHECK:         %[[R:.*]] = arith.select %[[N]], %[[W]], %[[PS]] : vector<4xi1>, vector<4xf32>
// CHECK:         return %[[R]] : vector<4xf32>
func.func @masked(%x: vector<4xf32>, %y: vector<4xf32>, %m: vector<4xi1>, %n: vector<4xi1>, %p: f32) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %buf = memref.alloca() : memref<4xf32>
  vector.transfer_write %x, %buf[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  vector.transfer_write %y, %buf[%c0], %m {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %r = vector.transfer_read %buf[%c0], %p, %n {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  return %r : vector<4xf32>
}

// -----

// Under control flow the vector flows through block arguments, as any
// slot's value.
// CHECK-LABEL: func.func @branches(
// CHECK-SAME:    %[[C:.*]]: i1, %[[X:.*]]: vector<2xi8>, %[[Y:.*]]: vector<2xi8>, %[[P:.*]]: i8)
// CHECK:         cf.cond_br %[[C]], ^bb1, ^bb2(%[[X]] : vector<2xi8>)
// CHECK:       ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%[[Y]] : vector<2xi8>)
// CHECK:       ^bb2(%[[V:.*]]: vector<2xi8>):
// CHECK-NEXT:    return %[[V]] : vector<2xi8>
func.func @branches(%c: i1, %x: vector<2xi8>, %y: vector<2xi8>, %p: i8) -> vector<2xi8> {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<2xi8>
  vector.transfer_write %x, %m[%c0] {in_bounds = [true]} : vector<2xi8>, memref<2xi8>
  cf.cond_br %c, ^then, ^join
^then:
  vector.transfer_write %y, %m[%c0] {in_bounds = [true]} : vector<2xi8>, memref<2xi8>
  cf.br ^join
^join:
  %r = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<2xi8>, vector<2xi8>
  return %r : vector<2xi8>
}

// -----

// A buffer of vscale * 8 elements, in either operand order, is a
// vector<[8]> slot.
// CHECK-LABEL: func.func @scalable(
// CHECK-SAME:    %[[X:.*]]: vector<[8]xi16>, %{{.*}}: i16)
// CHECK-NOT:     memref.alloca
// CHECK:         return %[[X]] : vector<[8]xi16>
func.func @scalable(%x: vector<[8]xi16>, %p: i16) -> vector<[8]xi16> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %vs = vector.vscale
  %n = arith.muli %c8, %vs : index
  %m = memref.alloca(%n) : memref<?xi16>
  vector.transfer_write %x, %m[%c0] {in_bounds = [true]} : vector<[8]xi16>, memref<?xi16>
  %r = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<?xi16>, vector<[8]xi16>
  return %r : vector<[8]xi16>
}

// -----

// memref.copy into the slot reads its source whole, out of it writes the
// slot's value to the target (in bounds only where the extent is static).
// CHECK-LABEL: func.func @copies(
// CHECK-SAME:    %[[SRC:.*]]: memref<4xf32>, %[[DST:.*]]: memref<?xf32>)
// CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[F:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[V:.*]] = vector.transfer_read %[[SRC]][%[[Z]]], %[[F]] {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
// CHECK:         %[[Z2:.*]] = arith.constant 0 : index
// CHECK:         vector.transfer_write %[[V]], %[[DST]][%[[Z2]]] : vector<4xf32>, memref<?xf32>
// CHECK-NEXT:    return
func.func @copies(%src: memref<4xf32>, %dst: memref<?xf32>) {
  %m = memref.alloca() : memref<4xf32>
  memref.copy %src, %m : memref<4xf32> to memref<4xf32>
  memref.copy %m, %dst : memref<4xf32> to memref<?xf32>
  return
}

// -----

// What stays: an access at another index, out of bounds, through another
// map, of another type, a scalar access of the buffer, a copy onto itself,
// a copy of a scalable buffer, a dynamic size that is not a vscale
// multiple, a transfer under vector.mask, and a one-element buffer (a scalar slot, which transfers
// cannot promote).
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-10: memref.alloca
func.func @kept(%x: vector<4xf32>, %p: f32, %i: index, %n: index, %mk: vector<4xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<5xf32>
  vector.transfer_write %x, %a[%c1] {in_bounds = [true]} : vector<4xf32>, memref<5xf32>
  %b = memref.alloca() : memref<4xf32>
  vector.transfer_write %x, %b[%c0] : vector<4xf32>, memref<4xf32>
  %c = memref.alloca() : memref<4x4xf32>
  %y = vector.broadcast %x : vector<4xf32> to vector<4x4xf32>
  vector.transfer_write %y, %c[%c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x4xf32>, memref<4x4xf32>
  %d = memref.alloca() : memref<8xf32>
  vector.transfer_write %x, %d[%c0] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
  %e = memref.alloca() : memref<4xf32>
  vector.transfer_write %x, %e[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %s = memref.load %e[%i] : memref<4xf32>
  %f = memref.alloca() : memref<4xf32>
  memref.copy %f, %f : memref<4xf32> to memref<4xf32>
  %vs = vector.vscale
  %c4 = arith.constant 4 : index
  %sz = arith.muli %vs, %c4 : index
  %g = memref.alloca(%sz) : memref<?xf32>
  memref.copy %b, %g : memref<4xf32> to memref<?xf32>
  %h = memref.alloca(%n) : memref<?xf32>
  vector.transfer_write %x, %h[%c0] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
  %k = memref.alloca() : memref<4xf32>
  vector.mask %mk { vector.transfer_write %x, %k[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32> } : vector<4xi1>
  %l = memref.alloca() : memref<1xf32>
  %x1 = vector.extract_strided_slice %x {offsets = [0], sizes = [1], strides = [1]} : vector<4xf32> to vector<1xf32>
  vector.transfer_write %x1, %l[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32>
  return
}

// -----

// A static subview is the sub-vector it covers: a write inserts into the
// buffer's value, a read extracts; a subview of a subview composes.
// CHECK-LABEL: func.func @subviews(
// CHECK-SAME:    %[[X:.*]]: vector<4x8xi32>, %[[Y:.*]]: vector<2x2xi32>, %{{.*}}: i32)
// CHECK-NOT:     memref
// CHECK:         %[[I:.*]] = vector.insert_strided_slice %[[Y]], %[[X]] offsets = [1, 1], strides = [1, 1] : vector<2x2xi32> into vector<4x8xi32>
// CHECK:         %[[O:.*]] = vector.extract_strided_slice %[[I]] offsets = [1, 2], sizes = [3, 4], strides = [1, 1] : vector<4x8xi32> to vector<3x4xi32>
// CHECK:         %[[R:.*]] = vector.extract_strided_slice %[[O]] offsets = [0, 1], sizes = [2, 2], strides = [1, 1] : vector<3x4xi32> to vector<2x2xi32>
// CHECK:         return %[[I]], %[[R]] : vector<4x8xi32>, vector<2x2xi32>
func.func @subviews(%x: vector<4x8xi32>, %y: vector<2x2xi32>, %p: i32) -> (vector<4x8xi32>, vector<2x2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<4x8xi32>
  vector.transfer_write %x, %m[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xi32>, memref<4x8xi32>
  %w = memref.subview %m[1, %c1] [2, 2] [1, 1] : memref<4x8xi32> to memref<2x2xi32, strided<[8, 1], offset: ?>>
  vector.transfer_write %y, %w[%c0, %c0] {in_bounds = [true, true]} : vector<2x2xi32>, memref<2x2xi32, strided<[8, 1], offset: ?>>
  %a = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<4x8xi32>, vector<4x8xi32>
  %outer = memref.subview %m[1, 2] [3, 4] [1, 1] : memref<4x8xi32> to memref<3x4xi32, strided<[8, 1], offset: 10>>
  %inner = memref.subview %outer[0, 1] [2, 2] [1, 1] : memref<3x4xi32, strided<[8, 1], offset: 10>> to memref<2x2xi32, strided<[8, 1], offset: 11>>
  %b = vector.transfer_read %inner[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x2xi32, strided<[8, 1], offset: 11>>, vector<2x2xi32>
  return %a, %b : vector<4x8xi32>, vector<2x2xi32>
}

// -----

// A reshape of a contiguous memref is the slot's value shape_cast; a
// write through it replaces the whole value.
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME:    %[[X:.*]]: vector<2x6xf32>, %[[Y:.*]]: vector<12xf32>, %{{.*}}: f32)
// CHECK-NOT:     memref
// CHECK:         %[[E:.*]] = vector.shape_cast %[[X]] : vector<2x6xf32> to vector<2x2x3xf32>
// CHECK:         %[[W:.*]] = vector.shape_cast %[[Y]] : vector<12xf32> to vector<2x6xf32>
// CHECK:         return %[[E]], %[[W]] : vector<2x2x3xf32>, vector<2x6xf32>
func.func @reshapes(%x: vector<2x6xf32>, %y: vector<12xf32>, %p: f32) -> (vector<2x2x3xf32>, vector<2x6xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<2x6xf32>
  vector.transfer_write %x, %m[%c0, %c0] {in_bounds = [true, true]} : vector<2x6xf32>, memref<2x6xf32>
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [2, 2, 3] : memref<2x6xf32> into memref<2x2x3xf32>
  %a = vector.transfer_read %e[%c0, %c0, %c0], %p {in_bounds = [true, true, true]} : memref<2x2x3xf32>, vector<2x2x3xf32>
  %f = memref.collapse_shape %m [[0, 1]] : memref<2x6xf32> into memref<12xf32>
  vector.transfer_write %y, %f[%c0] {in_bounds = [true]} : vector<12xf32>, memref<12xf32>
  %b = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x6xf32>, vector<2x6xf32>
  return %a, %b : vector<2x2x3xf32>, vector<2x6xf32>
}

// -----

// Views that keep the buffer: a subview with a dynamic offset, a stride
// other than one, or a dropped dimension; a reshape of a subview whose rows
// are not contiguous; a view passed to a call; an access of a view that is
// not promotable.
// CHECK-LABEL: func.func @kept_views(
// CHECK-COUNT-6: memref.alloca
func.func private @use(memref<2xf32, strided<[1], offset: 1>>)
func.func @kept_views(%x: vector<2xf32>, %i: index, %p: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xf32>
  %av = memref.subview %a[%i] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  vector.transfer_write %x, %av[%c0] {in_bounds = [true]} : vector<2xf32>, memref<2xf32, strided<[1], offset: ?>>
  %b = memref.alloca() : memref<4xf32>
  %bv = memref.subview %b[0] [2] [2] : memref<4xf32> to memref<2xf32, strided<[2]>>
  vector.transfer_write %x, %bv[%c0] {in_bounds = [true]} : vector<2xf32>, memref<2xf32, strided<[2]>>
  %c = memref.alloca() : memref<2x2xf32>
  %cv = memref.subview %c[1, 0] [1, 2] [1, 1] : memref<2x2xf32> to memref<2xf32, strided<[1], offset: 2>>
  vector.transfer_write %x, %cv[%c0] {in_bounds = [true]} : vector<2xf32>, memref<2xf32, strided<[1], offset: 2>>
  %d = memref.alloca() : memref<2x4xf32>
  %dv = memref.subview %d[0, 0] [2, 2] [1, 1] : memref<2x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %de = memref.expand_shape %dv [[0], [1, 2]] output_shape [2, 1, 2] : memref<2x2xf32, strided<[4, 1]>> into memref<2x1x2xf32, strided<[4, 2, 1]>>
  %dr = vector.transfer_read %de[%c0, %c0, %c0], %p {in_bounds = [true, true, true]} : memref<2x1x2xf32, strided<[4, 2, 1]>>, vector<2x1x2xf32>
  %e = memref.alloca() : memref<4xf32>
  %ev = memref.subview %e[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  func.call @use(%ev) : (memref<2xf32, strided<[1], offset: 1>>) -> ()
  %f = memref.alloca() : memref<4xf32>
  %fv = memref.subview %f[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %fr = vector.transfer_read %fv[%c0], %p {in_bounds = [true]} : memref<2xf32, strided<[1], offset: 1>>, vector<1xf32>
  return
}

// -----

// A subview of the first %n rows views the whole value, valid within its
// extent: a write through it selects under vector.create_mask of its
// sizes, a read through it (which may run out of bounds) pads the lanes
// outside, and a copy out of it writes only within them.
// CHECK-LABEL: func.func @dynamic_subview(
// CHECK-SAME:    %[[X:.*]]: vector<4x2xi32>, %[[Y:.*]]: vector<4x2xi32>, %[[N:.*]]: index, %[[P:.*]]: i32, %[[M:.*]]: vector<4x2xi1>, %[[D:.*]]: memref<4x2xi32>)
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     memref.subview
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[W:.*]] = vector.create_mask %[[N]], %[[C2]] : vector<4x2xi1>
// CHECK:         %[[V:.*]] = arith.select %[[W]], %[[Y]], %[[X]] : vector<4x2xi1>, vector<4x2xi32>
// CHECK:         %[[R:.*]] = vector.create_mask %[[N]], %{{.*}} : vector<4x2xi1>
// CHECK:         %[[RM:.*]] = arith.andi %[[R]], %[[M]] : vector<4x2xi1>
// CHECK:         %[[PS:.*]] = vector.broadcast %[[P]] : i32 to vector<4x2xi32>
// CHECK:         %[[RV:.*]] = arith.select %[[RM]], %[[V]], %[[PS]] : vector<4x2xi1>, vector<4x2xi32>
// CHECK:         %[[CM:.*]] = vector.create_mask %[[N]], %{{.*}} : vector<4x2xi1>
// CHECK:         vector.transfer_write %[[V]], %[[D]][%{{.*}}, %{{.*}}], %[[CM]] {in_bounds = [true, true]} : vector<4x2xi32>, memref<4x2xi32>
// CHECK:         return %[[RV]] : vector<4x2xi32>
func.func @dynamic_subview(%x: vector<4x2xi32>, %y: vector<4x2xi32>, %n: index, %p: i32, %m: vector<4x2xi1>, %d: memref<4x2xi32>) -> vector<4x2xi32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4x2xi32>
  vector.transfer_write %x, %a[%c0, %c0] {in_bounds = [true, true]} : vector<4x2xi32>, memref<4x2xi32>
  %sv = memref.subview %a[0, 0] [%n, 2] [1, 1] : memref<4x2xi32> to memref<?x2xi32, strided<[2, 1]>>
  vector.transfer_write %y, %sv[%c0, %c0] {in_bounds = [false, true]} : vector<4x2xi32>, memref<?x2xi32, strided<[2, 1]>>
  %r = vector.transfer_read %sv[%c0, %c0], %p, %m {in_bounds = [false, true]} : memref<?x2xi32, strided<[2, 1]>>, vector<4x2xi32>
  memref.copy %sv, %d : memref<?x2xi32, strided<[2, 1]>> to memref<4x2xi32>
  return %r : vector<4x2xi32>
}

// -----

// A dynamic-size subview that does not start at the origin, or a transfer
// that runs out of bounds of the whole buffer, keeps it.
// CHECK-LABEL: func.func @kept_dynamic(
// CHECK-COUNT-2: memref.alloca
func.func @kept_dynamic(%x: vector<4xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xi32>
  %av = memref.subview %a[1] [%n] [1] : memref<4xi32> to memref<?xi32, strided<[1], offset: 1>>
  vector.transfer_write %x, %av[%c0] : vector<4xi32>, memref<?xi32, strided<[1], offset: 1>>
  %b = memref.alloca() : memref<4xi32>
  vector.transfer_write %x, %b[%c0] : vector<4xi32>, memref<4xi32>
  return
}

// -----

// A reshape of a dynamic-size view takes the extents its type leaves
// dynamic from the slot (?x4 of a 2x4 buffer collapses to 8; 8 = ? x 2
// gives 4x2), and the view's mask is shape_cast along.
// CHECK-LABEL: func.func @dynamic_reshapes(
// CHECK-SAME:    %[[X:.*]]: vector<2x4xi8>, %[[N:.*]]: index, %[[Y:.*]]: vector<4x2xi8>, %[[P:.*]]: i8)
// CHECK:         %[[F:.*]] = vector.shape_cast %[[X]] : vector<2x4xi8> to vector<8xi8>
// CHECK:         %[[CM:.*]] = vector.create_mask %[[N]], %{{.*}} : vector<2x4xi1>
// CHECK:         %[[M:.*]] = vector.shape_cast %[[CM]] : vector<2x4xi1> to vector<8xi1>
// CHECK:         %[[PS:.*]] = vector.broadcast %[[P]] : i8 to vector<8xi8>
// CHECK:         %[[R:.*]] = arith.select %[[M]], %[[F]], %[[PS]] : vector<8xi1>, vector<8xi8>
// CHECK:         %[[YF:.*]] = vector.shape_cast %[[Y]] : vector<4x2xi8> to vector<8xi8>
// CHECK:         %[[YB:.*]] = vector.shape_cast %[[YF]] : vector<8xi8> to vector<2x4xi8>
// CHECK:         %[[WM:.*]] = vector.create_mask %[[N]], %{{.*}} : vector<2x4xi1>
// CHECK:         %[[W:.*]] = arith.select %[[WM]], %[[YB]], %[[X]] : vector<2x4xi1>, vector<2x4xi8>
// CHECK:         return %[[R]], %[[W]] : vector<8xi8>, vector<2x4xi8>
func.func @dynamic_reshapes(%x: vector<2x4xi8>, %n: index, %y: vector<4x2xi8>, %p: i8) -> (vector<8xi8>, vector<2x4xi8>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<2x4xi8>
  vector.transfer_write %x, %a[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xi8>, memref<2x4xi8>
  %sv = memref.subview %a[0, 0] [%n, 4] [1, 1] : memref<2x4xi8> to memref<?x4xi8, strided<[4, 1]>>
  %f = memref.collapse_shape %sv [[0, 1]] : memref<?x4xi8, strided<[4, 1]>> into memref<?xi8, strided<[1]>>
  %r = vector.transfer_read %f[%c0], %p : memref<?xi8, strided<[1]>>, vector<8xi8>
  %m = arith.muli %n, %n : index
  %e = memref.expand_shape %f [[0, 1]] output_shape [%m, 2] : memref<?xi8, strided<[1]>> into memref<?x2xi8>
  vector.transfer_write %y, %e[%c0, %c0] {in_bounds = [false, true]} : vector<4x2xi8>, memref<?x2xi8>
  %w = vector.transfer_read %a[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x4xi8>, vector<2x4xi8>
  return %r, %w : vector<8xi8>, vector<2x4xi8>
}

// -----

// Reshapes of a dynamic-size view that keep the buffer: a group with two
// dynamic extents, a dynamic extent after a non-unit one, a zero extent,
// and a collapse whose dynamic extent is not its group's first.
// CHECK-LABEL: func.func @kept_dynamic_reshapes(
// CHECK-COUNT-4: memref.alloca
func.func @kept_dynamic_reshapes(%n: index, %d: index, %p: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<16xf32>
  %as = memref.subview %a[0] [%n] [1] : memref<16xf32> to memref<?xf32, strided<[1]>>
  %ae = memref.expand_shape %as [[0, 1]] output_shape [%d, %n] : memref<?xf32, strided<[1]>> into memref<?x?xf32>
  %ar = vector.transfer_read %ae[%c0, %c0], %p : memref<?x?xf32>, vector<8x2xf32>
  %b = memref.alloca() : memref<8xf32>
  %bs = memref.subview %b[0] [%n] [1] : memref<8xf32> to memref<?xf32, strided<[1]>>
  %be = memref.expand_shape %bs [[0, 1]] output_shape [2, %d] : memref<?xf32, strided<[1]>> into memref<2x?xf32>
  %br = vector.transfer_read %be[%c0, %c0], %p : memref<2x?xf32>, vector<2x4xf32>
  %c = memref.alloca() : memref<8x16xf32>
  %cs = memref.subview %c[0, 0] [%n, 16] [1, 1] : memref<8x16xf32> to memref<?x16xf32, strided<[16, 1]>>
  %ce = memref.expand_shape %cs [[0, 1], [2]] output_shape [%d, 0, 16] : memref<?x16xf32, strided<[16, 1]>> into memref<?x0x16xf32, strided<[0, 16, 1]>>
  %cr = vector.transfer_read %ce[%c0, %c0, %c0], %p : memref<?x0x16xf32, strided<[0, 16, 1]>>, vector<8x16xf32>
  %e = memref.alloca() : memref<4x4xf32>
  %es = memref.subview %e[0, 0] [4, %n] [1, 1] : memref<4x4xf32> to memref<4x?xf32, strided<[4, 1]>>
  %ef = memref.collapse_shape %es [[0, 1]] : memref<4x?xf32, strided<[4, 1]>> into memref<?xf32, strided<[?]>>
  %er = vector.transfer_read %ef[%c0], %p : memref<?xf32, strided<[?]>>, vector<16xf32>
  return
}

// -----

// Views and their accesses go through the region ops regions.go promotes:
// a subview defined outside an scf.while loop is read in its condition and
// written in an scf.execute_region of its body, through a subview defined
// there. A store through a view in scf.forall, whose iterations run in
// parallel, keeps that buffer.
// CHECK-LABEL: func.func @views_in_region_ops(
// CHECK-SAME:    %[[X:[^:]*]]: vector<4xi32>
// CHECK:         %[[W:.*]] = scf.while (%[[A:.*]] = %[[X]]) : (vector<4xi32>) -> vector<4xi32> {
// CHECK:           %[[H:.*]] = vector.extract_strided_slice %[[A]] {{.*}}offsets = [2], sizes = [2]
// CHECK:           vector.extract %[[H]][0]
// CHECK:           scf.condition(%{{.*}}) %[[A]] : vector<4xi32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[B:.*]]: vector<4xi32>):
// CHECK:           %[[E:.*]] = scf.execute_region -> vector<4xi32> {
// CHECK:             %[[L:.*]] = vector.extract_strided_slice %[[B]] {{.*}}offsets = [0], sizes = [2]
// CHECK:             %[[I:.*]] = vector.insert_strided_slice %[[L]], %[[B]] {{.*}}offsets = [2]
// CHECK:             scf.yield %[[I]] : vector<4xi32>
// CHECK:           scf.yield %[[E]] : vector<4xi32>
// CHECK:         %[[KEPT:.*]] = memref.alloca() : memref<4xi32>
// CHECK:         scf.forall
// CHECK:           memref.subview %[[KEPT]]
// CHECK:           vector.transfer_write
// CHECK:         return %[[W]] : vector<4xi32>
func.func @views_in_region_ops(%x: vector<4xi32>, %n: index, %p: i32) -> vector<4xi32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xi32>
  vector.transfer_write %x, %a[%c0] {in_bounds = [true]} : vector<4xi32>, memref<4xi32>
  %hi = memref.subview %a[2] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 2>>
  scf.while : () -> () {
    %v = vector.transfer_read %hi[%c0], %p {in_bounds = [true]} : memref<2xi32, strided<[1], offset: 2>>, vector<2xi32>
    %e = vector.extract %v[0] : i32 from vector<2xi32>
    %go = arith.cmpi slt, %e, %p : i32
    scf.condition(%go)
  } do {
    scf.execute_region {
      %lo = memref.subview %a[0] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1]>>
      %l = vector.transfer_read %lo[%c0], %p {in_bounds = [true]} : memref<2xi32, strided<[1]>>, vector<2xi32>
      vector.transfer_write %l, %hi[%c0] {in_bounds = [true]} : vector<2xi32>, memref<2xi32, strided<[1], offset: 2>>
      scf.yield
    }
    scf.yield
  }
  %b = memref.alloca() : memref<4xi32>
  vector.transfer_write %x, %b[%c0] {in_bounds = [true]} : vector<4xi32>, memref<4xi32>
  scf.forall (%i) in (%n) {
    %bv = memref.subview %b[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>
    %r = vector.transfer_read %bv[%c0], %p {in_bounds = [true]} : memref<2xi32, strided<[1], offset: 1>>, vector<2xi32>
    vector.transfer_write %r, %bv[%c0] {in_bounds = [true]} : vector<2xi32>, memref<2xi32, strided<[1], offset: 1>>
  }
  %w = vector.transfer_read %a[%c0], %p {in_bounds = [true]} : memref<4xi32>, vector<4xi32>
  return %w : vector<4xi32>
}
