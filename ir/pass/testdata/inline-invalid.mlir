// RUN: not kiln opt %s --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: not kiln opt %s --inline='default-pipeline=no-such-pass' 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not kiln opt %s --inline='op-pipelines=cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not kiln opt %s --pass-pipeline='builtin.module(inline{default-pipeline={cse,nope}})' 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not kiln opt %s --inline='inlining-threshold=-1' 2>&1 | FileCheck %s --check-prefix=THRESHOLD
// RUN: kiln opt %s --inline='default-pipeline= inlining-threshold=100' | FileCheck %s --check-prefix=RATIO
// RUN: kiln opt %s --inline='default-pipeline= inlining-threshold=400' | FileCheck %s --check-prefix=ALLOW
// RUN: kiln opt %s --inline='default-pipeline= inlining-threshold=0' | FileCheck %s --check-prefix=RATIO

// The inliner resolves calls in a symbol table: a function is none.
// TABLE: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table

// PASS: pass pipeline:1:25: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// The option pipelines are parsed with the pipeline: an error in one is
// located in the text, inside the braces or quotes that hold it.
// NESTED: pass pipeline:1:45: error: 'nope' does not refer to a registered pass or pass pipeline
// ANCHOR: pass pipeline:1:21: error: option 'op-pipelines' wants pipelines anchored on an op, as in 'func.func(cse)'
// THRESHOLD: error: for the --inlining-threshold option: '-1' value invalid for uint argument!

// inlining-threshold bounds the callee's op count as a percentage of the
// caller's: 4 ops against 2 is 200%.
func.func @callee(%arg : i32) -> i32 {
  %v1 = arith.addi %arg, %arg : i32
  %v2 = arith.addi %v1, %arg : i32
  %v3 = arith.addi %v2, %arg : i32
  return %v3 : i32
}
// RATIO-LABEL: func.func @caller
// RATIO-NEXT: call @callee
// ALLOW-LABEL: func.func @caller
// ALLOW-NEXT: arith.addi
func.func @caller(%arg0 : i32) -> i32 {
  %0 = call @callee(%arg0) : (i32) -> i32
  return %0 : i32
}
