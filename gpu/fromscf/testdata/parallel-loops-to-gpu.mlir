// RUN: kiln opt %s --split-input-file --convert-parallel-loops-to-gpu --allow-unregistered-dialect | FileCheck %s

// The inner loop's scf.reduce becomes gpu.all_reduce; the grid loop's
// maps compose with the id and trip-count maps.
// CHECK-DAG: #[[BOUND2:.*]] = affine_map<(d0)[s0, s1] -> (((d0 - s0) ceildiv s1) ceildiv 2)>
// CHECK-DAG: #[[BOUND:.*]] = affine_map<(d0)[s0, s1] -> ((d0 - s0) ceildiv s1)>
// CHECK-DAG: #[[IDX2:.*]] = affine_map<(d0)[s0, s1] -> ((d0 * s0 + s1) * 2)>
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
// CHECK-LABEL: func.func @row_sums(
// CHECK-SAME: %[[BUF:.*]]: memref<8x32xf32>, %[[OUT:.*]]: memref<8xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[GX:.*]] = affine.apply #[[BOUND2]](%[[C8]])[%[[C0]], %[[C1]]]
// CHECK: %[[TX:.*]] = affine.apply #[[BOUND]](%[[C32]])[%[[C0]], %[[C1]]]
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GX]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%[[TID:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[TX]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) {
// CHECK-NEXT: %[[I:.*]] = affine.apply #[[IDX2]](%[[BX]])[%[[C1]], %[[C0]]]
// CHECK-NEXT: %[[J:.*]] = affine.apply #[[IDX]](%[[TID]])[%[[C1]], %[[C0]]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[BUF]][%[[I]], %[[J]]] : memref<8x32xf32>
// CHECK-NEXT: %[[S:.*]] = gpu.all_reduce  %[[V]] {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:   %[[ADD:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:   gpu.yield %[[ADD]] : f32
// CHECK-NEXT: } : (f32) -> f32
// CHECK-NEXT: memref.store %[[S]], %[[OUT]][%[[I]]] : memref<8xf32>
// CHECK-NEXT: gpu.terminator
// CHECK-NOT: scf.parallel
func.func @row_sums(%buf: memref<8x32xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %sum = scf.parallel (%j) = (%c0) to (%c32) step (%c1) init (%zero) -> f32 {
      %v = memref.load %buf[%i, %j] : memref<8x32xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        scf.reduce.return %s : f32
      }
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    memref.store %sum, %out[%i] : memref<8xf32>
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0 * 2), bound = (d0) -> (d0 ceildiv 2)>]}
  return
}

// -----

// A side effect before a nested loop that opens a scope (here a
// sequential one) keeps the nest as it is, and so does a grid loop whose
// result is used.
// CHECK-LABEL: func.func @not_converted
// CHECK-NOT: gpu.launch
// CHECK: scf.parallel
// CHECK: "test.effect"
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @not_converted(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    "test.effect"() : () -> ()
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
    } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    "test.effect"() : () -> ()
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return %r : f32
}

// -----

// A bound computed in the loop (an affine.min with a constant result) gives
// a static launch size and an scf.if on the real bound; the loop's other
// attributes go to the launch.
// CHECK-LABEL: func.func @min_bound(
// CHECK-SAME: %[[N:.*]]: index
// CHECK: affine.apply #{{.*}}(%[[N]])
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: affine.apply #{{.*}}(%[[C4]])
// CHECK: gpu.launch
// CHECK: %[[J:.*]] = affine.apply
// CHECK: %[[M:.*]] = affine.min
// CHECK: %[[K:.*]] = affine.apply
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[K]], %[[M]] : index
// CHECK: scf.if %[[LT]] {
// CHECK-NEXT: "test.use"(%[[J]], %[[K]])
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {kiln.note = "tile"}
func.func @min_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%j) = (%c0) to (%n) step (%c4) {
    %m = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%j)[%n]
    scf.parallel (%k) = (%c0) to (%m) step (%c1) {
      "test.use"(%j, %k) : (index, index) -> ()
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  } {kiln.note = "tile", mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}
