// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s

// CHECK-DAG: #[[M2:.*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[MB:.*]] = affine_map<(d0)[s0] -> (d0 + s0, 4)>
// CHECK-DAG: #[[MS:.*]] = affine_map<()[s0] -> (s0 * 3 + 1)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0, d0 == 0)>
// CHECK-DAG: #[[SET1:.*]] = affine_set<(d0) : (d0 >= 0)>
#m = affine_map<(d0)[s0] -> (d0 + s0, 4)>

// CHECK-LABEL: func.func @loops
// CHECK-SAME: (%[[N:.*]]: index, %[[A:.*]]: index, %[[X:.*]]: f32)
func.func @loops(%n: index, %a: index, %x: f32) {
  // CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, max(%[[A]], 2)) to (%[[N]] + 1, -%[[A]] + symbol(%[[N]]) * 2) step (1, 4) reduce ("addf") -> (f32) {
  // CHECK-NEXT: affine.yield %[[X]] : f32
  %r = affine.parallel (%i, %j) = (0, max(%a, 2)) to (%n + 1, symbol(%n) * 2 - %a) step (1, 4) reduce ("addf") -> (f32) {
    affine.yield %x : f32
  }
  // CHECK: affine.parallel (%[[I:.*]]) = (0) to (64) {
  // CHECK-NEXT: affine.apply #[[M2]](%[[I]])
  // CHECK-NEXT: }
  affine.parallel (%i) = (0) to (64) {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
  }
  // CHECK: affine.for %[[K:.*]] = max #[[MB]](%[[A]])[%[[N]]] to min #[[MB]](%[[A]])[%[[N]]] step 3 iter_args(%[[Y:.*]] = %[[X]]) -> (f32) {
  // CHECK-NEXT: affine.min #[[MB]](%[[K]])[%[[N]]]
  // CHECK-NEXT: affine.max #[[MB]](%[[K]])[%[[N]]]
  // CHECK-NEXT: affine.yield %[[Y]] : f32
  %s = affine.for %i = max #m(%a)[%n] to min #m(%a)[%n] step 3 iter_args(%y = %x) -> f32 {
    %lo = affine.min #m(%i)[%n]
    %hi = affine.max #m(%i)[%n]
    affine.yield %y : f32
  }
  // CHECK: affine.for %{{.*}} = %[[N]] to 10 {
  affine.for %i = %n to 10 {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: affine.apply #[[MS]]()[%[[A]]]
  %c = affine.apply affine_map<()[s0] -> (s0 * 3 + 1)>()[%a]
  return
}

// CHECK-LABEL: func.func @memory
// CHECK-SAME: (%[[M:.*]]: memref<8x16xf32>, %[[I:.*]]: index, %[[N:.*]]: index)
func.func @memory(%m: memref<8x16xf32>, %i: index, %n: index) {
  // CHECK: %[[V:.*]] = affine.load %[[M]][%[[I]] + 1, -%[[I]] + symbol(%[[N]]) * 2] : memref<8x16xf32>
  %v = affine.load %m[%i + 1, symbol(%n) * 2 - %i] : memref<8x16xf32>
  // CHECK: affine.store %[[V]], %[[M]][%[[I]] floordiv 2, 3] : memref<8x16xf32>
  affine.store %v, %m[%i floordiv 2, 3] : memref<8x16xf32>
  // CHECK: %[[W:.*]] = affine.vector_load %[[M]][%[[I]] + symbol(%[[N]]) + 3, %[[I]] * 4] {hint} : memref<8x16xf32>, vector<4xf32>
  %w = affine.vector_load %m[%i + symbol(%n) + 3, %i * 4] {hint} : memref<8x16xf32>, vector<4xf32>
  // CHECK: affine.vector_store %[[W]], %[[M]][%[[I]], 12] : memref<8x16xf32>, vector<4xf32>
  affine.vector_store %w, %m[%i, 12] : memref<8x16xf32>, vector<4xf32>
  // CHECK: affine.vector_load %[[M]][0, 0] : memref<8x16xf32>, vector<2x4xf32>
  %x = affine.vector_load %m[0, 0] : memref<8x16xf32>, vector<2x4xf32>
  return
}

#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 1 >= 0, d0 == 0)>

// affine.if: a loop's induction variable as a dimension, a top-level value
// or the size of a top-level memref as a symbol; implicit yields; results.
// CHECK-LABEL: func.func @conditions
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: f32, %[[M:.*]]: memref<?xf32>)
func.func @conditions(%n: index, %x: f32, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %d = "memref.dim"(%m, %c0) : (memref<?xf32>, index) -> index
  // CHECK: affine.for %[[I:.*]] = 0 to 10 {
  affine.for %i = 0 to 10 {
    // CHECK-NEXT: affine.if #[[SET]](%[[I]])[%[[N]]] {
    // CHECK-NEXT: "test.then"() : () -> ()
    // CHECK-NEXT: }
    affine.if #set(%i)[%n] {
      "test.then"() : () -> ()
    }
    // CHECK-NEXT: affine.if #[[SET1]](%[[D:.*]]) {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: "test.else"() : () -> ()
    // CHECK-NEXT: }
    affine.if affine_set<(d0) : (d0 >= 0)>(%d) {
    } else {
      "test.else"() : () -> ()
    }
  }
  // CHECK: %[[R:.*]] = affine.if #[[SET]](%{{.*}})[%[[D]]] -> f32 {
  // CHECK-NEXT: affine.yield %[[X]] : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: affine.yield %[[X]] : f32
  // CHECK-NEXT: }
  %r = affine.if #set(%c0)[%d] -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %x : f32
  }
  // CHECK: affine.if #[[SET]](%{{.*}})[%[[D]]] -> (f32, f32) {
  // CHECK: } {hint}
  %p:2 = affine.if #set(%c0)[%d] -> (f32, f32) {
    affine.yield %x, %x : f32, f32
  } else {
    affine.yield %x, %x : f32, f32
  } {hint}
  return %r : f32
}

// Operands that are neither dimensions nor symbols (outside affine ops'
// rules) are allowed in affine.apply, and so are symbols in dimension
// positions; affine.parallel's bounds take induction variables as
// dimensions and top-level values as symbols.
// CHECK-LABEL: func.func @apply_parallel_valid
// CHECK:         affine.apply #{{.*}}(%{{.*}})[%{{.*}}]
// CHECK:         affine.parallel (%{{.*}}) = (%{{.*}}) to (symbol(%arg0))
func.func @apply_parallel_valid(%n: index) {
  affine.for %i = 0 to 8 {
    %x = "test.index"() : () -> index
    %r = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%n)[%x]
    affine.parallel (%j) = (%i) to (symbol(%n)) {
    }
  }
  return
}

// delinearize_index and linearize_index take a basis of SSA values and
// integers, with or without the outer bound; linearize_index may be
// disjoint.
// CHECK-LABEL: func.func @index_ops
// CHECK:         %{{.*}}:3 = affine.delinearize_index %arg0 into (%arg1, 16, 224) : index, index, index
// CHECK:         %{{.*}}:2 = affine.delinearize_index %arg0 into (224) : index, index
// CHECK:         affine.linearize_index disjoint [%{{.*}}#0, %{{.*}}#1, %{{.*}}#2] by (%arg1, 16, 224) : index
// CHECK:         affine.linearize_index [%{{.*}}#0, %{{.*}}#1] by (224) : index
// CHECK:         affine.linearize_index [] by () : index
func.func @index_ops(%i: index, %n: index) -> (index, index, index) {
  %d:3 = affine.delinearize_index %i into (%n, 16, 224) : index, index, index
  %e:2 = affine.delinearize_index %i into (224) : index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1, %d#2] by (%n, 16, 224) : index
  %m = affine.linearize_index [%e#0, %e#1] by (224) : index
  %z = affine.linearize_index [] by () : index
  return %l, %m, %z : index, index, index
}

// Both also take vectors of index, element by element, with a scalar basis.
// CHECK-LABEL: func.func @vector_index_ops
// CHECK:         %[[D:.*]]:2 = affine.delinearize_index %arg0 into (%arg1, 8) : vector<4xindex>, vector<4xindex>
// CHECK:         affine.linearize_index disjoint [%[[D]]#0, %[[D]]#1] by (%arg1, 8) : vector<4xindex>
func.func @vector_index_ops(%v: vector<4xindex>, %n: index) -> vector<4xindex> {
  %d:2 = affine.delinearize_index %v into (%n, 8) : vector<4xindex>, vector<4xindex>
  %l = affine.linearize_index disjoint [%d#0, %d#1] by (%n, 8) : vector<4xindex>
  return %l : vector<4xindex>
}

// prefetch, dma_start and dma_wait take affine subscripts.
// CHECK-LABEL: func.func @prefetch_dma
// CHECK:         affine.prefetch %{{.*}}[%{{.*}} + symbol(%arg0) + 7], read, locality<3>, data : memref<10xf32>
// CHECK:         affine.prefetch %{{.*}}[%{{.*}}], write, locality<0>, instr : memref<10xf32>
// CHECK:         affine.dma_start %{{.*}}[%{{.*}} + 7], %{{.*}}[%arg0 + 11], %{{.*}}[%{{.*}}], %{{.*}} : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK:         affine.dma_start %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK:         affine.dma_wait %{{.*}}[%{{.*}} + %arg0 + 17], %{{.*}} : memref<1xi32>
func.func @prefetch_dma(%n: index, %m: memref<10xf32>, %src: memref<100xf32>, %dst: memref<100xf32, 2>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 10 {
    affine.prefetch %m[%i + symbol(%n) + 7], read, locality<3>, data : memref<10xf32>
    affine.prefetch %m[%i], write, locality<0>, instr : memref<10xf32>
    affine.dma_start %src[%i + 7], %dst[%n + 11], %tag[%c0], %c64 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
    affine.dma_start %src[%i], %dst[%i], %tag[%c0], %c64, %c64, %c64 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%i + %n + 17], %c64 : memref<1xi32>
  }
  return
}

// The results of delinearize_index and linearize_index of loop indices
// are valid dims, as affine.apply's are.
// CHECK-LABEL: func.func @index_ops_as_dims
// CHECK:         affine.load %{{.*}}[%{{.*}}#0, %{{.*}}#1] : memref<10x10xf32>
func.func @index_ops_as_dims(%m: memref<10x10xf32>) {
  affine.for %i = 0 to 100 {
    %d:2 = affine.delinearize_index %i into (10, 10) : index, index
    %v = affine.load %m[%d#0, %d#1] : memref<10x10xf32>
  }
  return
}
