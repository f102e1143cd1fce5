// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-print-ir-before=cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-print-ir-after=canonicalize,cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-print-ir-before=cse -mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE
// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,cse))' -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: not kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILURE
// RUN: not kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,symbol-dce))' -mlir-print-ir-after-failure -mlir-print-debuginfo -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAILLOC
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(cse))' -mlir-print-ir-before=cse -mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: kiln opt %s -mlir-disable-threading -pass-pipeline='builtin.module(inline)' -mlir-print-ir-after=canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not kiln opt %s -mlir-print-ir-after=nosuchpass 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Only the named passes print, on each op they run on.
// BEFORE:     // -----// IR Dump Before CSE: cse //----- //
// BEFORE-NEXT: func.func @foo()
// BEFORE:     // -----// IR Dump Before CSE: cse //----- //
// BEFORE-NEXT: func.func @bar()
// BEFORE-NOT: IR Dump

// A comma-separated list names several passes.
// AFTER-NOT:  IR Dump Before
// AFTER:      // -----// IR Dump After CSE: cse //----- //
// AFTER-NEXT: func.func @foo()
// AFTER:      // -----// IR Dump After Canonicalizer: canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true} //----- //
// AFTER-NEXT: func.func @foo()
// AFTER:      // -----// IR Dump After CSE: cse //----- //
// AFTER-NEXT: func.func @bar()
// AFTER:      // -----// IR Dump After Canonicalizer: canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true} //----- //
// AFTER-NEXT: func.func @bar()

// At module scope the header names the op and the whole module prints.
// MODULE:      // -----// IR Dump Before CSE: cse ('func.func' operation: @foo) //----- //
// MODULE-NEXT: module {
// MODULE-NEXT:   func.func @foo()
// MODULE:        func.func @bar()
// MODULE:      // -----// IR Dump Before CSE: cse ('func.func' operation: @bar) //----- //
// MODULE-NEXT: module {

// Only @foo changes, in the first cse.
// CHANGE:     // -----// IR Dump After CSE: cse //----- //
// CHANGE-NEXT: func.func @foo()
// CHANGE-NOT: IR Dump

// Only the failed pass prints.
// FAILURE-NOT: IR Dump After CSE
// FAILURE:     // -----// IR Dump After SymbolDCE Failed: symbol-dce //----- //
// FAILURE-NEXT: func.func @foo()
// FAILURE:     error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// The failure dump keeps the printing flags, as MLIR's.
// FAILLOC:      // -----// IR Dump After SymbolDCE Failed: symbol-dce //----- //
// FAILLOC-NEXT: func.func @foo() {
// FAILLOC-NEXT:   return loc(

// The pipeline a pass runs (the inliner's canonicalize on each callable)
// prints too, as MLIR's runPipeline.
// DYNAMIC:      // -----// IR Dump After Canonicalizer: canonicalize{
// DYNAMIC-NEXT: func.func @foo()
// DYNAMIC:      // -----// IR Dump After Canonicalizer: canonicalize{
// DYNAMIC-NEXT: func.func @bar()

// THREADS: IR printing can't be setup on a pass-manager without disabling multi-threading first.
// UNKNOWN: Cannot find option named 'nosuchpass'!

func.func @foo() {
  %0 = arith.constant 0 : i32
  return
}

func.func @bar() {
  return
}
