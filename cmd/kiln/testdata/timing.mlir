// RUN: kiln opt %s --mlir-timing --pass-pipeline='builtin.module(func.func(cse,canonicalize))' -o /dev/null 2>&1 | FileCheck %s
// RUN: kiln opt %s --mlir-timing --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: kiln opt %s --mlir-timing --mlir-timing-display=list --split-input-file --pass-pipeline='builtin.module(func.func(cse),func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: kiln opt %s --mlir-timing --mlir-output-format=json --pass-pipeline='builtin.module(func.func(cse),inline)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: kiln opt %s --mlir-timing --mlir-output-format=json --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSONLIST
// RUN: not kiln opt %s --mlir-output-format=yaml 2>&1 | FileCheck %s --check-prefix=BADFORMAT
// RUN: not kiln opt %s --mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BADDISPLAY

// The report names parsing and printing as MLIR's does, around the passes,
// each pass under the pipeline of the ops it ran on.
// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9.]+}} seconds
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    CSE
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)      (A) DominanceInfo
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

// As JSON, one object per entry, children in "passes", each level closed
// by "{}]}"; the analyses a pass computed and the pipelines it ran (the
// inliner's canonicalize on each callable) under it.
// JSON:      {{^}}[{{$}}
// JSON-NEXT: {{^}}{"wall": {"duration": {{ *[0-9.]+}}, "percentage": {{ *[0-9.]+}}}, "name": "Parser", "passes": [{{$}}
// JSON-NEXT: {{^}}{}]},{{$}}
// JSON-NEXT: {{^}}{"wall": {{{.*}}}, "name": "'func.func' Pipeline", "passes": [{{$}}
// JSON-NEXT: {{^}}  {"wall": {{{.*}}}, "name": "CSE", "passes": [{{$}}
// JSON-NEXT: {{^}}    {"wall": {{{.*}}}, "name": "(A) DominanceInfo", "passes": [{{$}}
// JSON-NEXT: {{^}}    {}]},{{$}}
// JSON-NEXT: {{^}}  {}]},{{$}}
// JSON-NEXT: {{^}}{}]},{{$}}
// JSON-NEXT: {{^}}{"wall": {{{.*}}}, "name": "Inliner", "passes": [{{$}}
// JSON-NEXT: {{^}}  {"wall": {{{.*}}}, "name": "(A) CallGraph", "passes": [{{$}}
// JSON-NEXT: {{^}}  {}]},{{$}}
// JSON-NEXT: {{^}}  {"wall": {{{.*}}}, "name": "'func.func' Pipeline", "passes": [{{$}}
// JSON-NEXT: {{^}}    {"wall": {{{.*}}}, "name": "Canonicalizer", "passes": [{{$}}
// JSON-NEXT: {{^}}    {}]},{{$}}
// JSON-NEXT: {{^}}  {}]},{{$}}
// JSON-NEXT: {{^}}{}]},{{$}}
// JSON-NEXT: {{^}}{"wall": {{{.*}}}, "name": "Output", "passes": [{{$}}
// JSON-NEXT: {{^}}{}]},{{$}}
// JSON-NEXT: {{^}}{"wall": {{{.*}}}, "name": "Rest"},{{$}}
// JSON-NEXT: {{^}}{"wall": {{{.*}}}, "name": "Total"}{{$}}
// JSON-NEXT: {{^}}]{{$}}

// The list holds MLIR's hidden "root" entry too.
// JSONLIST:     {{^}}[{{$}}
// JSONLIST-DAG: {{^}}{"wall": {{{.*}}}, "name": "root"},{{$}}
// JSONLIST-DAG: {{^}}{"wall": {{{.*}}}, "name": "Parser"},{{$}}
// JSONLIST:     {{^}}{"wall": {{{.*}}}, "name": "Total"}{{$}}
// JSONLIST-NEXT: {{^}}]{{$}}

// BADFORMAT: invalid value "yaml" for --mlir-output-format: Cannot find option named 'yaml'!
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
