// RUN: kiln opt %s --mlir-timing --pass-pipeline='builtin.module(func.func(cse,canonicalize))' -o /dev/null 2>&1 | FileCheck %s
// RUN: kiln opt %s --mlir-timing --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT

// The report names parsing and printing as MLIR's does, around the passes,
// each pass under the pipeline of the ops it ran on.
// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9.]+}} seconds
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Verifier
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    CSE
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    Canonicalizer
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest
// CHECK-NEXT: {{[0-9.]+}} (100.0%)  Total

// One report for all the chunks of a split input, each entry summed.
// SPLIT-COUNT-1: Execution time report
// SPLIT:         Parser
// SPLIT-NEXT:    Verifier
// SPLIT-NEXT:    Output
// SPLIT-NOT:     Execution time report
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
