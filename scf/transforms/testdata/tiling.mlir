// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=4}))' --split-input-file | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=4 no-min-max-bounds=true}))' --split-input-file | FileCheck %s --check-prefix=GUARD
// RUN: not kiln opt %s --pass-pipeline='builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=2,0}))' 2>&1 | FileCheck %s --check-prefix=ZERO

// ZERO: error: tile size cannot be 0

// Dims past the sizes get 1; each inner loop runs to min(step * size, ub - iv).
// CHECK-LABEL: func.func @tile(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[S0:.*]] = arith.muli %[[ST]], %[[C4]] : index
// CHECK-NEXT:    %[[S1:.*]] = arith.muli %[[ST]], %[[C1]] : index
// CHECK-NEXT:    scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[LB]], %[[LB]]) to (%[[UB]], %[[UB]]) step (%[[S0]], %[[S1]]) {
// CHECK-NEXT:      %[[M0:.*]] = affine.min #{{.*}}(%[[S0]], %[[UB]], %[[I]])
// CHECK-NEXT:      %[[M1:.*]] = affine.min #{{.*}}(%[[S1]], %[[UB]], %[[J]])
// CHECK-NEXT:      scf.parallel (%[[K:.*]], %[[L:.*]]) = (%[[C0]], %[[C0]]) to (%[[M0]], %[[M1]]) step (%[[ST]], %[[ST]]) {
// CHECK-NEXT:        %[[X:.*]] = arith.addi %[[K]], %[[I]] : index
// CHECK-NEXT:        %[[Y:.*]] = arith.addi %[[L]], %[[J]] : index
// CHECK-NEXT:        "test.use"(%[[X]], %[[Y]]) : (index, index) -> ()
// The guard checks the indices the body uses, compared signed.
// GUARD-LABEL: func.func @tile(
// GUARD:         scf.parallel
// GUARD-NEXT:      scf.parallel (%[[K:.*]], %[[L:.*]]) = (%{{.*}}, %{{.*}}) to (%[[S0:.*]], %[[S1:.*]]) step
// GUARD-NEXT:      %[[X:.*]] = arith.addi %[[K]], %{{.*}} : index
// GUARD-NEXT:      %[[Y:.*]] = arith.addi %[[L]], %{{.*}} : index
// GUARD-NEXT:      %[[T:.*]] = arith.constant true
// GUARD-NEXT:      %[[CX:.*]] = arith.cmpi slt, %[[X]], %arg1 : index
// GUARD-NEXT:      %[[A:.*]] = arith.andi %[[T]], %[[CX]] : i1
// GUARD-NEXT:      %[[CY:.*]] = arith.cmpi slt, %[[Y]], %arg1 : index
// GUARD-NEXT:      %[[B:.*]] = arith.andi %[[A]], %[[CY]] : i1
// GUARD-NEXT:      scf.if %[[B]] {
// GUARD-NEXT:        "test.use"(%[[X]], %[[Y]]) : (index, index) -> ()
func.func @tile(%lb: index, %ub: index, %st: index) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}

// -----

// A loop with results is left alone; an unsigned one stays unsigned and
// guards with ult.
// CHECK-LABEL: func.func @results_and_unsigned(
// CHECK:         scf.parallel (%{{.*}}) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK:         scf.parallel unsigned
// CHECK:           scf.parallel unsigned
// GUARD-LABEL: func.func @results_and_unsigned(
// GUARD:           arith.cmpi ult
func.func @results_and_unsigned(%lb: index, %ub: index, %st: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  scf.parallel unsigned (%i) = (%lb) to (%ub) step (%st) {
    "test.use"(%i) : (index) -> ()
  }
  return %r : f32
}
