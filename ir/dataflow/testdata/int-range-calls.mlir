// RUN: kiln opt %s -int-range-optimizations | FileCheck %s
// RUN: kiln opt %s -pass-pipeline='builtin.module(func.func(int-range-optimizations))' | FileCheck %s --check-prefix=FUNC

// The integer range analysis follows calls as sccp does (the engine's
// interprocedural part): a private function called with 3 and 7 gets
// [3, 7] for its argument, so x < 10 holds, and the call's result takes
// the range its return gives. A public function's argument is unknown, and
// a private one no call reaches is not simulated. Run on each function
// alone, nothing crosses the calls.
// CHECK-LABEL: func.func private @bounded
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]] : i1
// CHECK-LABEL: func.func private @uncalled
// CHECK:         arith.cmpi ult
// CHECK-LABEL: func.func @open
// CHECK:         arith.cmpi ult
// CHECK-LABEL: func.func @caller
// CHECK-DAG:     %[[A:.*]] = arith.constant true
// CHECK-DAG:     %[[B:.*]] = arith.constant true
// CHECK:         %[[O:.*]] = call @open
// CHECK:         return %[[A]], %[[B]], %[[O]] : i1, i1, i1
// FUNC-LABEL: func.func private @bounded
// FUNC:         arith.cmpi ult
// FUNC-LABEL: func.func @caller
// FUNC:         %[[R:.*]] = call @bounded
// FUNC:         %[[S:.*]] = call @bounded
// FUNC:         %[[O:.*]] = call @open
// FUNC:         return %[[R]], %[[S]], %[[O]]
func.func private @bounded(%x: index) -> i1 {
  %c10 = arith.constant 10 : index
  %0 = arith.cmpi ult, %x, %c10 : index
  return %0 : i1
}
func.func private @uncalled() -> i1 {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0 = arith.cmpi ult, %c1, %c10 : index
  return %0 : i1
}
func.func @open(%x: index) -> i1 {
  %c10 = arith.constant 10 : index
  %0 = arith.cmpi ult, %x, %c10 : index
  return %0 : i1
}
func.func @caller(%a: index) -> (i1, i1, i1) {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %r = call @bounded(%c3) : (index) -> i1
  %s = call @bounded(%c7) : (index) -> i1
  %o = call @open(%c3) : (index) -> i1
  return %r, %s, %o : i1, i1, i1
}
