// symbol-dce fails on a func.func, which is no symbol table: the pipeline
// fails and the reproducer holds the module before it (global), or before
// the failing pass (local), with the pipeline to rerun.
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -mlir-pass-pipeline-crash-reproducer=%t 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: cat %t | FileCheck %s --check-prefix=REPRO
// RUN: not kiln opt %t --run-reproducer 2>&1 | FileCheck %s --check-prefix=RERUN
// RUN: kiln opt %s -pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -mlir-pass-pipeline-crash-reproducer=%t -verify-diagnostics -o /dev/null
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -mlir-pass-pipeline-crash-reproducer=%t -mlir-pass-pipeline-local-reproducer -mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=LOCALERR
// RUN: cat %t | FileCheck %s --check-prefix=LOCAL
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(cse))' -mlir-pass-pipeline-crash-reproducer=%t -mlir-pass-pipeline-local-reproducer 2>&1 | FileCheck %s --check-prefix=THREADS
// A pass failing in the pipeline another pass runs (MLIR's dynamic pipelines):
// the note names both, the local reproducer the inner one alone.
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(composite-fixed-point-pass{pipeline="any(cse,symbol-dce)"}))' -mlir-pass-pipeline-crash-reproducer=%t 2>&1 | FileCheck %s --check-prefix=DYNERR
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(composite-fixed-point-pass{pipeline="any(cse,symbol-dce)"}))' -mlir-pass-pipeline-crash-reproducer=%t -mlir-pass-pipeline-local-reproducer -mlir-disable-threading -o /dev/null 2>/dev/null
// RUN: cat %t | FileCheck %s --check-prefix=DYNLOCAL
// RUN: kiln opt %s -pass-pipeline='builtin.module(func.func(cse))' -mlir-pass-pipeline-crash-reproducer=%t.none
// RUN: not cat %t.none

// expected-error@below {{'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table}}
// expected-error@below {{Failures have been detected while processing an MLIR pass pipeline}}
// expected-note@below {{Pipeline failed while executing [`SymbolDCE` on 'func.func' operation: @foo]: reproducer generated at}}
func.func @foo() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

func.func @bar() {
  return
}

// The pass's error first, then the reproducer's, at the op it failed on.
// ERR:      error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// ERR:      crash-reproducer.mlir:[[@LINE-13]]:1: error: Failures have been detected while processing an MLIR pass pipeline
// ERR:      note: Pipeline failed while executing [`SymbolDCE` on 'func.func' operation: @foo]: reproducer generated at `{{.*}}`

// The IR before the pipeline: cse has not run.
// REPRO:      module {
// REPRO-NEXT:   func.func @foo() -> i32 {
// REPRO-NEXT:     %c1_i32 = arith.constant 1 : i32
// REPRO-NEXT:     %c1_i32_0 = arith.constant 1 : i32
// REPRO:        func.func @bar()
// REPRO:      {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(func.func(cse,symbol-dce))",
// REPRO-NEXT:       disable_threading: false,
// REPRO-NEXT:       verify_each: true
// REPRO-NEXT:     }
// REPRO-NEXT:   }
// REPRO-NEXT: #-}

// The reproducer fails the same way.
// RERUN: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table

// LOCALERR: error: Failures have been detected while processing an MLIR pass pipeline
// LOCALERR: note: Pipeline failed while executing `SymbolDCE` on 'func.func' operation: @foo: reproducer generated at `{{.*}}`

// The IR before symbol-dce on @foo: cse ran on it, not yet on @bar.
// LOCAL:      module {
// LOCAL-NEXT:   func.func @foo() -> i32 {
// LOCAL-NEXT:     %c1_i32 = arith.constant 1 : i32
// LOCAL-NEXT:     %0 = arith.addi %c1_i32, %c1_i32 : i32
// LOCAL:      pipeline: "builtin.module(func.func(symbol-dce))",
// LOCAL-NEXT: disable_threading: true,

// THREADS: Local crash reproduction can't be setup on a pass-manager without disabling multi-threading first.

// DYNERR: note: Pipeline failed while executing [`CompositeFixedPointPass` on 'func.func' operation: @foo, `SymbolDCE` on 'func.func' operation: @foo]: reproducer generated at
// DYNLOCAL:      func.func @foo() -> i32 {
// DYNLOCAL-NEXT:   %c1_i32 = arith.constant 1 : i32
// DYNLOCAL-NEXT:   %0 = arith.addi %c1_i32, %c1_i32 : i32
// DYNLOCAL:      pipeline: "builtin.module(func.func(symbol-dce))",
