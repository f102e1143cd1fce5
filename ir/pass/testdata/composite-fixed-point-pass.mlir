// RUN: kiln opt %s -split-input-file --log-actions-to=- --composite-fixed-point-pass='name=Fixpoint pipeline=any(canonicalize,cse)' | FileCheck %s
// RUN: kiln opt %s -split-input-file --mlir-print-ir-after-all --composite-fixed-point-pass='pipeline=any(cse) max-iterations=2' 2>&1 | FileCheck %s --check-prefix=DUMP

// Nothing changes: the inner pipeline runs once, under the composite's name.
// CHECK-LABEL: running `Fixpoint`
// CHECK-NEXT:  running `Canonicalizer`
// CHECK-NEXT:  completed `pass-execution`
// CHECK-NEXT:  running `CSE`
// CHECK-NEXT:  completed `pass-execution`
// CHECK-NEXT:  completed `pass-execution`
// CHECK-NOT:   running
// CHECK:       func.func @same
// DUMP-LABEL: IR Dump After CSE: cse
// DUMP:       IR Dump After CompositeFixedPointPass: composite-fixed-point-pass{
// DUMP:       func.func @same
func.func @same(%a: i32) -> i32 {
  return %a : i32
}

// -----

// The first run folds the add away, the second finds nothing left to do.
// CHECK-LABEL: running `Fixpoint`
// CHECK:       running `Canonicalizer`
// CHECK:       running `CSE`
// CHECK:       running `Canonicalizer`
// CHECK:       running `CSE`
// CHECK-NOT:   running
// CHECK:       func.func @folds
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    return %[[C]], %[[C]]
// DUMP-LABEL: IR Dump After CSE: cse
// DUMP:       IR Dump After CSE: cse
// DUMP-NOT:   IR Dump After CSE: cse
// DUMP:       IR Dump After CompositeFixedPointPass: composite-fixed-point-pass{
func.func @folds() -> (i32, i32) {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  return %0, %1 : i32, i32
}
