// RUN: kiln opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(builtin.module(select-pass{name=Pick select-cond-name=t.kind select-values=fold,dedup select-pipelines=canonicalize,cse}))' | FileCheck %s
// RUN: kiln opt %s -split-input-file -verify-diagnostics --mlir-print-ir-after-all --mlir-disable-threading -pass-pipeline='builtin.module(builtin.module(select-pass{name=Pick select-cond-name=t.kind select-values=fold,dedup select-pipelines=canonicalize,cse}))' 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: not kiln opt %s -pass-pipeline='builtin.module(select-pass{select-values=a select-pipelines=cse,cse})' 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not kiln opt %s -pass-pipeline='builtin.module(select-pass{select-cond-name="" select-values=a select-pipelines=cse})' 2>&1 | FileCheck %s --check-prefix=COND

// Each module runs the pipeline its t.kind picks: canonicalize folds the
// first, cse only merges the second's equal adds.
// CHECK-LABEL: module @a
// CHECK:         %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    return %[[C]], %[[C]]
// CHECK-LABEL: module @b
// CHECK:         %[[S:.*]] = arith.addi
// CHECK-NEXT:    return %[[S]], %[[S]]
// DUMP: IR Dump After Canonicalizer: canonicalize{
// DUMP: IR Dump After Pick: select-pass{
// DUMP: IR Dump After CSE: cse
// DUMP: IR Dump After Pick: select-pass{
// SIZE: Values and pipelines size mismatch
// COND: pass pipeline:1:45: error: Invalid select-cond-name
module {
  module @a attributes {t.kind = "fold"} {
    func.func @f() -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %0 = arith.addi %c1, %c2 : i32
      %1 = arith.addi %c1, %c2 : i32
      return %0, %1 : i32, i32
    }
  }
  module @b attributes {t.kind = "dedup"} {
    func.func @f() -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %0 = arith.addi %c1, %c2 : i32
      %1 = arith.addi %c1, %c2 : i32
      return %0, %1 : i32, i32
    }
  }
}

// -----

module {
  // expected-error@+1 {{Condition attribute not present: "t.kind"}}
  module @none {
  }
}

// -----

module {
  // expected-error@+1 {{Unhandled condition value: "other"}}
  module @other attributes {t.kind = "other"} {
  }
}
