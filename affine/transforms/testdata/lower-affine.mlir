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
