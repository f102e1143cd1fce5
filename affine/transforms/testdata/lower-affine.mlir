// RUN: kiln opt --lower-affine --split-input-file %s | FileCheck %s

// Bounds: max over the lower map's results, min over the upper map's, in
// a chain; the step is a constant; iter_args and the yield carry over.
// CHECK-LABEL: func.func @for_bounds
// CHECK-SAME:    (%[[N:.*]]: index, %[[M:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[LB:.*]] = arith.maxsi %[[N]], %[[C2]] : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[MUL:.*]] = arith.muli %[[M]], %[[C4]] overflow<nsw> : index
// CHECK-NEXT:    %[[UB:.*]] = arith.minsi %[[MUL]], %[[N]] : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[C3]] iter_args(%[[A:.*]] = %[[X]]) -> (f32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @for_bounds(%n: index, %m: index, %x: f32) -> f32 {
  %r = affine.for %i = max affine_map<(d0) -> (d0, 2)>(%n) to min affine_map<(d0)[s0] -> (s0 * 4, d0)>(%n)[%m] step 3 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// An empty set reads as 0 == 0, as in MLIR; results go through scf.yield.
// CHECK-LABEL: func.func @if_true
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[T:.*]] = arith.cmpi eq, %[[Z]], %[[C0]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[T]] -> (i32) {
// CHECK-NEXT:      scf.yield %{{.*}} : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.*}} : i32
// CHECK-NEXT:    }
func.func @if_true(%a: i32, %b: i32) -> i32 {
  %r = affine.if affine_set<() : ()>() -> i32 {
    affine.yield %a : i32
  } else {
    affine.yield %b : i32
  }
  return %r : i32
}

// -----

// Equalities compare with eq, inequalities with sge, joined by andi.
// CHECK-LABEL: func.func @if_eq
// CHECK:         arith.cmpi eq
// CHECK:         arith.cmpi sge
// CHECK:         arith.andi
// CHECK:         scf.if
// CHECK-NOT:     else
func.func @if_eq(%i: index, %n: index) {
  affine.if affine_set<(d0)[s0] : (d0 - s0 == 0, d0 >= 0)>(%i)[%n] {
    memref.alloca() : memref<f32>
  }
  return
}

// -----

// Loads and stores index through the map's results; zero-rank ones keep
// no index.
// CHECK-LABEL: func.func @access
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[J:.*]] = arith.addi %{{.*}}, %[[C1]] : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %{{.*}}[%{{.*}}, %[[J]]] : memref<4x8xf32>
// CHECK-NEXT:    memref.store %[[V]], %{{.*}}[] : memref<f32>
// CHECK-NEXT:    %[[W:.*]] = vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x8xf32>, vector<4xf32>
// CHECK-NEXT:    vector.store %[[W]], %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x8xf32>, vector<4xf32>
func.func @access(%m: memref<4x8xf32>, %s: memref<f32>, %i: index, %j: index) {
  %v = affine.load %m[%i, %j + 1] : memref<4x8xf32>
  affine.store %v, %s[] : memref<f32>
  %w = affine.vector_load %m[%i, %j] : memref<4x8xf32>, vector<4xf32>
  affine.vector_store %w, %m[%j, %i] : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

// Reductions start from their identities: the float maximum from -inf,
// the signed minimum from the type's largest value.
// CHECK-LABEL: func.func @parallel_reductions
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 127 : i8
// CHECK-NEXT:    %{{.*}}:2 = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[NINF]], %[[MAX]]) -> (f32, i8) {
// CHECK:           scf.reduce(%{{.*}}, %{{.*}} : f32, i8) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT:        %[[M:.*]] = arith.maximumf %[[L]], %[[R]] : f32
// CHECK-NEXT:        scf.reduce.return %[[M]] : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%[[L2:.*]]: i8, %[[R2:.*]]: i8):
// CHECK-NEXT:        %[[M2:.*]] = arith.minsi %[[L2]], %[[R2]] : i8
// CHECK-NEXT:        scf.reduce.return %[[M2]] : i8
// CHECK-NEXT:      }
func.func @parallel_reductions(%n: index, %x: f32, %y: i8) -> (f32, i8) {
  %r:2 = affine.parallel (%i) = (0) to (%n) reduce ("maximumf", "mins") -> (f32, i8) {
    affine.yield %x, %y : f32, i8
  }
  return %r#0, %r#1 : f32, i8
}

// -----

// A parallel loop's bound groups give one scf bound each.
// CHECK-LABEL: func.func @parallel_groups
// CHECK:         %[[LB:.*]] = arith.maxsi
// CHECK:         %[[UB:.*]] = arith.minsi
// CHECK:         scf.parallel (%{{.*}}, %{{.*}}) = (%[[LB]], %{{.*}}) to (%[[UB]], %{{.*}})
// CHECK-NEXT:      scf.reduce
func.func @parallel_groups(%a: index, %b: index) {
  affine.parallel (%i, %j) = (max(%a, 2), 0) to (min(%b, 64), 8) {
  }
  return
}

// -----

// delinearize_index: a floor division by the product of the inner basis,
// then remainders divided by the next stride; the outer bound is unused.
// A constant basis value of the input is folded in first, as MLIR's
// conversion folds before it lowers.
// CHECK-LABEL: func.func @delinearize
// CHECK-SAME:    (%[[I:.*]]: index, %[[N:.*]]: index)
// CHECK:         arith.constant 8 : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C8B:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[S0:.*]] = arith.muli %[[N]], %[[C8B]] overflow<nsw, nuw> : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[Q:.*]] = arith.floordivsi %[[I]], %[[S0]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.remsi %[[I]], %[[S0]] : index
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpi slt, %[[R]], %[[C0]] : index
// CHECK-NEXT:    %[[ADD:.*]] = arith.addi %[[R]], %[[S0]] overflow<nsw> : index
// CHECK-NEXT:    %[[MOD:.*]] = arith.select %[[NEG]], %[[ADD]], %[[R]] : index
// CHECK-NEXT:    %[[MID:.*]] = arith.divsi %[[MOD]], %[[C8]] : index
// CHECK-NEXT:    %[[R2:.*]] = arith.remsi %[[I]], %[[C8]] : index
// CHECK:         return %[[Q]], %[[MID]], %{{.*}}, %[[I]]
func.func @delinearize(%i: index, %n: index) -> (index, index, index, index) {
  %c8 = arith.constant 8 : index
  %d:3 = affine.delinearize_index %i into (4, %n, %c8) : index, index, index
  %one = affine.delinearize_index %i into (5) : index
  return %d#0, %d#1, %d#2, %one : index, index, index, index
}

// -----

// linearize_index: each index but the last times its stride (strides
// built from the innermost out, one constant each), the terms most
// invariant in the enclosing loops added first.
// CHECK-LABEL: func.func @linearize
// CHECK-SAME:    (%[[A:.*]]: index, %[[N:.*]]: index)
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[S:.*]] = arith.muli %[[N]], %[[C4B]] overflow<nsw> : index
// CHECK-NEXT:      %[[T0:.*]] = arith.muli %[[I]], %[[S]] overflow<nsw> : index
// CHECK-NEXT:      %[[T1:.*]] = arith.muli %[[A]], %[[C4]] overflow<nsw> : index
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[T1]], %[[T0]] overflow<nsw> : index
// CHECK-NEXT:      %{{.*}} = arith.addi %[[SUM]], %[[I]] overflow<nsw> : index
func.func @linearize(%a: index, %n: index) {
  affine.for %i = 0 to 10 {
    %l = affine.linearize_index [%i, %a, %i] by (%n, 4) : index
    "test.use"(%l) : (index) -> ()
  }
  return
}

// -----

// Folding sees the input's constants only: the constant an earlier apply
// lowered to is no constant to a later apply's folder (MLIR replaces
// values once its conversion ends), so the sum is computed.
// CHECK-LABEL: func.func @fold_input_constants
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[C0]], %[[C0]] : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[S]], %[[C1]] : index
// CHECK-NEXT:    arith.constant 2 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    return %[[R]], %[[C3]]
func.func @fold_input_constants() -> (index, index) {
  %z = affine.apply affine_map<() -> (0)>()
  %one = affine.apply affine_map<(d0)[s0] -> (d0 + s0 + 1)>(%z)[%z]
  %c2 = arith.constant 2 : index
  %three = affine.apply affine_map<(d0) -> (d0 + 1)>(%c2)
  return %one, %three : index, index
}

// -----

// prefetch and the DMA ops become their memref forms, subscripts expanded
// (dma_start's element count goes before the tag).
// CHECK-LABEL: func.func @prefetch_dma
// CHECK-SAME:    (%[[N:.*]]: index, %[[M:.*]]: memref<10xf32>, %[[S:.*]]: memref<100xf32>, %[[D:.*]]: memref<100xf32, 2>, %[[T:.*]]: memref<1xi32>)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[P:.*]] = arith.addi %[[N]], %[[C1]] : index
// CHECK-NEXT:    memref.prefetch %[[M]][%[[P]]], write, locality<1>, instr : memref<10xf32>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[Q:.*]] = arith.muli %[[N]], %[[C2]] overflow<nsw> : index
// CHECK-NEXT:    memref.dma_start %[[S]][%[[Q]]], %[[D]][%[[N]]], %[[N]], %[[T]][%[[N]]], %[[N]], %[[N]] : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK-NEXT:    memref.dma_wait %[[T]][%[[N]]], %[[N]] : memref<1xi32>
func.func @prefetch_dma(%n: index, %m: memref<10xf32>, %s: memref<100xf32>, %d: memref<100xf32, 2>, %t: memref<1xi32>) {
  affine.prefetch %m[%n + 1], write, locality<1>, instr : memref<10xf32>
  affine.dma_start %s[%n * 2], %d[%n], %t[%n], %n, %n, %n : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
  affine.dma_wait %t[%n], %n : memref<1xi32>
  return
}

// -----

// A loop that never runs folds to its inits before it is lowered, and the
// ops of its body go with it.
// CHECK-LABEL: func.func @zero_trip
// CHECK-SAME:    (%[[X:.*]]: index)
// CHECK-NEXT:    return %[[X]] : index
func.func @zero_trip(%x: index) -> index {
  %r = affine.for %i = 0 to 0 iter_args(%a = %x) -> index {
    %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
    affine.yield %b : index
  }
  return %r : index
}
