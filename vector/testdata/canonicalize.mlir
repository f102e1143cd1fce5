// RUN: kiln opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @extract_of_broadcast
// CHECK-SAME: (%[[S:.*]]: f32, %[[V:.*]]: vector<8xf32>)
// CHECK-NEXT: return %[[S]], %[[V]] : f32, vector<8xf32>
func.func @extract_of_broadcast(%s: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>) {
  %0 = vector.broadcast %s : f32 to vector<4x8xf32>
  %1 = vector.extract %0[1, 2] : f32 from vector<4x8xf32>
  %2 = vector.broadcast %v : vector<8xf32> to vector<4x8xf32>
  %3 = vector.extract %2[3] : vector<8xf32> from vector<4x8xf32>
  return %1, %3 : f32, vector<8xf32>
}

// -----

// CHECK-LABEL: func.func @extract_of_insert
// CHECK-SAME: (%[[S:.*]]: f32, %[[V:.*]]: vector<4xf32>)
// CHECK: %[[E:.*]] = vector.extract %[[V]][1] : f32 from vector<4xf32>
// CHECK: return %[[S]], %[[E]] : f32, f32
func.func @extract_of_insert(%s: f32, %v: vector<4xf32>) -> (f32, f32) {
  %0 = vector.insert %s, %v[2] : f32 into vector<4xf32>
  %1 = vector.extract %0[2] : f32 from vector<4xf32>
  %2 = vector.extract %0[1] : f32 from vector<4xf32>
  return %1, %2 : f32, f32
}

// -----

// CHECK-LABEL: func.func @constant_positions
// CHECK-SAME: (%[[V:.*]]: vector<4x8xf32>, %[[S:.*]]: f32)
// CHECK: vector.extract %[[V]][1, 3] : f32 from vector<4x8xf32>
// CHECK: vector.insert %[[S]], %[[V]] [2, 3] : f32 into vector<4x8xf32>
func.func @constant_positions(%v: vector<4x8xf32>, %s: f32) -> (f32, vector<4x8xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = vector.extract %v[%c1, %c3] : f32 from vector<4x8xf32>
  %1 = vector.insert %s, %v[2, %c3] : f32 into vector<4x8xf32>
  return %0, %1 : f32, vector<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @fold_constants
// CHECK-DAG: %[[A:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[1, 9, 3, 4]> : vector<4xi32>
// CHECK-DAG: %[[C:.*]] = arith.constant dense<[4, 1]> : vector<2xi32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant dense<7> : vector<3xi32>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @fold_constants() -> (f32, vector<4xi32>, vector<2xi32>, vector<2xf32>, vector<3xi32>) {
  %f = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %0 = vector.extract %f[1, 0] : f32 from vector<2x2xf32>
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %c9 = arith.constant 9 : i32
  %1 = vector.insert %c9, %v[1] : i32 into vector<4xi32>
  %2 = vector.shuffle %v, %v [3, 4] : vector<4xi32>, vector<4xi32>
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %3 = vector.from_elements %x, %y : vector<2xf32>
  %c7 = arith.constant 7 : i32
  %4 = vector.broadcast %c7 : i32 to vector<3xi32>
  return %0, %1, %2, %3, %4 : f32, vector<4xi32>, vector<2xi32>, vector<2xf32>, vector<3xi32>
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<2x3xf32>)
// CHECK-NEXT: return %[[A]], %[[B]], %[[B]], %[[A]], %[[A]] :
func.func @identities(%a: vector<4xf32>, %b: vector<2x3xf32>) -> (vector<4xf32>, vector<2x3xf32>, vector<2x3xf32>, vector<4xf32>, vector<4xf32>) {
  %0 = vector.shuffle %a, %a [0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
  %1 = vector.transpose %b, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %2 = vector.transpose %1, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
  %3 = vector.shape_cast %b : vector<2x3xf32> to vector<6xf32>
  %4 = vector.shape_cast %3 : vector<6xf32> to vector<2x3xf32>
  %5 = vector.bitcast %a : vector<4xf32> to vector<8xf16>
  %6 = vector.bitcast %5 : vector<8xf16> to vector<4xf32>
  %7 = vector.broadcast %a : vector<4xf32> to vector<4xf32>
  %8 = vector.extract_strided_slice %7 {offsets = [0], sizes = [4], strides = [1]} : vector<4xf32> to vector<4xf32>
  return %0, %2, %4, %6, %8 : vector<4xf32>, vector<2x3xf32>, vector<2x3xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @elements
// CHECK-SAME: (%[[S:.*]]: f32, %[[T:.*]]: f32, %[[V:.*]]: vector<2xf32>)
// CHECK-DAG: %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
// CHECK: return %[[B]], %[[T]], %[[V]] :
func.func @elements(%s: f32, %t: f32, %v: vector<2xf32>) -> (vector<3xf32>, f32, vector<2xf32>) {
  %0 = vector.from_elements %s, %s, %s : vector<3xf32>
  %1 = vector.from_elements %s, %t : vector<2xf32>
  %2:2 = vector.to_elements %1 : vector<2xf32>
  %e0 = vector.extract %v[0] : f32 from vector<2xf32>
  %e1 = vector.extract %v[1] : f32 from vector<2xf32>
  %3 = vector.from_elements %e0, %e1 : vector<2xf32>
  return %0, %2#1, %3 : vector<3xf32>, f32, vector<2xf32>
}

// -----

// from_elements of a to_elements' results in order, of the same type,
// folds to its source; another order or shape stays.
// CHECK-LABEL: func.func @from_to_elements
// CHECK-SAME: (%[[V:.*]]: vector<3xf32>)
// CHECK: %[[E:.*]]:3 = vector.to_elements %[[V]]
// CHECK: %[[R:.*]] = vector.from_elements %[[E]]#2, %[[E]]#1, %[[E]]#0 : vector<3xf32>
// CHECK: %[[S:.*]] = vector.from_elements %[[E]]#0, %[[E]]#1, %[[E]]#2 : vector<1x3xf32>
// CHECK: return %[[V]], %[[R]], %[[S]] :
func.func @from_to_elements(%v: vector<3xf32>) -> (vector<3xf32>, vector<3xf32>, vector<1x3xf32>) {
  %e:3 = vector.to_elements %v : vector<3xf32>
  %0 = vector.from_elements %e#0, %e#1, %e#2 : vector<3xf32>
  %1 = vector.from_elements %e#2, %e#1, %e#0 : vector<3xf32>
  %2 = vector.from_elements %e#0, %e#1, %e#2 : vector<1x3xf32>
  return %0, %1, %2 : vector<3xf32>, vector<3xf32>, vector<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @masks
// CHECK-DAG: %[[M:.*]] = vector.constant_mask [2, 3] : vector<4x3xi1>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK: return %[[M]], %[[T]]
func.func @masks() -> (vector<4x3xi1>, vector<4xi1>) {
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %0 = vector.create_mask %c2, %c9 : vector<4x3xi1>
  %1 = vector.constant_mask [4] : vector<4xi1>
  return %0, %1 : vector<4x3xi1>, vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @single_element_reduction
// CHECK-SAME: (%[[V:.*]]: vector<1xf32>, %[[ACC:.*]]: f32)
// CHECK: %[[E:.*]] = vector.extract %[[V]][0] : f32 from vector<1xf32>
// CHECK: %[[R:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK: return %[[R]]
func.func @single_element_reduction(%v: vector<1xf32>, %acc: f32) -> f32 {
  %0 = vector.reduction <add>, %v, %acc : vector<1xf32> into f32
  return %0 : f32
}

// -----

// CHECK-LABEL: func.func @masked_load_all_false
// CHECK-SAME: %[[PASS:[a-z0-9]*]]: vector<4xf32>)
// CHECK-NEXT: return %[[PASS]]
func.func @masked_load_all_false(%m: memref<?xf32>, %i: index, %pass: vector<4xf32>) -> vector<4xf32> {
  %mask = vector.constant_mask [0] : vector<4xi1>
  %0 = vector.maskedload %m[%i], %mask, %pass : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @old_element_ops
// CHECK-SAME: (%[[S:.*]]: f32, %[[I:.*]]: index)
// CHECK-NEXT: return %[[S]]
func.func @old_element_ops(%s: f32, %i: index) -> f32 {
  %0 = vector.broadcast %s : f32 to vector<4xf32>
  %1 = vector.extractelement %0[%i : index] : vector<4xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @strided_slice_constants
// CHECK-DAG: %[[E:.*]] = arith.constant dense<[3, 4]> : vector<2xi32>
// CHECK-DAG: %[[I:.*]] = arith.constant dense<{{\[}}[0, 0, 0], [0, 7, 8]]> : vector<2x3xi32>
// CHECK: return %[[E]], %[[I]]
func.func @strided_slice_constants() -> (vector<2xi32>, vector<2x3xi32>) {
  %v = arith.constant dense<[1, 2, 3, 4, 5]> : vector<5xi32>
  %0 = vector.extract_strided_slice %v {offsets = [2], sizes = [2], strides = [1]} : vector<5xi32> to vector<2xi32>
  %z = arith.constant dense<0> : vector<2x3xi32>
  %s = arith.constant dense<[7, 8]> : vector<2xi32>
  %1 = vector.insert_strided_slice %s, %z {offsets = [1, 1], strides = [1]} : vector<2xi32> into vector<2x3xi32>
  return %0, %1 : vector<2xi32>, vector<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @known_masks
func.func @known_masks(%m: memref<?xf32>, %i: index, %v: vector<4xf32>, %pad: f32) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, f32) {
  %t = vector.constant_mask [4] : vector<4xi1>
  %f = vector.constant_mask [0] : vector<4xi1>
  // CHECK: %[[L:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<?xf32>, vector<4xf32>
  %0 = vector.expandload %m[%i], %t, %v : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %1 = vector.expandload %m[%i], %f, %v : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>, vector<4xf32>
  // CHECK-NOT: vector.compressstore
  vector.compressstore %m[%i], %t, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
  vector.compressstore %m[%i], %f, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
  // CHECK-NOT: vector.mask
  // CHECK: %[[R:.*]] = vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>, vector<4xf32>
  %2 = vector.mask %t { vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  // CHECK: %[[S:.*]] = vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
  %3 = vector.mask %t { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  // CHECK: return %[[L]], %{{.*}}, %[[R]], %[[S]]
  %4 = vector.mask %f { vector.yield %1 : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return %0, %4, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, f32
}

// -----

// The extract folds MLIR's ExtractOp::fold does, each rewriting the extract
// to read from further up the chain.
// CHECK-LABEL: func.func @extract_folds
// CHECK-SAME: (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<3x4xf32>, %[[C:.*]]: vector<8xf32>, %[[D:.*]]: vector<2x8xf32>, %[[E:.*]]: vector<4x3xf32>,
// CHECK-NEXT: %[[R0:.*]] = vector.extract %[[A]][2] : f32 from vector<4xf32>
// CHECK-NEXT: %[[R1:.*]] = vector.extract %[[B]][1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: %[[R2:.*]] = vector.extract %[[C]][5] : f32 from vector<8xf32>
// CHECK-NEXT: %[[R3:.*]] = vector.extract %[[D]][1, 7] : f32 from vector<2x8xf32>
// CHECK-NEXT: %[[R4:.*]] = vector.extract %[[D]][1, 5] : f32 from vector<2x8xf32>
// CHECK-NEXT: %[[R5:.*]] = vector.extract %[[E]][2, 1] : f32 from vector<4x3xf32>
// CHECK-NEXT: %[[R6:.*]] = vector.extract %[[A]][1] : f32 from vector<4xf32>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]]
func.func @extract_folds(%a: vector<4xf32>, %b: vector<3x4xf32>, %c: vector<8xf32>, %d: vector<2x8xf32>, %e: vector<4x3xf32>, %f: vector<16xf32>)
    -> (f32, vector<4xf32>, f32, f32, f32, f32, f32) {
  // broadcast: the broadcast dims drop out of the position.
  %0 = vector.broadcast %a : vector<4xf32> to vector<1x2x4xf32>
  %r0 = vector.extract %0[0, 1, 2] : f32 from vector<1x2x4xf32>
  %1 = vector.broadcast %b : vector<3x4xf32> to vector<2x3x4xf32>
  %r1 = vector.extract %1[1, 1] : vector<4xf32> from vector<2x3x4xf32>
  // shuffle: the mask picks the operand and its lane.
  %2 = vector.shuffle %a, %c [0, 9, 4, 3] : vector<4xf32>, vector<8xf32>
  %r2 = vector.extract %2[1] : f32 from vector<4xf32>
  // shape_cast: the position is linearized and delinearized.
  %3 = vector.shape_cast %d : vector<2x8xf32> to vector<4x4xf32>
  %r3 = vector.extract %3[3, 3] : f32 from vector<4x4xf32>
  // extract_strided_slice: the offsets are added.
  %4 = vector.extract_strided_slice %d {offsets = [1, 2], sizes = [1, 4], strides = [1, 1]} : vector<2x8xf32> to vector<1x4xf32>
  %r4 = vector.extract %4[0, 3] : f32 from vector<1x4xf32>
  // transpose then insert elsewhere: the extract goes through both.
  %5 = vector.transpose %e, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
  %6 = vector.insert %a, %5 [0] : vector<4xf32> into vector<3x4xf32>
  %r5 = vector.extract %6[1, 2] : f32 from vector<3x4xf32>
  // insert_strided_slice covering the extracted lane.
  %7 = vector.insert_strided_slice %a, %f {offsets = [4], strides = [1]} : vector<4xf32> into vector<16xf32>
  %r6 = vector.extract %7[5] : f32 from vector<16xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : f32, vector<4xf32>, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @extract_canonicalizations
// CHECK-SAME: (%[[S:.*]]: f32, %[[N:.*]]: index, %[[A:.*]]: vector<2x4xf32>, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-DAG: %[[F:.*]] = arith.constant dense<false> : vector<4xi1>
// CHECK: %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: %[[M:.*]] = vector.create_mask %[[N]] : vector<4xi1>
// CHECK: %[[C:.*]] = vector.shape_cast %[[A]] : vector<2x4xf32> to vector<8xf32>
// CHECK: %[[E:.*]] = vector.from_elements %[[Y]], %[[X]] : vector<2xf32>
// CHECK: return %[[B]], %[[M]], %[[F]], %[[C]], %[[E]]
func.func @extract_canonicalizations(%s: f32, %n: index, %a: vector<2x4xf32>, %x: f32, %y: f32)
    -> (vector<4xf32>, vector<4xi1>, vector<4xi1>, vector<8xf32>, vector<2xf32>) {
  %c3 = arith.constant 3 : index
  %0 = vector.broadcast %s : f32 to vector<2x4xf32>
  %r0 = vector.extract %0[1] : vector<4xf32> from vector<2x4xf32>
  // A known bound keeps the rest of the mask, or empties it.
  %1 = vector.create_mask %c3, %n : vector<5x4xi1>
  %r1 = vector.extract %1[2] : vector<4xi1> from vector<5x4xi1>
  %r2 = vector.extract %1[4] : vector<4xi1> from vector<5x4xi1>
  %2 = vector.shape_cast %a : vector<2x4xf32> to vector<1x8xf32>
  %r3 = vector.extract %2[0] : vector<8xf32> from vector<1x8xf32>
  %3 = vector.from_elements %x, %y, %y, %x : vector<2x2xf32>
  %r4 = vector.extract %3[1] : vector<2xf32> from vector<2x2xf32>
  return %r0, %r1, %r2, %r3, %r4 : vector<4xf32>, vector<4xi1>, vector<4xi1>, vector<8xf32>, vector<2xf32>
}

// -----

// CHECK-LABEL: func.func @strided_slice_canonicalizations
// CHECK-SAME: (%[[S:.*]]: f32, %[[V:.*]]: vector<4xf32>, %[[N:.*]]: index, %[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<8xf32>)
// CHECK-DAG: %[[M0:.*]] = vector.constant_mask [1, 2] : vector<2x2xi1>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[SUB:.*]] = arith.subi %[[N]], %[[C1]] : index
// CHECK: %[[M1:.*]] = vector.create_mask %[[SUB]] : vector<2xi1>
// CHECK: %[[B0:.*]] = vector.broadcast %[[S]] : f32 to vector<2x4xf32>
// CHECK: %[[B1:.*]] = vector.broadcast %[[V]] : vector<4xf32> to vector<2x4xf32>
// CHECK: return %[[M0]], %[[M1]], %[[B0]], %[[B1]], %[[A]]
func.func @strided_slice_canonicalizations(%s: f32, %v: vector<4xf32>, %n: index, %a: vector<2xf32>, %b: vector<8xf32>)
    -> (vector<2x2xi1>, vector<2xi1>, vector<2x4xf32>, vector<2x4xf32>, vector<2xf32>) {
  %0 = vector.constant_mask [2, 2] : vector<4x3xi1>
  %r0 = vector.extract_strided_slice %0 {offsets = [1, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x3xi1> to vector<2x2xi1>
  %1 = vector.create_mask %n : vector<4xi1>
  %r1 = vector.extract_strided_slice %1 {offsets = [1], sizes = [2], strides = [1]} : vector<4xi1> to vector<2xi1>
  %2 = vector.splat %s : vector<4x4xf32>
  %r2 = vector.extract_strided_slice %2 {offsets = [1, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x4xf32> to vector<2x4xf32>
  %3 = vector.broadcast %v : vector<4xf32> to vector<4x4xf32>
  %r3 = vector.extract_strided_slice %3 {offsets = [1, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x4xf32> to vector<2x4xf32>
  // The slice is all inside the inserted vector.
  %4 = vector.insert_strided_slice %a, %b {offsets = [3], strides = [1]} : vector<2xf32> into vector<8xf32>
  %r4 = vector.extract_strided_slice %4 {offsets = [3], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
  return %r0, %r1, %r2, %r3, %r4 : vector<2x2xi1>, vector<2xi1>, vector<2x4xf32>, vector<2x4xf32>, vector<2xf32>
}

// -----

// CHECK-LABEL: func.func @insert_transpose_shape_cast_canonicalizations
// CHECK-SAME: (%[[S:.*]]: f32, %[[V:.*]]: vector<4xf32>, %[[A:.*]]: vector<8x16xf32>, %[[W:.*]]: vector<1xf32>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG: %[[B0:.*]] = vector.shape_cast %[[V]] : vector<4xf32> to vector<1x1x4xf32>
// CHECK-DAG: %[[B1:.*]] = vector.broadcast %[[S]] : f32 to vector<2x4xf32>
// CHECK-DAG: %[[B2:.*]] = vector.broadcast %[[W]] : vector<1xf32> to vector<1x8xf32>
// CHECK-DAG: %[[B3:.*]] = vector.broadcast %[[S]] : f32 to vector<4x2xf32>
// CHECK-DAG: %[[K:.*]] = vector.create_mask %[[M]], %[[N]] : vector<3x2xi1>
// CHECK-DAG: %[[C:.*]] = vector.shape_cast %[[V]] : vector<4xf32> to vector<2x2xf32>
// CHECK: return %[[B0]], %[[B1]], %[[A]], %[[B2]], %[[B3]], %[[K]], %[[C]]
func.func @insert_transpose_shape_cast_canonicalizations(%s: f32, %v: vector<4xf32>, %a: vector<8x16xf32>, %w: vector<1xf32>, %n: index, %m: index)
    -> (vector<1x1x4xf32>, vector<2x4xf32>, vector<8x16xf32>, vector<1x8xf32>, vector<4x2xf32>, vector<3x2xi1>, vector<2x2xf32>) {
  %u = arith.constant dense<0.0> : vector<1x1x4xf32>
  %r0 = vector.insert %v, %u [0, 0] : vector<4xf32> into vector<1x1x4xf32>
  %s0 = vector.splat %s : vector<4xf32>
  %s1 = vector.splat %s : vector<2x4xf32>
  %r1 = vector.insert %s0, %s1 [1] : vector<4xf32> into vector<2x4xf32>
  %e = vector.extract_strided_slice %a {offsets = [0, 8], sizes = [2, 4], strides = [1, 1]} : vector<8x16xf32> to vector<2x4xf32>
  %r2 = vector.insert_strided_slice %e, %a {offsets = [0, 8], strides = [1, 1]} : vector<2x4xf32> into vector<8x16xf32>
  %b = vector.broadcast %w : vector<1xf32> to vector<8x1xf32>
  %r3 = vector.transpose %b, [1, 0] : vector<8x1xf32> to vector<1x8xf32>
  %r4 = vector.transpose %s1, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %k = vector.create_mask %n, %m : vector<2x3xi1>
  %r5 = vector.transpose %k, [1, 0] : vector<2x3xi1> to vector<3x2xi1>
  %bv = vector.broadcast %v : vector<4xf32> to vector<1x4xf32>
  %r6 = vector.shape_cast %bv : vector<1x4xf32> to vector<2x2xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : vector<1x1x4xf32>, vector<2x4xf32>, vector<8x16xf32>, vector<1x8xf32>, vector<4x2xf32>, vector<3x2xi1>, vector<2x2xf32>
}

// -----

// A constant index marks a dim in bounds only when the whole transfer,
// its start included, lies in the source: not at -1, nor past the end.
// CHECK-LABEL: func.func @transfer_in_bounds_start
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{[^ ]+}} : memref<8xf32>, vector<4xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{[^ ]+}} : memref<8xf32>, vector<4xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}], %{{[^ ]+}} {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
func.func @transfer_in_bounds_start(%m: memref<8xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %cm1 = arith.constant -1 : index
  %c5 = arith.constant 5 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%cm1], %p : memref<8xf32>, vector<4xf32>
  %b = vector.transfer_read %m[%c5], %p : memref<8xf32>, vector<4xf32>
  %c = vector.transfer_read %m[%c4], %p : memref<8xf32>, vector<4xf32>
  return %a, %b, %c : vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @transfer_folds
// CHECK-SAME: (%[[M:.*]]: memref<4x8xf32>, %[[T:.*]]: tensor<4x4xf32>, %[[V:.*]]: vector<1x4xf32>, %[[U:.*]]: tensor<4xf32>)
// CHECK: %[[R:.*]] = vector.transfer_read %[[M]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %[[R]], %[[M]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
// CHECK-NEXT: return %[[R]], %[[V]], %[[T]], %[[U]]
func.func @transfer_folds(%m: memref<4x8xf32>, %t: tensor<4x4xf32>, %v: vector<1x4xf32>, %u: tensor<4xf32>)
    -> (vector<4x8xf32>, vector<1x4xf32>, tensor<4x4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f0 = arith.constant 0.0 : f32
  // The cast goes, and both dims are in bounds of the static memref.
  %cast = memref.cast %m : memref<4x8xf32> to memref<?x?xf32>
  %r = vector.transfer_read %cast[%c0, %c0], %f0 : memref<?x?xf32>, vector<4x8xf32>
  vector.transfer_write %r, %cast[%c0, %c0] : vector<4x8xf32>, memref<?x?xf32>
  // A read through a disjoint write sees the earlier write.
  %w0 = vector.transfer_write %v, %t[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %w1 = vector.transfer_write %v, %w0[%c2, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %r1 = vector.transfer_read %w1[%c1, %c0], %f0 {in_bounds = [true, true]} : tensor<4x4xf32>, vector<1x4xf32>
  // Writing back what was read is the tensor; an unused write to a tensor goes.
  %r2 = vector.transfer_read %t[%c1, %c0], %f0 : tensor<4x4xf32>, vector<1x4xf32>
  %w2 = vector.transfer_write %r2, %t[%c1, %c0] : vector<1x4xf32>, tensor<4x4xf32>
  %dead = vector.transfer_write %v, %t[%c0, %c0] : vector<1x4xf32>, tensor<4x4xf32>
  // Writing back a whole tensor read from zero is the tensor.
  %r3 = vector.transfer_read %u[%c0], %f0 {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
  %w3 = vector.transfer_write %r3, %u[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  return %r, %r1, %w2, %w3 : vector<4x8xf32>, vector<1x4xf32>, tensor<4x4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @multi_reduction_unit_dims
// CHECK-SAME: (%[[S:.*]]: vector<2x1x4xf32>, %[[A:.*]]: vector<2x4xf32>, %[[M:.*]]: vector<2x1x4xi1>, %[[T:.*]]: vector<1x1xi32>, %[[B:.*]]: i32)
// CHECK: %[[C0:.*]] = vector.shape_cast %[[S]] : vector<2x1x4xf32> to vector<2x4xf32>
// CHECK: %[[R0:.*]] = arith.addf %[[A]], %[[C0]] : vector<2x4xf32>
// CHECK: %[[K:.*]] = vector.shape_cast %[[M]] : vector<2x1x4xi1> to vector<2x4xi1>
// CHECK: %[[C1:.*]] = vector.shape_cast %[[S]] : vector<2x1x4xf32> to vector<2x4xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[A]], %[[C1]] : vector<2x4xf32>
// CHECK: %[[R1:.*]] = arith.select %[[K]], %[[P]], %[[C1]] : vector<2x4xi1>, vector<2x4xf32>
// CHECK: %[[E:.*]] = vector.extract %[[T]][0, 0] : i32 from vector<1x1xi32>
// CHECK: %[[R2:.*]] = arith.maxsi %[[B]], %[[E]] : i32
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @multi_reduction_unit_dims(%s: vector<2x1x4xf32>, %a: vector<2x4xf32>, %m: vector<2x1x4xi1>, %t: vector<1x1xi32>, %b: i32)
    -> (vector<2x4xf32>, vector<2x4xf32>, i32) {
  %0 = vector.multi_reduction <add>, %s, %a [1] : vector<2x1x4xf32> to vector<2x4xf32>
  %1 = vector.mask %m { vector.multi_reduction <mul>, %s, %a [1] : vector<2x1x4xf32> to vector<2x4xf32> } : vector<2x1x4xi1> -> vector<2x4xf32>
  %2 = vector.multi_reduction <maxsi>, %t, %b [0, 1] : vector<1x1xi32> to i32
  return %0, %1, %2 : vector<2x4xf32>, vector<2x4xf32>, i32
}

// -----

// CHECK-LABEL: func.func @bitcast_splat_and_waw
// CHECK-SAME: (%[[T:.*]]: tensor<4x4xf32>, %[[V:.*]]: vector<1x4xf32>, %[[W:.*]]: vector<1x4xf32>)
// CHECK-DAG: %[[F:.*]] = arith.constant dense<2.00390625> : vector<4xf32>
// CHECK-DAG: %[[I:.*]] = arith.constant dense<-1600085856> : vector<4xi32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[W0:.*]] = vector.transfer_write %[[V]], %[[T]][%[[C2]], %[[C0]]]
// CHECK-NEXT: %[[W1:.*]] = vector.transfer_write %[[W]], %[[W0]][%[[C0]], %[[C0]]]
// CHECK-NEXT: return %[[F]], %[[I]], %[[W1]]
func.func @bitcast_splat_and_waw(%t: tensor<4x4xf32>, %v: vector<1x4xf32>, %w: vector<1x4xf32>) -> (vector<4xf32>, vector<4xi32>, tensor<4x4xf32>) {
  %h = arith.constant dense<2.0> : vector<8xf16>
  %0 = vector.bitcast %h : vector<8xf16> to vector<4xf32>
  %b = arith.constant dense<160> : vector<16xi8>
  %1 = vector.bitcast %b : vector<16xi8> to vector<4xi32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // The first write is overwritten by the last; the one between is disjoint.
  %w0 = vector.transfer_write %v, %t[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %w1 = vector.transfer_write %v, %w0[%c2, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %w2 = vector.transfer_write %w, %w1[%c0, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  return %0, %1, %w2 : vector<4xf32>, vector<4xi32>, tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @read_after_write_broadcast
// CHECK-SAME: (%[[T:.*]]: tensor<4x4x4xf32>, %[[V:.*]]: vector<4x1xf32>)
// CHECK: %[[B:.*]] = vector.broadcast %[[V]] : vector<4x1xf32> to vector<100x5x4x1xf32>
// CHECK: %[[R:.*]] = vector.transpose %[[B]], [3, 0, 2, 1] : vector<100x5x4x1xf32> to vector<1x100x4x5xf32>
// CHECK: return %[[R]]
func.func @read_after_write_broadcast(%t: tensor<4x4x4xf32>, %v: vector<4x1xf32>) -> vector<1x100x4x5xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %w = vector.transfer_write %v, %t[%c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2) -> (d2, d1)>} : vector<4x1xf32>, tensor<4x4x4xf32>
  %r = vector.transfer_read %w[%c0, %c0, %c0], %f0 {in_bounds = [true, true, true, true], permutation_map = affine_map<(d0, d1, d2) -> (d1, 0, d2, 0)>} : tensor<4x4x4xf32>, vector<1x100x4x5xf32>
  return %r : vector<1x100x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @contract_add
// CHECK-SAME: (%[[A:.*]]: vector<2x3xf32>, %[[B:.*]]: vector<3x4xf32>, %[[C:.*]]: vector<2x4xf32>)
// CHECK-NOT: arith.constant
// CHECK-NOT: arith.addf
// CHECK: %[[D:.*]] = vector.contract {{.*}} %[[A]], %[[B]], %[[C]]
// CHECK: return %[[D]]
func.func @contract_add(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %z = arith.constant dense<0.0> : vector<2x4xf32>
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = arith.addf %c, %0 : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @masked_single_element_reduction
// CHECK-SAME: (%[[A:.*]]: vector<1xf32>, %[[B:.*]]: f32, %[[M:.*]]: vector<1xi1>)
// CHECK: %[[K:.*]] = vector.extract %[[M]][0] : i1 from vector<1xi1>
// CHECK: %[[E:.*]] = vector.extract %[[A]][0] : f32 from vector<1xf32>
// CHECK: %[[S:.*]] = arith.addf %[[E]], %[[B]] : f32
// CHECK: %[[R:.*]] = arith.select %[[K]], %[[S]], %[[B]] : f32
// CHECK: return %[[R]]
func.func @masked_single_element_reduction(%a: vector<1xf32>, %b: f32, %m: vector<1xi1>) -> f32 {
  %s = vector.mask %m { vector.reduction <add>, %a, %b : vector<1xf32> into f32 } : vector<1xi1> -> f32
  return %s : f32
}

// -----

// A shuffle of two splats of one scalar is a broadcast of it; of two
// different scalars it stays.
// CHECK-LABEL: func.func @shuffle_of_splats
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-DAG: %[[A:.*]] = vector.splat %[[X]] : vector<4xi32>
// CHECK-DAG: %[[B:.*]] = vector.broadcast %[[X]] : i32 to vector<4xi32>
// CHECK-DAG: %[[C:.*]] = vector.broadcast %[[Y]] : i32 to vector<2xi32>
// CHECK: %[[S:.*]] = vector.shuffle %[[A]], %[[C]] [0, 2, 3]
// CHECK-NEXT: return %[[B]], %[[S]]
func.func @shuffle_of_splats(%x: i32, %y: i32) -> (vector<4xi32>, vector<3xi32>) {
  %a = vector.splat %x : vector<4xi32>
  %b = vector.broadcast %x : i32 to vector<2xi32>
  %s = vector.shuffle %a, %b [2, 3, 4, 5] : vector<4xi32>, vector<2xi32>
  %c = vector.broadcast %y : i32 to vector<2xi32>
  %t = vector.shuffle %a, %c [0, 2, 3] : vector<4xi32>, vector<2xi32>
  return %s, %t : vector<4xi32>, vector<3xi32>
}

// -----

// A read through a tensor.cast that loses sizes reads its source (and is
// then in bounds); a write keeps the cast, since its result has its base's
// type.
// CHECK-LABEL: func.func @transfer_tensor_cast
// CHECK-SAME: (%[[T:[^:]*]]: tensor<4x8xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<4x8xf32> to tensor<?x?xf32>
// CHECK: vector.transfer_read %[[T]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : tensor<4x8xf32>, vector<4x8xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[C]]
func.func @transfer_tensor_cast(%t: tensor<4x8xf32>, %v: vector<4x8xf32>) -> (vector<4x8xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %0 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  %r = vector.transfer_read %0[%c0, %c0], %f0 : tensor<?x?xf32>, vector<4x8xf32>
  %w = vector.transfer_write %v, %0[%c0, %c0] : vector<4x8xf32>, tensor<?x?xf32>
  return %r, %w : vector<4x8xf32>, tensor<?x?xf32>
}

// -----

// An in-bounds read of a unit-stride slice reads the slice's source at the
// offsets plus the indices; a slice dropping leading unit dims qualifies,
// one with a stride does not.
// CHECK-LABEL: func.func @transfer_read_of_slice
// CHECK-SAME: (%[[T:[^:]*]]: tensor<4x?x16xf32>, %[[O:[^:]*]]: index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[A:.*]] = arith.addi %[[O]], %[[C3]] : index
// CHECK: vector.transfer_read %[[T]][%[[C2]], %[[A]], %[[C8]]], %{{.*}} {in_bounds = [true]} : tensor<4x?x16xf32>, vector<4xf32>
// CHECK: tensor.extract_slice %[[T]][0, 0, 0] [4, 4, 8] [1, 1, 2]
func.func @transfer_read_of_slice(%t: tensor<4x?x16xf32>, %o: index) -> (vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %s = tensor.extract_slice %t[2, %o, 5] [1, 4, 8] [1, 1, 1] : tensor<4x?x16xf32> to tensor<4x8xf32>
  %r = vector.transfer_read %s[%c3, %c3], %f0 {in_bounds = [true]} : tensor<4x8xf32>, vector<4xf32>
  %s2 = tensor.extract_slice %t[0, 0, 0] [4, 4, 8] [1, 1, 2] : tensor<4x?x16xf32> to tensor<4x4x8xf32>
  %r2 = vector.transfer_read %s2[%c0, %c0, %c0], %f0 {in_bounds = [true]} : tensor<4x4x8xf32>, vector<4xf32>
  return %r, %r2 : vector<4xf32>, vector<4xf32>
}

// -----

// An insertion of a tensor that a write covers whole becomes a write into
// the insertion's destination; a partial write stays.
// CHECK-LABEL: func.func @insert_slice_of_write
// CHECK-SAME: (%[[D:[^:]*]]: tensor<8x?x12xf32>, %[[V:[^:]*]]: vector<5x6xf32>, %[[S:[^:]*]]: index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[W:.*]] = vector.transfer_write %[[V]], %[[D]][%[[C1]], %[[C3]], %[[S]]] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<8x?x12xf32>
// CHECK: vector.transfer_write %[[V]], %{{.*}}[%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<6x6xf32>
// CHECK: tensor.insert_slice
// CHECK: return %[[W]]
func.func @insert_slice_of_write(%d: tensor<8x?x12xf32>, %v: vector<5x6xf32>, %s: index, %t: tensor<5x6xf32>, %u: tensor<6x6xf32>) -> (tensor<8x?x12xf32>, tensor<8x?x12xf32>) {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0, %c0] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<5x6xf32>
  %r = tensor.insert_slice %w into %d[1, 3, %s] [1, 5, 6] [1, 1, 1] : tensor<5x6xf32> into tensor<8x?x12xf32>
  %w2 = vector.transfer_write %v, %u[%c0, %c0] {in_bounds = [true, true]} : vector<5x6xf32>, tensor<6x6xf32>
  %r2 = tensor.insert_slice %w2 into %d[1, 0, 0] [1, 6, 6] [1, 1, 1] : tensor<6x6xf32> into tensor<8x?x12xf32>
  return %r, %r2 : tensor<8x?x12xf32>, tensor<8x?x12xf32>
}

// -----

// A zero-offset slice of a whole-tensor write, inserted back with the same
// sizes, moves before the write, which then writes into a slice of the
// destination (in_bounds inferred again).
// CHECK-LABEL: func.func @swap_slice_of_write
// CHECK-SAME: (%[[V:[^:]*]]: vector<4x8xf32>, %[[T:[^:]*]]: tensor<4x8xf32>, %[[D:[^:]*]]: tensor<32x32xf32>, %[[I:[^:]*]]: index, %[[N:[^:]*]]: index)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[D]][%[[I]], 0] [%[[N]], 8] [1, 1] : tensor<32x32xf32> to tensor<?x8xf32>
// CHECK: %[[W:.*]] = vector.transfer_write %[[V]], %[[S]][%{{.*}}, %{{.*}}] {in_bounds = [false, true]} : vector<4x8xf32>, tensor<?x8xf32>
// CHECK: tensor.insert_slice %[[W]] into %[[D]][%[[I]], 0] [%[[N]], 8] [1, 1]
func.func @swap_slice_of_write(%v: vector<4x8xf32>, %t: tensor<4x8xf32>, %d: tensor<32x32xf32>, %i: index, %n: index) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8xf32>
  %s = tensor.extract_slice %w[0, 0] [%n, 8] [1, 1] : tensor<4x8xf32> to tensor<?x8xf32>
  %r = tensor.insert_slice %s into %d[%i, 0] [%n, 8] [1, 1] : tensor<?x8xf32> into tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// A compare of vector.step with a splat folds when every lane agrees:
// [0, 1, 2] < 3 everywhere, 2 >= [0, 1, 2] everywhere, [0, 1, 2] > 2
// nowhere, and no lane equals 5; [0, 1, 2] < 2 differs by lane and stays.
// CHECK-LABEL: func @step_compare(
// CHECK-DAG: %[[T3:.*]] = arith.constant dense<true> : vector<3xi1>
// CHECK-DAG: %[[F3:.*]] = arith.constant dense<false> : vector<3xi1>
// CHECK-DAG: %[[T4:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK: %[[KEPT:.*]] = arith.cmpi ult
// CHECK: return %[[T3]], %[[T3]], %[[F3]], %[[F3]], %[[T4]], %[[KEPT]]
func.func @step_compare() -> (vector<3xi1>, vector<3xi1>, vector<3xi1>, vector<3xi1>, vector<4xi1>, vector<3xi1>) {
  %s = vector.step : vector<3xindex>
  %c2 = arith.constant dense<2> : vector<3xindex>
  %c3 = arith.constant dense<3> : vector<3xindex>
  %c5 = arith.constant dense<5> : vector<3xindex>
  %0 = arith.cmpi ult, %s, %c3 : vector<3xindex>
  %1 = arith.cmpi uge, %c2, %s : vector<3xindex>
  %2 = arith.cmpi ugt, %s, %c2 : vector<3xindex>
  %3 = arith.cmpi eq, %s, %c5 : vector<3xindex>
  %s32 = vector.step : vector<4xi32>
  %c4 = arith.constant dense<4> : vector<4xi32>
  %4 = arith.cmpi ult, %s32, %c4 : vector<4xi32>
  %5 = arith.cmpi ult, %s, %c2 : vector<3xindex>
  return %0, %1, %2, %3, %4, %5 : vector<3xi1>, vector<3xi1>, vector<3xi1>, vector<3xi1>, vector<4xi1>, vector<3xi1>
}

// -----

// One element, or one repeated value, is a broadcast; scalars extracted in
// order from the trailing block of a vector are that block, shape_cast; a
// to_elements of a shape_cast decomposes its source.
// CHECK-LABEL: func @from_to_elements(
// CHECK-SAME: %[[A:.*]]: f32, %[[V:.*]]: vector<2x2x3xi8>, %[[W:.*]]: vector<4xf32>
// CHECK-DAG: %[[B:.*]] = vector.broadcast %[[A]] : f32 to vector<f32>
// CHECK-DAG: %[[X:.*]] = vector.extract %[[V]][1] : vector<2x3xi8> from vector<2x2x3xi8>
// CHECK-DAG: %[[SC:.*]] = vector.shape_cast %[[X]] : vector<2x3xi8> to vector<6xi8>
// CHECK-DAG: %[[E:.*]]:4 = vector.to_elements %[[W]] : vector<4xf32>
// CHECK: return %[[B]], %[[SC]], %[[E]]#3
func.func @from_to_elements(%a: f32, %v: vector<2x2x3xi8>, %w: vector<4xf32>) -> (vector<f32>, vector<6xi8>, f32) {
  %0 = vector.from_elements %a : vector<f32>
  %e0 = vector.extract %v[1, 0, 0] : i8 from vector<2x2x3xi8>
  %e1 = vector.extract %v[1, 0, 1] : i8 from vector<2x2x3xi8>
  %e2 = vector.extract %v[1, 0, 2] : i8 from vector<2x2x3xi8>
  %e3 = vector.extract %v[1, 1, 0] : i8 from vector<2x2x3xi8>
  %e4 = vector.extract %v[1, 1, 1] : i8 from vector<2x2x3xi8>
  %e5 = vector.extract %v[1, 1, 2] : i8 from vector<2x2x3xi8>
  %1 = vector.from_elements %e0, %e1, %e2, %e3, %e4, %e5 : vector<6xi8>
  %sc = vector.shape_cast %w : vector<4xf32> to vector<2x2xf32>
  %t:4 = vector.to_elements %sc : vector<2x2xf32>
  return %0, %1, %t#3 : vector<f32>, vector<6xi8>, f32
}

// -----

// Not a trailing block in order: the from_elements stays.
// CHECK-LABEL: func @from_elements_not_a_block(
// CHECK-NOT: vector.shape_cast
// CHECK: vector.from_elements
func.func @from_elements_not_a_block(%v: vector<2x3xi8>) -> vector<3xi8> {
  %0 = vector.extract %v[0, 1] : i8 from vector<2x3xi8>
  %1 = vector.extract %v[0, 2] : i8 from vector<2x3xi8>
  %2 = vector.extract %v[1, 0] : i8 from vector<2x3xi8>
  %3 = vector.from_elements %0, %1, %2 : vector<3xi8>
  return %3 : vector<3xi8>
}

// -----

// A one-element transfer in bounds takes the minor identity map, a
// broadcasting one too; out of bounds or scalable, the map stays.
// CHECK-LABEL: func.func @size1_transfer_maps(
//       CHECK:   vector.transfer_read %arg0[%arg1, %arg2, %arg3], %arg4 {in_bounds = [true]} : memref<4x3x2xf32>, vector<1xf32>
//       CHECK:   vector.transfer_read %arg0[%arg1, %arg2, %arg3], %arg4 {in_bounds = [true]} : memref<4x3x2xf32>, vector<1xf32>
//       CHECK:   vector.transfer_read %arg0[%arg1, %arg2, %arg3], %arg4 {permutation_map = #{{.*}}} : memref<4x3x2xf32>, vector<1xf32>
//       CHECK:   vector.transfer_write %{{.*}}, %arg0[%arg1, %arg2, %arg3] {in_bounds = [true]} : vector<1xf32>, memref<4x3x2xf32>
//       CHECK:   vector.transfer_write %{{.*}}, %arg0[%arg1, %arg2, %arg3] {in_bounds = [true], permutation_map = #{{.*}}} : vector<[1]xf32>, memref<4x3x2xf32>
func.func @size1_transfer_maps(%m: memref<4x3x2xf32>, %i: index, %j: index, %k: index, %pad: f32) -> (vector<1xf32>, vector<1xf32>, vector<1xf32>) {
  %a = vector.transfer_read %m[%i, %j, %k], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (d0)>} : memref<4x3x2xf32>, vector<1xf32>
  %b = vector.transfer_read %m[%i, %j, %k], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (0)>} : memref<4x3x2xf32>, vector<1xf32>
  %c = vector.transfer_read %m[%i, %j, %k], %pad {in_bounds = [false], permutation_map = affine_map<(d0, d1, d2) -> (d1)>} : memref<4x3x2xf32>, vector<1xf32>
  vector.transfer_write %a, %m[%i, %j, %k] {in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (d1)>} : vector<1xf32>, memref<4x3x2xf32>
  %s = vector.broadcast %pad : f32 to vector<[1]xf32>
  vector.transfer_write %s, %m[%i, %j, %k] {in_bounds = [true], permutation_map = affine_map<(d0, d1, d2) -> (d1)>} : vector<[1]xf32>, memref<4x3x2xf32>
  return %a, %b, %c : vector<1xf32>, vector<1xf32>, vector<1xf32>
}

// -----

// A broadcast or static extract that keeps the number of elements is a
// shape_cast (scalable dims too); a dynamic position, a scalar, or more
// elements keep the op; a poison position folds to poison.
// CHECK-LABEL: func.func @to_shape_cast(
//  CHECK-SAME:   %[[V:.*]]: vector<1x4xf32>, %[[S:.*]]: vector<[4]xi8>, %[[I:.*]]: index, %[[X:.*]]: f32)
//   CHECK-DAG:   %[[E:.*]] = vector.shape_cast %[[V]] : vector<1x4xf32> to vector<4xf32>
//   CHECK-DAG:   %[[B:.*]] = vector.shape_cast %[[S]] : vector<[4]xi8> to vector<1x[4]xi8>
//   CHECK-DAG:   %[[D:.*]] = vector.extract %[[V]][%[[I]]] : vector<4xf32> from vector<1x4xf32>
//   CHECK-DAG:   %[[P:.*]] = ub.poison : vector<4xf32>
//   CHECK-DAG:   %[[C:.*]] = vector.broadcast %[[X]] : f32 to vector<1xf32>
//   CHECK-DAG:   %[[W:.*]] = vector.broadcast %[[V]] : vector<1x4xf32> to vector<2x4xf32>
//       CHECK:   return %[[E]], %[[B]], %[[D]], %[[P]], %[[C]], %[[W]]
func.func @to_shape_cast(%v: vector<1x4xf32>, %s: vector<[4]xi8>, %i: index, %x: f32)
    -> (vector<4xf32>, vector<1x[4]xi8>, vector<4xf32>, vector<4xf32>, vector<1xf32>, vector<2x4xf32>) {
  %e = vector.extract %v[0] : vector<4xf32> from vector<1x4xf32>
  %b = vector.broadcast %s : vector<[4]xi8> to vector<1x[4]xi8>
  %d = vector.extract %v[%i] : vector<4xf32> from vector<1x4xf32>
  %p = vector.extract %v[-1] : vector<4xf32> from vector<1x4xf32>
  %c = vector.broadcast %x : f32 to vector<1xf32>
  %w = vector.broadcast %v : vector<1x4xf32> to vector<2x4xf32>
  return %e, %b, %d, %p, %c, %w : vector<4xf32>, vector<1x[4]xi8>, vector<4xf32>, vector<4xf32>, vector<1xf32>, vector<2x4xf32>
}

// -----

// A transpose that moves only unit dims moves no element: with the same
// type it folds away, under a shape_cast it is dropped (not for scalable
// vectors); one that reorders non-unit dims stays.
// CHECK-LABEL: func.func @order_preserving_transposes(
//  CHECK-SAME:   %[[A:.*]]: vector<6x1x1x4xi8>, %[[B:.*]]: vector<1x4x4x1x1xi8>, %[[C:.*]]: vector<2x2xi8>, %[[S:.*]]: vector<[4]x1xi8>)
//       CHECK:   %[[SB:.*]] = vector.shape_cast %[[B]] : vector<1x4x4x1x1xi8> to vector<4x4xi8>
//       CHECK:   %[[TC:.*]] = vector.transpose %[[C]], [1, 0]
//       CHECK:   %[[TS:.*]] = vector.transpose %[[S]], [1, 0]
//       CHECK:   %[[SS:.*]] = vector.shape_cast %[[TS]]
//       CHECK:   return %[[A]], %[[SB]], %[[TC]], %[[SS]]
func.func @order_preserving_transposes(%a: vector<6x1x1x4xi8>, %b: vector<1x4x4x1x1xi8>, %c: vector<2x2xi8>, %s: vector<[4]x1xi8>)
    -> (vector<6x1x1x4xi8>, vector<4x4xi8>, vector<2x2xi8>, vector<[4]xi8>) {
  %0 = vector.transpose %a, [0, 2, 1, 3] : vector<6x1x1x4xi8> to vector<6x1x1x4xi8>
  %1 = vector.transpose %b, [1, 0, 3, 4, 2] : vector<1x4x4x1x1xi8> to vector<4x1x1x1x4xi8>
  %2 = vector.shape_cast %1 : vector<4x1x1x1x4xi8> to vector<4x4xi8>
  %3 = vector.transpose %c, [1, 0] : vector<2x2xi8> to vector<2x2xi8>
  %4 = vector.transpose %s, [1, 0] : vector<[4]x1xi8> to vector<1x[4]xi8>
  %5 = vector.shape_cast %4 : vector<1x[4]xi8> to vector<[4]xi8>
  return %0, %2, %3, %5 : vector<6x1x1x4xi8>, vector<4x4xi8>, vector<2x2xi8>, vector<[4]xi8>
}

// -----

// The memory ops read and write the source of a memref.cast of their base
// (their folders, as MLIR's); the casts are left dead and erased.
// CHECK-LABEL: func.func @memref_cast_base
// CHECK-SAME: (%[[M:.*]]: memref<16xf32>, %[[I:.*]]: index, %[[MASK:.*]]: vector<8xi1>, %[[IDX:.*]]: vector<8xi32>, %[[V:.*]]: vector<8xf32>)
// CHECK-NOT: memref.cast
// CHECK: %[[L:.*]] = vector.load %[[M]][%[[I]]] : memref<16xf32>, vector<8xf32>
// CHECK: vector.store %[[L]], %[[M]][%[[I]]] : memref<16xf32>, vector<8xf32>
// CHECK: %[[ML:.*]] = vector.maskedload %[[M]][%[[I]]], %[[MASK]], %[[V]] : memref<16xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: vector.maskedstore %[[M]][%[[I]]], %[[MASK]], %[[ML]] : memref<16xf32>, vector<8xi1>, vector<8xf32>
// CHECK: %[[G:.*]] = vector.gather %[[M]][%[[I]]] [%[[IDX]]], %[[MASK]], %[[V]] : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: vector.scatter %[[M]][%[[I]]] [%[[IDX]]], %[[MASK]], %[[G]] : memref<16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// CHECK: %[[E:.*]] = vector.expandload %[[M]][%[[I]]], %[[MASK]], %[[V]] : memref<16xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: vector.compressstore %[[M]][%[[I]]], %[[MASK]], %[[E]] : memref<16xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: return
func.func @memref_cast_base(%m: memref<16xf32>, %i: index, %mask: vector<8xi1>, %idx: vector<8xi32>, %v: vector<8xf32>) {
  %c = memref.cast %m : memref<16xf32> to memref<?xf32>
  %l = vector.load %c[%i] : memref<?xf32>, vector<8xf32>
  vector.store %l, %c[%i] : memref<?xf32>, vector<8xf32>
  %ml = vector.maskedload %c[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %c[%i], %mask, %ml : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %g = vector.gather %c[%i] [%idx], %mask, %v : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %c[%i] [%idx], %mask, %g : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %e = vector.expandload %c[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %c[%i], %mask, %e : memref<?xf32>, vector<8xi1>, vector<8xf32>
  return
}

// -----

// A cast from an unranked memref stays: its source is no base these ops
// take.
// CHECK-LABEL: func.func @memref_cast_unranked
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<*xf32> to memref<?xf32>
// CHECK: vector.load %[[C]]
// CHECK: vector.store %{{.*}}, %[[C]]
func.func @memref_cast_unranked(%m: memref<*xf32>, %i: index) {
  %c = memref.cast %m : memref<*xf32> to memref<?xf32>
  %l = vector.load %c[%i] : memref<?xf32>, vector<8xf32>
  vector.store %l, %c[%i] : memref<?xf32>, vector<8xf32>
  return
}

// -----

// Known masks on maskedload/maskedstore/gather/scatter (MLIR's
// MaskedLoadFolder, MaskedStoreFolder, GatherFolder, ScatterFolder): the
// alignment goes to the unmasked op; an all-true gather or scatter has no
// simpler form.
// CHECK-LABEL: func.func @known_masks_masked_ops
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[IDX:.*]]: vector<4xi32>, %[[V:.*]]: vector<4xf32>)
// CHECK-DAG: %[[T:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK: %[[L:.*]] = vector.load %[[M]][%[[I]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: vector.store %[[V]], %[[M]][%[[I]]] {alignment = 8 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: %[[G:.*]] = vector.gather %[[M]][%[[I]]] [%[[IDX]]], %[[T]], %[[V]]
// CHECK-NEXT: vector.scatter %[[M]][%[[I]]] [%[[IDX]]], %[[T]], %[[V]]
// CHECK-NEXT: %[[E:.*]] = vector.load %[[M]][%[[I]]] {alignment = 4 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: vector.store %[[V]], %[[M]][%[[I]]] {alignment = 32 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: return %[[L]], %[[G]], %[[V]], %[[E]]
func.func @known_masks_masked_ops(%m: memref<?xf32>, %i: index, %idx: vector<4xi32>, %v: vector<4xf32>)
    -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %t = vector.constant_mask [4] : vector<4xi1>
  %f = arith.constant dense<false> : vector<4xi1>
  %0 = vector.maskedload %m[%i], %t, %v {alignment = 16} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i], %t, %v {alignment = 8} : memref<?xf32>, vector<4xi1>, vector<4xf32>
  vector.maskedstore %m[%i], %f, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
  %1 = vector.gather %m[%i] [%idx], %t, %v : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %2 = vector.gather %m[%i] [%idx], %f, %v : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %m[%i] [%idx], %t, %v : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  vector.scatter %m[%i] [%idx], %f, %v : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %3 = vector.expandload %m[%i], %t, %v {alignment = 4} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %m[%i], %t, %v {alignment = 32} : memref<?xf32>, vector<4xi1>, vector<4xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// Gathers and scatters over indices 0, 1, ..., n-1 (a vector.step or such
// a constant) are masked loads and stores (MLIR's FoldContiguousGather and
// FoldContiguousScatter).
// CHECK-LABEL: func.func @contiguous_gather_scatter
// CHECK-SAME: (%[[M:.*]]: memref<?x8xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<8xi1>, %[[V:.*]]: vector<8xf32>)
// CHECK: %[[L:.*]] = vector.maskedload %[[M]][%[[I]], %[[I]]], %[[K]], %[[V]] : memref<?x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.maskedstore %[[M]][%[[I]], %[[I]]], %[[K]], %[[L]] : memref<?x8xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %[[C:.*]] = vector.maskedload %[[M]][%[[I]], %[[I]]], %[[K]], %[[V]] : memref<?x8xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: return %[[C]]
func.func @contiguous_gather_scatter(%m: memref<?x8xf32>, %i: index, %k: vector<8xi1>, %v: vector<8xf32>) -> vector<8xf32> {
  %s = vector.step : vector<8xindex>
  %0 = vector.gather %m[%i, %i] [%s], %k, %v : memref<?x8xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m[%i, %i] [%s], %k, %0 : memref<?x8xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32>
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
  %1 = vector.gather %m[%i, %i] [%c], %k, %v : memref<?x8xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return %1 : vector<8xf32>
}

// -----

// Not contiguous: indices starting at 1, a splat, a 2-d or scalable index
// vector, a tensor base (no masked load on tensors), a minor stride of 2.
// CHECK-LABEL: func.func @negative_contiguous_gather
// CHECK-NOT: vector.maskedload
// CHECK-COUNT-6: vector.gather
// CHECK-NOT: vector.maskedload
func.func @negative_contiguous_gather(%m: memref<?xf32>, %t: tensor<16xf32>, %s2: memref<16xf32, strided<[2]>>,
    %i: index, %k: vector<4xi1>, %v: vector<4xf32>, %k2: vector<2x2xi1>, %v2: vector<2x2xf32>,
    %ks: vector<[4]xi1>, %vs: vector<[4]xf32>)
    -> (vector<4xf32>, vector<4xf32>, vector<2x2xf32>, vector<[4]xf32>, vector<4xf32>, vector<4xf32>) {
  %c1 = arith.constant dense<[1, 2, 3, 4]> : vector<4xindex>
  %0 = vector.gather %m[%i] [%c1], %k, %v : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %z = arith.constant dense<0> : vector<4xindex>
  %1 = vector.gather %m[%i] [%z], %k, %v : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %c2 = arith.constant dense<[[0, 1], [2, 3]]> : vector<2x2xindex>
  %2 = vector.gather %m[%i] [%c2], %k2, %v2 : memref<?xf32>, vector<2x2xindex>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
  %ss = vector.step : vector<[4]xindex>
  %3 = vector.gather %m[%i] [%ss], %ks, %vs : memref<?xf32>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  %s = vector.step : vector<4xindex>
  %4 = vector.gather %t[%i] [%s], %k, %v : tensor<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %5 = vector.gather %s2[%i] [%s], %k, %v : memref<16xf32, strided<[2]>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : vector<4xf32>, vector<4xf32>, vector<2x2xf32>, vector<[4]xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// Scalable masks known all true or all false (MLIR PR 210288).
// CHECK-LABEL: func.func @known_masks_scalable
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[V:.*]]: vector<[4]xf32>)
// CHECK-NEXT: %[[L:.*]] = vector.load %[[M]][%[[I]]] : memref<?xf32>, vector<[4]xf32>
// CHECK-NEXT: vector.store %[[V]], %[[M]][%[[I]]] : memref<?xf32>, vector<[4]xf32>
// CHECK-NEXT: return %[[L]], %[[V]]
func.func @known_masks_scalable(%m: memref<?xf32>, %i: index, %v: vector<[4]xf32>) -> (vector<[4]xf32>, vector<[4]xf32>) {
  %t = vector.constant_mask [4] : vector<[4]xi1>
  %f = vector.constant_mask [0] : vector<[4]xi1>
  %0 = vector.expandload %m[%i], %t, %v : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  %1 = vector.expandload %m[%i], %f, %v : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  vector.compressstore %m[%i], %t, %v : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32>
  vector.compressstore %m[%i], %f, %v : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32>
  return %0, %1 : vector<[4]xf32>, vector<[4]xf32>
}

// -----

// A scatter on a tensor with an all-false mask is its base; over
// contiguous indices it stays (there is no masked store on tensors).
// CHECK-LABEL: func.func @scatter_tensor_masks
// CHECK-SAME: (%[[T:.*]]: tensor<16xf32>, %[[K:.*]]: vector<8xi1>, %[[V:.*]]: vector<8xf32>)
// CHECK: %[[S:.*]] = vector.step : vector<8xindex>
// CHECK-NEXT: %[[R:.*]] = vector.scatter %[[T]][%{{.*}}] [%[[S]]], %[[K]], %[[V]] : tensor<16xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
// CHECK-NEXT: return %[[T]], %[[R]]
func.func @scatter_tensor_masks(%t: tensor<16xf32>, %k: vector<8xi1>, %v: vector<8xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %f = vector.constant_mask [0] : vector<8xi1>
  %s = vector.step : vector<8xindex>
  %0 = vector.scatter %t[%c0] [%s], %f, %v : tensor<16xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
  %1 = vector.scatter %t[%c0] [%s], %k, %v : tensor<16xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> -> tensor<16xf32>
  return %0, %1 : tensor<16xf32>, tensor<16xf32>
}

// -----

// Poison folds (MLIR's broadcast, extract, insert, shape_cast, transpose
// and shuffle folders): a poison operand or a poison position (-1) makes
// the result poison.
// CHECK-LABEL: func.func @poison_folds
// CHECK-DAG: %[[P24:.*]] = ub.poison : vector<2x4xf32>
// CHECK-DAG: %[[P4:.*]] = ub.poison : vector<4xf32>
// CHECK-DAG: %[[P42:.*]] = ub.poison : vector<4x2xf32>
// CHECK-DAG: %[[P8:.*]] = ub.poison : vector<8xf32>
// CHECK-DAG: %[[PF:.*]] = ub.poison : f32
// CHECK-NOT: vector.
// CHECK: return %[[P24]], %[[P4]], %[[P42]], %[[P8]], %[[PF]], %[[P24]], %[[P4]]
func.func @poison_folds(%v: vector<2x4xf32>, %s: f32, %w: vector<4xf32>)
    -> (vector<2x4xf32>, vector<4xf32>, vector<4x2xf32>, vector<8xf32>, f32, vector<2x4xf32>, vector<4xf32>) {
  %p = ub.poison : vector<4xf32>
  %0 = vector.broadcast %p : vector<4xf32> to vector<2x4xf32>
  %p2 = ub.poison : vector<2x4xf32>
  %1 = vector.extract %p2[1] : vector<4xf32> from vector<2x4xf32>
  %2 = vector.transpose %p2, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %3 = vector.shape_cast %p2 : vector<2x4xf32> to vector<8xf32>
  %4 = vector.extract %v[1, -1] : f32 from vector<2x4xf32>
  %5 = vector.insert %s, %v[-1, 2] : f32 into vector<2x4xf32>
  %6 = vector.shuffle %p, %p [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : vector<2x4xf32>, vector<4xf32>, vector<4x2xf32>, vector<8xf32>, f32, vector<2x4xf32>, vector<4xf32>
}

// -----

// A dynamic position that is the constant -1 is a poison position too.
// CHECK-LABEL: func.func @poison_dynamic_position
// CHECK-NEXT: %[[P:.*]] = ub.poison : f32
// CHECK-NEXT: return %[[P]]
func.func @poison_dynamic_position(%v: vector<4xf32>) -> f32 {
  %m1 = arith.constant -1 : index
  %0 = vector.extract %v[%m1] : f32 from vector<4xf32>
  return %0 : f32
}

// -----

// Shuffles of constants with poison: a poison lane takes the first element
// of the first operand that is not poison (MLIR's ShuffleOp::fold).
// CHECK-LABEL: func.func @shuffle_poison_constants
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[1, 3, 1, 9]> : vector<4xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[8, 8, 9, 8]> : vector<4xi32>
// CHECK: return %[[A]], %[[B]]
func.func @shuffle_poison_constants() -> (vector<4xi32>, vector<4xi32>) {
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[8, 9]> : vector<2xi32>
  %p = ub.poison : vector<3xi32>
  %0 = vector.shuffle %a, %b [0, 2, -1, 4] : vector<3xi32>, vector<2xi32>
  %1 = vector.shuffle %p, %b [1, 3, 4, -1] : vector<3xi32>, vector<2xi32>
  return %0, %1 : vector<4xi32>, vector<4xi32>
}

// -----

// broadcast(shape_cast(x)) is broadcast(x) when the cast only adds or
// drops leading unit dims; a cast that reshapes stays (2x1 -> 1x2 would
// broadcast differently).
// CHECK-LABEL: func.func @broadcast_of_shape_cast
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[Y:.*]]: vector<2x1xf32>)
// CHECK-NEXT: %[[B0:.*]] = vector.broadcast %[[X]] : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT: %[[C:.*]] = vector.shape_cast %[[Y]] : vector<2x1xf32> to vector<1x2xf32>
// CHECK-NEXT: %[[B1:.*]] = vector.broadcast %[[C]] : vector<1x2xf32> to vector<2x2xf32>
// CHECK-NEXT: return %[[B0]], %[[B1]]
func.func @broadcast_of_shape_cast(%x: vector<4xf32>, %y: vector<2x1xf32>) -> (vector<3x4xf32>, vector<2x2xf32>) {
  %0 = vector.shape_cast %x : vector<4xf32> to vector<1x4xf32>
  %1 = vector.broadcast %0 : vector<1x4xf32> to vector<3x4xf32>
  %2 = vector.shape_cast %y : vector<2x1xf32> to vector<1x2xf32>
  %3 = vector.broadcast %2 : vector<1x2xf32> to vector<2x2xf32>
  return %1, %3 : vector<3x4xf32>, vector<2x2xf32>
}
