// RUN: kiln opt %s --allow-unregistered-dialect --gpu-decompose-memrefs --split-input-file | FileCheck %s

// A load and a store in a launch become accesses of a rank-0 view at the
// element's linear offset; as in MLIR, each access extracts the metadata
// anew at the start of the memref's block (here the function's entry,
// outside the launch), so the store's extract comes first. Static strides
// fold into the map; the identity layout's offset is 0 and drops out.
// CHECK: #[[MAP:.*]] = affine_map<()[s0, s1, s2] -> (s0 * s1 + s2)>
// CHECK: func.func @load_store(
// CHECK-SAME: %[[M:.*]]: memref<?x?xf32>, %[[V:.*]]: f32
// CHECK: %[[SBASE:.*]], %{{.*}}, %{{.*}}:2, %[[SSTR:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: %[[LBASE:.*]], %{{.*}}, %{{.*}}:2, %[[LSTR:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: gpu.launch
// CHECK-SAME: threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in
// CHECK: %[[I:.*]] = affine.apply #[[MAP]]()[%[[TX]], %[[LSTR]]#0, %[[TY]]]
// CHECK: %[[P:.*]] = memref.reinterpret_cast %[[LBASE]] to offset: [%[[I]]], sizes: [], strides: [] : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK: %[[X:.*]] = memref.load %[[P]][] : memref<f32, strided<[], offset: ?>>
// CHECK: %[[Y:.*]] = arith.addf %[[X]], %[[V]] : f32
// CHECK: %[[J:.*]] = affine.apply #[[MAP]]()[%[[TX]], %[[SSTR]]#0, %[[TY]]]
// CHECK: %[[Q:.*]] = memref.reinterpret_cast %[[SBASE]] to offset: [%[[J]]], sizes: [], strides: [] : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK: memref.store %[[Y]], %[[Q]][] : memref<f32, strided<[], offset: ?>>
func.func @load_store(%m: memref<?x?xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %m[%tx, %ty] : memref<?x?xf32>
    %y = arith.addf %x, %v : f32
    memref.store %y, %m[%tx, %ty] : memref<?x?xf32>
    gpu.terminator
  }
  return
}

// -----

// A dynamic offset and strides all go into the map; a static layout and
// constant indices fold to a static offset in the view's type.
// CHECK: #[[DYN:.*]] = affine_map<()[s0, s1, s2, s3, s4] -> (s0 + s1 * s2 + s3 * s4)>
// CHECK: func.func @layouts(
// CHECK-SAME: %[[D:[^:]*]]: memref<?x?xf32, strided<[?, ?], offset: ?>>, %[[S:[^:]*]]: memref<4x8xf32, strided<[16, 2], offset: 3>>
// CHECK: %[[SBASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[S]]
// CHECK: %[[DBASE:.*]], %[[DOFF:.*]], %{{.*}}:2, %[[DSTR:.*]]:2 = memref.extract_strided_metadata %[[D]]
// CHECK: gpu.launch
// CHECK-SAME: threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in
// CHECK: %[[I:.*]] = affine.apply #[[DYN]]()[%[[DOFF]], %[[TX]], %[[DSTR]]#0, %[[TY]], %[[DSTR]]#1]
// CHECK: memref.reinterpret_cast %[[DBASE]] to offset: [%[[I]]], sizes: [], strides: [] : memref<f32> to memref<f32, strided<[], offset: ?>>
// CHECK: %[[P:.*]] = memref.reinterpret_cast %[[SBASE]] to offset: [41], sizes: [], strides: [] : memref<f32> to memref<f32, strided<[], offset: 41>>
// CHECK: memref.load %[[P]][] : memref<f32, strided<[], offset: 41>>
func.func @layouts(%d: memref<?x?xf32, strided<[?, ?], offset: ?>>, %s: memref<4x8xf32, strided<[16, 2], offset: 3>>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %d[%tx, %ty] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    %y = memref.load %s[%c2, %c3] : memref<4x8xf32, strided<[16, 2], offset: 3>>
    "use"(%x, %y) : (f32, f32) -> ()
    gpu.terminator
  }
  return
}

// -----

// A subview becomes a reinterpret_cast of the base buffer: its strides are
// the source's times its own, its offset the linear index of its offsets;
// a rank-reducing subview drops the unit dim's size and stride. Sizes stay
// as written: a constant operand is not made static.
// CHECK: #[[TWICE:.*]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK: #[[OFF:.*]] = affine_map<()[s0, s1, s2] -> (s0 * s1 + s2)>
// CHECK: func.func @subview(
// CHECK-SAME: %[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[RBASE:.*]], %{{.*}}, %{{.*}}:2, %[[RSTR:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK: gpu.launch
// CHECK-SAME: threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in
// CHECK: %[[ST:.*]] = affine.apply #[[TWICE]]()[%[[STRIDES]]#0]
// CHECK: %[[O:.*]] = affine.apply #[[OFF]]()[%[[TX]], %[[STRIDES]]#0, %[[TY]]]
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[O]]], sizes: [%[[N]], 4], strides: [%[[ST]], 1] : memref<f32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[RO:.*]] = affine.apply #[[OFF]]()[%[[TY]], %[[RSTR]]#0, %[[TX]]]
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[RBASE]] to offset: [%[[RO]]], sizes: [%[[C4]]], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: "use"(%[[V]], %[[R]])
func.func @subview(%m: memref<?x?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.subview %m[%tx, %ty] [%n, 4] [2, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
    %r = memref.subview %m[%ty, %tx] [1, %c4] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    "use"(%v, %r) : (memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    gpu.terminator
  }
  return
}

// -----

// Outside a launch, rank-0 memrefs and affine-map layouts are left alone.
// CHECK: #[[AMAP:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK: func.func @untouched(
// CHECK-NOT: memref.extract_strided_metadata
// CHECK-NOT: memref.reinterpret_cast
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: memref.load %{{.*}}[] : memref<f32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<4xf32, #[[AMAP]]>
// CHECK-NOT: memref.reinterpret_cast
func.func @untouched(%a: memref<?xf32>, %b: memref<f32>, %c: memref<4xf32, affine_map<(d0) -> (d0 * 2)>>, %i: index) {
  %x = memref.load %a[%i] : memref<?xf32>
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %y = memref.load %b[] : memref<f32>
    %z = memref.load %c[%tx] : memref<4xf32, affine_map<(d0) -> (d0 * 2)>>
    "use"(%x, %y, %z) : (f32, f32, f32) -> ()
    gpu.terminator
  }
  return
}
