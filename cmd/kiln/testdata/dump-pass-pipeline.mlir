// RUN: kiln opt %s --dump-pass-pipeline --canonicalize=max-iterations=3 --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS
// RUN: kiln opt %s --dump-pass-pipeline --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' 2>/dev/null | FileCheck %s --check-prefix=OUT
// RUN: kiln opt %s --dump-pass-pipeline -p 'builtin.module(func.func(cse,canonicalize),symbol-dce)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: kiln opt %s --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: kiln opt %s --dump-pass-pipeline --split-input-file --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not kiln opt %s --dump-pass-pipeline --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=BAD

// The pass manager on the top-level op, as mlir-opt prints it to stderr:
// every option with its value, sorted, an empty list leaving its space.
// FLAGS:      Pass Manager with 2 passes:
// FLAGS-NEXT: builtin.module(
// FLAGS-NEXT:   canonicalize{cse-between-iterations=false    max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// FLAGS-NEXT:   cse
// FLAGS-NEXT: )
// FLAGS-EMPTY:
// FLAGS-EMPTY:

// The pipeline still runs and the output is unchanged.
// OUT:       func.func @f
// OUT-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// OUT-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32

// A nested pipeline counts as one pass, its passes indented (-p is
// --pass-pipeline).
// NESTED:      Pass Manager with 2 passes:
// NESTED-NEXT: builtin.module(
// NESTED-NEXT:   func.func(
// NESTED-NEXT:     cse,
// NESTED-NEXT:     canonicalize{{[{]}}
// NESTED-NEXT:   ),
// NESTED-NEXT:   symbol-dce
// NESTED-NEXT: )

// NONE:      Pass Manager with 0 passes:
// NONE-NEXT: builtin.module(
// NONE-EMPTY:
// NONE-NEXT: )

// Each chunk of a split input builds its own pass manager.
// SPLIT-COUNT-2: Pass Manager with 1 passes:
// SPLIT-NOT:     Pass Manager

// A pipeline that cannot run on the top-level op fails before the dump.
// BAD-NOT: Pass Manager
// BAD:     error: 'builtin.module' op can't run 'func.func' pass manager on 'builtin.module' op
// BAD-NOT: Pass Manager
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

func.func @g() {
  return
}
