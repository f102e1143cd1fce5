// RUN: kiln opt %s --loop-invariant-code-motion --split-input-file | FileCheck %s
// RUN: kiln opt %s --canonicalize --split-input-file | FileCheck %s --check-prefix=DEAD

// Structured ops on tensors have no memory effects of their own and may be
// speculated as far as their bodies may (MLIR's getEffects under
// RecursiveMemoryEffects and getSpeculatability, PR 108032), so they leave
// loops when their operands are defined outside; on memrefs they stay.

#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @generic_tensor_hoisted
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: tensor.extract %[[G]]
func.func @generic_tensor_hoisted(%a: tensor<16xf32>, %b: tensor<16xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %init = arith.constant 0.0 : f32
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> f32 {
    %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<16xf32>) outs(%b : tensor<16xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    %e = tensor.extract %g[%iv] : tensor<16xf32>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @fill_tensor_hoisted
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%arg0 : tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: tensor.extract %[[F]]
func.func @fill_tensor_hoisted(%t: tensor<16xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %v = arith.constant 1.0 : f32
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %v) -> f32 {
    %f = linalg.fill ins(%v : f32) outs(%t : tensor<16xf32>) -> tensor<16xf32>
    %e = tensor.extract %f[%iv] : tensor<16xf32>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// A body that may trap (a division by a value that may be zero) keeps the
// op in the loop, as does a use of the loop's values.
#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @generic_tensor_kept
// CHECK: scf.for
// CHECK-NEXT: linalg.generic
// CHECK: arith.divsi
// CHECK: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: linalg.fill
func.func @generic_tensor_kept(%a: tensor<16xi32>, %b: tensor<16xi32>, %lb: index, %ub: index, %step: index) -> tensor<16xi32> {
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %b) -> tensor<16xi32> {
    %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<16xi32>) outs(%acc : tensor<16xi32>) {
    ^bb0(%x: i32, %y: i32):
      %d = arith.divsi %x, %y : i32
      linalg.yield %d : i32
    } -> tensor<16xi32>
    scf.yield %g : tensor<16xi32>
  }
  %s = scf.for %iv = %lb to %ub step %step iter_args(%acc = %r) -> tensor<16xi32> {
    %i = arith.index_cast %iv : index to i32
    %f = linalg.fill ins(%i : i32) outs(%acc : tensor<16xi32>) -> tensor<16xi32>
    scf.yield %f : tensor<16xi32>
  }
  return %s : tensor<16xi32>
}

// -----

// On memrefs a structured op writes its outputs: it stays, even unused.
#map = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @generic_memref_kept
// CHECK: scf.for
// CHECK-NEXT: linalg.generic
// DEAD-LABEL: func.func @generic_memref_kept
// DEAD: linalg.generic
// DEAD: linalg.fill
func.func @generic_memref_kept(%a: memref<16xf32>, %b: memref<16xf32>, %lb: index, %ub: index, %step: index) {
  scf.for %iv = %lb to %ub step %step {
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : memref<16xf32>) outs(%b : memref<16xf32>) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  }
  %v = arith.constant 1.0 : f32
  linalg.fill ins(%v : f32) outs(%a : memref<16xf32>)
  return
}

// -----

// Unused on tensors, they are dead.
#map = affine_map<(d0) -> (d0)>

// DEAD-LABEL: func.func @dead_on_tensors
// DEAD-NEXT: return
func.func @dead_on_tensors(%a: tensor<16xf32>, %b: tensor<16xf32>) {
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%b : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %v = arith.constant 1.0 : f32
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<16xf32>) -> tensor<16xf32>
  return
}
