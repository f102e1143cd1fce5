// RUN: kiln opt %s -allow-unregistered-dialect -print-op-stats -o /dev/null 2>&1 | FileCheck %s
// RUN: kiln opt %s -allow-unregistered-dialect -print-op-stats=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: kiln opt %s -allow-unregistered-dialect -mlir-disable-threading -pass-pipeline='builtin.module(func.func(print-op-stats))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC

// Counts of every op under the module, the module included, in name
// order; names line up on the dialect's dot, a name without one after it.
// CHECK:      Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT:      arith.addi   , 2
// CHECK-NEXT:    builtin.module , 1
// CHECK-NEXT:       func.func   , 2
// CHECK-NEXT:       func.return , 2
// CHECK-NEXT:            nodot  , 1
// CHECK-NEXT:   verylong.op     , 1
// CHECK-NOT:  ,

// JSON:      {
// JSON-NEXT:   "arith.addi" : 2,
// JSON-NEXT:   "builtin.module" : 1,
// JSON-NEXT:   "func.func" : 2,
// JSON-NEXT:   "func.return" : 2,
// JSON-NEXT:   "nodot" : 1,
// JSON-NEXT:   "verylong.op" : 1
// JSON-NEXT: }

// Run on each function, it prints one table per function.
// FUNC:      Operations encountered:
// FUNC-NEXT: -----------------------
// FUNC-NEXT:  arith.addi   , 2
// FUNC-NEXT:   func.func   , 1
// FUNC-NEXT:   func.return , 1
// FUNC-NEXT:         nodot  , 1
// FUNC:      Operations encountered:
// FUNC-NEXT: -----------------------
// FUNC-NEXT:     func.func   , 1
// FUNC-NEXT:     func.return , 1
// FUNC-NEXT: verylong.op     , 1
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %a : i32
  "nodot"() : () -> ()
  return %1 : i32
}
func.func @g() {
  "verylong.op"() : () -> ()
  return
}
