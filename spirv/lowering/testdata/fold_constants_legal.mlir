// RUN: kiln opt %s --split-input-file --convert-to-spirv | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-vector-to-spirv --verify-diagnostics

// The conversion folds a source op only when the constants of the fold
// convert too, as MLIR legalizes them and undoes the fold otherwise: the
// poison an extract at position -1 folds to converts in convert-to-spirv
// (ub is among its dialects) but not in convert-vector-to-spirv, where the
// extract is converted as is and its index refused.

// CHECK-LABEL: spirv.func @extract_poison_position
// CHECK-NEXT: %[[U:.*]] = spirv.Undef : f32
// CHECK-NEXT: spirv.ReturnValue %[[U]] : f32
func.func @extract_poison_position(%v: vector<4xf32>) -> f32 {
  // expected-error@+1 {{'spirv.CompositeExtract' op index -1 out of bounds for 'vector<4xf32>'}}
  %0 = vector.extract %v[-1] : f32 from vector<4xf32>
  return %0 : f32
}
