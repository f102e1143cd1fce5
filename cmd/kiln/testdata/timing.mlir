// RUN: kiln opt %s --mlir-timing --pass-pipeline='builtin.module(func.func(cse,canonicalize))' -o /dev/null 2>&1 | FileCheck %s
// RUN: kiln opt %s --mlir-timing --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: kiln opt %s --mlir-timing --mlir-timing-display=list --split-input-file --pass-pipeline='builtin.module(func.func(cse),func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not kiln opt %s --mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BADDISPLAY

// The report names parsing and printing as MLIR's does, around the passes,
// each pass under the pipeline of the ops it ran on.
// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9.]+}} seconds
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    CSE
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    Canonicalizer
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest
// CHECK-NEXT: {{[0-9.]+}} (100.0%)  Total

// One report for all the chunks of a split input, each entry summed.
// SPLIT-COUNT-1: Execution time report
// SPLIT:         Parser
// SPLIT-NEXT:    Output
// SPLIT-NOT:     Execution time report
// The list display: every entry once, unindented, whatever pipeline or
// chunk it ran in, then Rest and Total.
// LIST:          ----Wall Time----  ----Name----
// LIST-DAG:      {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser{{$}}
// LIST-DAG:      {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline{{$}}
// LIST-DAG:      {{[0-9.]+}} ({{ *[0-9.]+}}%)  CSE{{$}}
// LIST-DAG:      {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output{{$}}
// LIST:          {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest{{$}}
// LIST-NEXT:     {{[0-9.]+}} (100.0%)  Total
// LIST-NOT:      CSE

// BADDISPLAY: invalid value "flat" for --mlir-timing-display: Cannot find option named 'flat'!

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
