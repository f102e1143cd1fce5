// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func @construct
func.func @construct(%f: f32, %g: f32, %v: vector<8xf32>, %n: index) -> (vector<4x8xf32>, vector<4xf32>, vector<4xindex>, vector<2xf32>, f32, f32, vector<[4]xf32>) {
  // CHECK: vector.broadcast %{{.*}} : vector<8xf32> to vector<4x8xf32>
  %0 = vector.broadcast %v : vector<8xf32> to vector<4x8xf32>
  // CHECK: vector.splat %{{.*}} : vector<4xf32>
  %1 = vector.splat %f : vector<4xf32>
  // CHECK: vector.step : vector<4xindex>
  %2 = vector.step : vector<4xindex>
  // CHECK: vector.step : vector<8xi8>
  %step8 = vector.step : vector<8xi8>
  // CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
  %3 = vector.from_elements %f, %g : vector<2xf32>
  // CHECK: %{{.*}}:2 = vector.to_elements %{{.*}} : vector<2xf32>
  %4:2 = vector.to_elements %3 : vector<2xf32>
  // CHECK: vector.broadcast %{{.*}} : f32 to vector<[4]xf32>
  %5 = vector.broadcast %f : f32 to vector<[4]xf32>
  return %0, %1, %2, %3, %4#0, %4#1, %5 : vector<4x8xf32>, vector<4xf32>, vector<4xindex>, vector<2xf32>, f32, f32, vector<[4]xf32>
}

// CHECK-LABEL: func.func @extract_insert
func.func @extract_insert(%v: vector<4x8xf32>, %s: f32, %i: index, %w: vector<4xf32>) -> (f32, vector<8xf32>, vector<4x8xf32>, f32, vector<4xf32>, f32) {
  // CHECK: vector.extract %{{.*}}[0, %{{.*}}] : f32 from vector<4x8xf32>
  %0 = vector.extract %v[0, %i] : f32 from vector<4x8xf32>
  // The older syntax names only the source type.
  // CHECK: vector.extract %{{.*}}[1] : vector<8xf32> from vector<4x8xf32>
  %1 = vector.extract %v[1] : vector<4x8xf32>
  // CHECK: vector.insert %{{.*}}, %{{.*}} [%{{.*}}, 2] : f32 into vector<4x8xf32>
  %2 = vector.insert %s, %v[%i, 2] : f32 into vector<4x8xf32>
  // CHECK: vector.extractelement %{{.*}}[%{{.*}} : i32] : vector<4xf32>
  %c = arith.constant 1 : i32
  %3 = vector.extractelement %w[%c : i32] : vector<4xf32>
  // CHECK: vector.insertelement %{{.*}}, %{{.*}}[%{{.*}} : index] : vector<4xf32>
  %4 = vector.insertelement %s, %w[%i : index] : vector<4xf32>
  // CHECK: vector.extract %{{.*}}[-1] : f32 from vector<4xf32>
  %5 = vector.extract %w[-1] : f32 from vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : f32, vector<8xf32>, vector<4x8xf32>, f32, vector<4xf32>, f32
}

// The strided-slice ops spell their offsets, sizes and strides after the
// operands, as MLIR's strict property format (PR 217288); the attribute
// dictionary spelling of older MLIR still parses.
// CHECK-LABEL: func.func @strided_slice_syntax
// CHECK: vector.extract_strided_slice %{{.*}} offsets = [0, 1], sizes = [1, 2], strides = [1, 1] {tag} : vector<2x4xi8> to vector<1x2xi8>
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} offsets = [1, 2], strides = [1] : vector<2xi8> into vector<2x4xi8>
func.func @strided_slice_syntax(%v: vector<2x4xi8>, %s: vector<2xi8>) -> (vector<1x2xi8>, vector<2x4xi8>) {
  %0 = vector.extract_strided_slice %v offsets = [0, 1], sizes = [1, 2], strides = [1, 1] {tag} : vector<2x4xi8> to vector<1x2xi8>
  %1 = vector.insert_strided_slice %s, %v offsets = [1, 2], strides = [1] : vector<2xi8> into vector<2x4xi8>
  return %0, %1 : vector<1x2xi8>, vector<2x4xi8>
}

// CHECK-LABEL: func.func @slices_and_shuffles
func.func @slices_and_shuffles(%a: vector<4xf32>, %b: vector<2xf32>, %c: vector<2x16xf32>, %d: vector<1x16xf32>, %c3: vector<2x3xf32>) -> (vector<2xf32>, vector<4xf32>, vector<3xf32>, vector<3x16xf32>, vector<4xf32>, vector<2xf32>) {
  // CHECK: vector.extract_strided_slice %{{.*}} offsets = [1], sizes = [2], strides = [1] : vector<4xf32> to vector<2xf32>
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  // CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} offsets = [2], strides = [1] : vector<2xf32> into vector<4xf32>
  %1 = vector.insert_strided_slice %b, %a {offsets = [2], strides = [1]} : vector<2xf32> into vector<4xf32>
  // CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 3, -1] : vector<2xf32>, vector<2xf32>
  %2 = vector.shuffle %b, %b[0, 3, -1] : vector<2xf32>, vector<2xf32>
  // CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2] : vector<2x16xf32>, vector<1x16xf32>
  %3 = vector.shuffle %c, %d [0, 1, 2] : vector<2x16xf32>, vector<1x16xf32>
  // CHECK: vector.interleave %{{.*}}, %{{.*}} : vector<2xf32> -> vector<4xf32>
  %4 = vector.interleave %b, %b : vector<2xf32> -> vector<4xf32>
  // The older form leaves the result type out.
  // CHECK: vector.interleave %{{.*}}, %{{.*}} : vector<2x3xf32> -> vector<2x6xf32>
  %i2 = vector.interleave %c3, %c3 : vector<2x3xf32>
  // CHECK: vector.deinterleave %{{.*}} : vector<4xf32> -> vector<2xf32>
  %5, %6 = vector.deinterleave %4 : vector<4xf32> -> vector<2xf32>
  return %0, %1, %2, %3, %4, %5 : vector<2xf32>, vector<4xf32>, vector<3xf32>, vector<3x16xf32>, vector<4xf32>, vector<2xf32>
}

#matmul = {
  indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%v: vector<4xf32>, %acc: f32, %m: vector<4x8xf32>, %macc: vector<4xf32>, %a: vector<4x3xf32>, %b: vector<3x8xf32>, %c: vector<4x8xf32>, %x: vector<8xf32>) -> (f32, f32, vector<4xf32>, vector<4x8xf32>, vector<4x8xf32>, vector<4xf32>, vector<4xi32>) {
  // CHECK: vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
  %0 = vector.reduction <add>, %v : vector<4xf32> into f32
  // CHECK: vector.reduction <maximumf>, %{{.*}}, %{{.*}} fastmath<nnan,ninf> : vector<4xf32> into f32
  %1 = vector.reduction #vector.kind<maximumf>, %v, %acc fastmath<nnan, ninf> : vector<4xf32> into f32
  // CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<4x8xf32> to vector<4xf32>
  %2 = vector.multi_reduction <add>, %m, %macc [1] : vector<4x8xf32> to vector<4xf32>
  // CHECK: vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{.*}}, %{{.*}}, %{{.*}} : vector<4x3xf32>, vector<3x8xf32> into vector<4x8xf32>
  %3 = vector.contract #matmul %a, %b, %c : vector<4x3xf32>, vector<3x8xf32> into vector<4x8xf32>
  // CHECK: vector.outerproduct %{{.*}}, %{{.*}} {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32>
  %4 = vector.outerproduct %v, %x : vector<4xf32>, vector<8xf32>
  // CHECK: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  %5 = vector.fma %v, %v, %v: vector<4xf32>
  %i = arith.constant dense<1> : vector<4xi32>
  // CHECK: vector.reduction <xor>, %{{.*}} : vector<4xi32> into i32
  %6 = vector.reduction <xor>, %i : vector<4xi32> into i32
  // MLIR 16's float kinds are read under their current names.
  // CHECK: vector.reduction <minimumf>, %{{.*}} : vector<4xf32> into f32
  %m16 = vector.reduction <minf>, %v : vector<4xf32> into f32
  %7 = vector.broadcast %6 : i32 to vector<4xi32>
  return %0, %1, %2, %3, %4, %5, %7 : f32, f32, vector<4xf32>, vector<4x8xf32>, vector<4x8xf32>, vector<4xf32>, vector<4xi32>
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%v: vector<2x[4]xf32>, %w: vector<2x4xf32>, %m: memref<8x8xf32>, %s: memref<8x8xf32, strided<[8, 1]>>) -> (vector<[4]x2xf32>, vector<8xf32>, vector<2x8xf16>, memref<vector<8x8xf32>>) {
  // CHECK: vector.transpose %{{.*}}, [1, 0] : vector<2x[4]xf32> to vector<[4]x2xf32>
  %0 = vector.transpose %v, [1, 0] : vector<2x[4]xf32> to vector<[4]x2xf32>
  // CHECK: vector.shape_cast %{{.*}} : vector<2x4xf32> to vector<8xf32>
  %1 = vector.shape_cast %w : vector<2x4xf32> to vector<8xf32>
  // CHECK: vector.bitcast %{{.*}} : vector<2x4xf32> to vector<2x8xf16>
  %2 = vector.bitcast %w : vector<2x4xf32> to vector<2x8xf16>
  // CHECK: vector.type_cast %{{.*}} : memref<8x8xf32> to memref<vector<8x8xf32>>
  %3 = vector.type_cast %m : memref<8x8xf32> to memref<vector<8x8xf32>>
  // A memref of vectors unpacks its vector's leading dimension (vector-to-scf's buffers).
  // CHECK: vector.type_cast %{{.*}} : memref<vector<8x8xf32>> to memref<8xvector<8xf32>>
  %4 = vector.type_cast %3 : memref<vector<8x8xf32>> to memref<8xvector<8xf32>>
  // CHECK: vector.type_cast %{{.*}} : memref<8x8xf32> to memref<8xvector<8xf32>>
  %5 = vector.type_cast %m : memref<8x8xf32> to memref<8xvector<8xf32>>
  // A contiguous row-major strided operand layout canonicalizes to the
  // identity, as MLIR's canonicalizeStridedLayout; so does a 1-d result's
  // unit stride.
  // CHECK: vector.type_cast %{{.*}} : memref<8x8xf32, strided<[8, 1]>> to memref<vector<8x8xf32>>
  %6 = vector.type_cast %s : memref<8x8xf32, strided<[8, 1]>> to memref<vector<8x8xf32>>
  // CHECK: vector.type_cast %{{.*}} : memref<8x8xf32, strided<[8, 1]>> to memref<8xvector<8xf32>, strided<[1]>>
  %7 = vector.type_cast %s : memref<8x8xf32, strided<[8, 1]>> to memref<8xvector<8xf32>, strided<[1]>>
  return %0, %1, %2, %3 : vector<[4]x2xf32>, vector<8xf32>, vector<2x8xf16>, memref<vector<8x8xf32>>
}

// CHECK-LABEL: func.func @memory
func.func @memory(%m: memref<?x?xf32>, %i: index, %mask: vector<8xi1>, %pass: vector<8xf32>, %idx: vector<8xi32>, %pad: f32) {
  // CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>, vector<8xf32>
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  vector.store %0, %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  // CHECK: vector.maskedload %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %1 = vector.maskedload %m[%i, %i], %mask, %pass : memref<?x?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  // CHECK: vector.maskedstore %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
  vector.maskedstore %m[%i, %i], %mask, %1 : memref<?x?xf32>, vector<8xi1>, vector<8xf32>
  // CHECK: vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %2 = vector.gather %m[%i, %i][%idx], %mask, %pass : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  // CHECK: vector.scatter %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  vector.scatter %m[%i, %i][%idx], %mask, %2 : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  // CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : memref<?x?xf32>, vector<8xf32>
  %3 = vector.transfer_read %m[%i, %i], %pad : memref<?x?xf32>, vector<8xf32>
  // CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} {in_bounds = [true, false], permutation_map = #map3} : memref<?x?xf32>, vector<4x8xf32>
  %4 = vector.transfer_read %m[%i, %i], %pad, %mask {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<4x8xf32>
  // CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
  vector.transfer_write %3, %m[%i, %i], %mask {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
  return
}

// CHECK-LABEL: func.func @masks_and_print
func.func @masks_and_print(%a: index, %v: vector<4xf32>) -> (vector<4x3xi1>, vector<4x[4]xi1>) {
  // CHECK: vector.create_mask %{{.*}}, %{{.*}} : vector<4x3xi1>
  %0 = vector.create_mask %a, %a : vector<4x3xi1>
  // CHECK: vector.constant_mask [2, 4] : vector<4x[4]xi1>
  %1 = vector.constant_mask [2, 4] : vector<4x[4]xi1>
  // CHECK: vector.print %{{.*}} : vector<4xf32> punctuation <comma>
  vector.print %v : vector<4xf32> punctuation <comma>
  // CHECK: vector.print punctuation <close>
  vector.print punctuation <close>
  // CHECK: vector.print str "hello\0A"
  vector.print str "hello\n"
  // CHECK: vector.print %{{.*}} : vector<4xf32>{{$}}
  vector.print %v : vector<4xf32>
  return %0, %1 : vector<4x3xi1>, vector<4x[4]xi1>
}

// CHECK-LABEL: func.func @compress_expand_scan
func.func @compress_expand_scan(%m: memref<?xf32>, %i: index, %mask: vector<8xi1>, %v: vector<8xf32>, %s: vector<4x8xi32>, %init: vector<4xi32>) -> (vector<8xf32>, vector<4x8xi32>, vector<4xi32>) {
  // CHECK: vector.expandload %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %0 = vector.expandload %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  // CHECK: vector.compressstore %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xf32>, vector<8xi1>, vector<8xf32>
  vector.compressstore %m[%i], %mask, %0 : memref<?xf32>, vector<8xi1>, vector<8xf32>
  // CHECK: vector.scan <maxsi>, %{{.*}}, %{{.*}} {inclusive = false, reduction_dim = 1 : i64} : vector<4x8xi32>, vector<4xi32>
  %1:2 = vector.scan <maxsi>, %s, %init {inclusive = false, reduction_dim = 1 : i64} : vector<4x8xi32>, vector<4xi32>
  return %0, %1#0, %1#1 : vector<8xf32>, vector<4x8xi32>, vector<4xi32>
}

// vector.scatter on a tensor returns the updated tensor (MLIR PR 165548).
// CHECK-LABEL: func.func @scatter_tensor
func.func @scatter_tensor(%t: tensor<4x16xf32>, %i: index, %idx: vector<8xi32>, %mask: vector<8xi1>, %v: vector<8xf32>) -> tensor<4x16xf32> {
  // CHECK: %[[R:.*]] = vector.scatter %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : tensor<4x16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<4x16xf32>
  %0 = vector.scatter %t[%i, %i] [%idx], %mask, %v : tensor<4x16xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> -> tensor<4x16xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<4x16xf32>
}

// Scalable expandload and compressstore (MLIR PR 210288).
// CHECK-LABEL: func.func @compress_expand_scalable
func.func @compress_expand_scalable(%m: memref<?xf32>, %i: index, %mask: vector<[8]xi1>, %v: vector<[8]xf32>) -> vector<[8]xf32> {
  // CHECK: vector.expandload %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xf32>, vector<[8]xi1>, vector<[8]xf32> into vector<[8]xf32>
  %0 = vector.expandload %m[%i], %mask, %v : memref<?xf32>, vector<[8]xi1>, vector<[8]xf32> into vector<[8]xf32>
  // CHECK: vector.compressstore %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xf32>, vector<[8]xi1>, vector<[8]xf32>
  vector.compressstore %m[%i], %mask, %0 : memref<?xf32>, vector<[8]xi1>, vector<[8]xf32>
  return %0 : vector<[8]xf32>
}

// CHECK-LABEL: func.func @masked_ops
func.func @masked_ops(%m: memref<?xf32>, %i: index, %mask: vector<8xi1>, %v: vector<8xf32>, %pad: f32) -> (vector<8xf32>, f32, vector<8xf32>) {
  // CHECK: vector.mask %{{.*}}, %{{.*}} { vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %0 = vector.mask %mask, %v { vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  // CHECK: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  vector.mask %mask { vector.transfer_write %0, %m[%i] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  // CHECK: vector.mask %{{.*}} { vector.reduction <add>, %{{.*}} : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %1 = vector.mask %mask { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  // CHECK: vector.mask %{{.*}} { vector.yield %{{.*}} : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %2 = vector.mask %mask { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0, %1, %2 : vector<8xf32>, f32, vector<8xf32>
}

// CHECK-LABEL: func.func @scalable_slices
func.func @scalable_slices(%v: vector<4xf32>, %s: vector<[16]xf32>) -> (index, vector<[16]xf32>, vector<4xf32>) {
  // CHECK: %vscale = vector.vscale
  %0 = vector.vscale
  // CHECK: vector.scalable.insert %{{.*}}, %{{.*}}[8] : vector<4xf32> into vector<[16]xf32>
  %1 = vector.scalable.insert %v, %s[8] : vector<4xf32> into vector<[16]xf32>
  // CHECK: vector.scalable.extract %{{.*}}[4] : vector<4xf32> from vector<[16]xf32>
  %2 = vector.scalable.extract %1[4] : vector<4xf32> from vector<[16]xf32>
  // CHECK: return %vscale,
  return %0, %1, %2 : index, vector<[16]xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @legacy_and_scalar_access
func.func @legacy_and_scalar_access(%lane: index, %v: vector<4xi32>, %m: memref<8x8xf32, strided<[?, ?], offset: ?>>, %i: index,
    %a: vector<3x4xf32>, %b: vector<4x[8]xf32>, %c: vector<3x[8]xf32>, %k: vector<3x[8]x4xi1>) -> (vector<4xi32>, vector<16xf32>, vector<f32>, vector<3x[8]xf32>) {
  // CHECK: vector.warp_execute_on_lane_0(%{{.*}})[32] args(%{{.*}} : vector<4xi32>) -> (vector<4xi32>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: vector<128xi32>):
  // CHECK-NEXT: vector.yield %{{.*}} : vector<128xi32>
  %0 = vector.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xi32>) -> (vector<4xi32>) {
  ^bb0(%x: vector<128xi32>):
    vector.yield %x : vector<128xi32>
  }
  %f = vector.broadcast %i : index to vector<16xindex>
  %g = arith.index_cast %f : vector<16xindex> to vector<16xi32>
  %h = arith.sitofp %g : vector<16xi32> to vector<16xf32>
  // CHECK: vector.flat_transpose %{{.*}} {columns = 8 : i32, rows = 2 : i32} : vector<16xf32> -> vector<16xf32>
  %1 = vector.flat_transpose %h {rows = 2 : i32, columns = 8 : i32} : vector<16xf32> -> vector<16xf32>
  // A 0-d load is a scalar access: the memref's strides do not matter.
  // CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32, strided<[?, ?], offset: ?>>, vector<f32>
  %2 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[?, ?], offset: ?>>, vector<f32>
  // The mask of a contraction keeps the scalable dims of its operands.
  // CHECK: vector.mask %{{.*}} { vector.contract
  %3 = vector.mask %k { vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<3x4xf32>, vector<4x[8]xf32> into vector<3x[8]xf32> } : vector<3x[8]x4xi1> -> vector<3x[8]xf32>
  return %0, %1, %2, %3 : vector<4xi32>, vector<16xf32>, vector<f32>, vector<3x[8]xf32>
}

// MLIR 16 wrote the shuffle mask as an array of i64 in the generic form.
// CHECK-LABEL: func.func @mlir16_generic_shuffle
func.func @mlir16_generic_shuffle(%a: vector<2xi32>, %b: vector<2xi32>) -> vector<4xi32> {
  // CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 1, 3, 3] : vector<2xi32>, vector<2xi32>
  %0 = "vector.shuffle"(%a, %b) {mask = [2, 1, 3, 3]} : (vector<2xi32>, vector<2xi32>) -> vector<4xi32>
  return %0 : vector<4xi32>
}

// vector.gather is maskable, with a pass-through.
// CHECK-LABEL: func.func @masked_gather(
// CHECK:         vector.mask %arg2, %arg3 { vector.gather %arg0[%arg4] [%arg1], %arg2, %arg3 : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
func.func @masked_gather(%m: memref<16xf32>, %idx: vector<4xindex>, %mask: vector<4xi1>, %pass: vector<4xf32>, %i: index) -> vector<4xf32> {
  %0 = vector.mask %mask, %pass { vector.gather %m[%i] [%idx], %mask, %pass : memref<16xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return %0 : vector<4xf32>
}

// A row-major contiguous affine layout canonicalizes to the identity too.
// CHECK-LABEL: func.func @type_cast_affine_layout
// CHECK:         vector.type_cast %{{.*}} : memref<2x4xf32, #{{.*}}> to memref<vector<2x4xf32>>
func.func @type_cast_affine_layout(%m: memref<2x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>) -> memref<vector<2x4xf32>> {
  %0 = vector.type_cast %m : memref<2x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>> to memref<vector<2x4xf32>>
  return %0 : memref<vector<2x4xf32>>
}

// A unit minor stride with other strides and offset dynamic is fine, and a
// one-element access takes any stride.
// CHECK-LABEL: func.func @masked_ops_strided
func.func @masked_ops_strided(%m: memref<4x16xf32, strided<[?, 1], offset: ?>>, %s: memref<16xf32, strided<[2]>>, %i: index,
    %k: vector<4xi1>, %v: vector<4xf32>, %k1: vector<1xi1>, %v1: vector<1xf32>) -> (vector<4xf32>, vector<1xf32>) {
  // CHECK: vector.maskedload %{{.*}} : memref<4x16xf32, strided<[?, 1], offset: ?>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %0 = vector.maskedload %m[%i, %i], %k, %v : memref<4x16xf32, strided<[?, 1], offset: ?>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  // CHECK: vector.compressstore %{{.*}} : memref<4x16xf32, strided<[?, 1], offset: ?>>, vector<4xi1>, vector<4xf32>
  vector.compressstore %m[%i, %i], %k, %0 : memref<4x16xf32, strided<[?, 1], offset: ?>>, vector<4xi1>, vector<4xf32>
  // CHECK: vector.maskedload %{{.*}} : memref<16xf32, strided<[2]>>, vector<1xi1>, vector<1xf32> into vector<1xf32>
  %1 = vector.maskedload %s[%i], %k1, %v1 : memref<16xf32, strided<[2]>>, vector<1xi1>, vector<1xf32> into vector<1xf32>
  return %0, %1 : vector<4xf32>, vector<1xf32>
}
