// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -sccp | FileCheck %s
// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s --check-prefix=FUNC

// A private function called only with 3 gets 3 as its argument; its result
// reaches the call. Run on each function alone, nothing crosses the call.
// CHECK-LABEL: func.func private @twice
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NOT:     arith.addi
// CHECK:         return %[[C6]]
// CHECK-LABEL: func.func @caller
// CHECK:         %[[R6:.*]] = arith.constant 6 : i32
// CHECK:         call @twice
// CHECK-NEXT:    return %[[R6]] : i32
// FUNC-LABEL: func.func private @twice
// FUNC-NEXT:    arith.addi
// FUNC-LABEL: func.func @caller
// FUNC:         %[[R:.*]] = call @twice
// FUNC-NEXT:    return %[[R]]
func.func private @twice(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @caller() -> i32 {
  %c3 = arith.constant 3 : i32
  %r = call @twice(%c3) : (i32) -> i32
  return %r : i32
}

// -----

// Two calls with different arguments: the argument is not one constant, but
// a result that does not depend on it still is. A public function's
// arguments are unknown, its results are not.
// CHECK-LABEL: func.func private @pair
// CHECK:         arith.muli %arg0
// CHECK-LABEL: func.func @pub
// CHECK:         %[[K:.*]] = arith.constant 7 : i32
// CHECK:         return %[[K]], %arg0
// CHECK-LABEL: func.func @two_calls
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK:         %[[A:.*]]:2 = call @pair
// CHECK:         %[[B:.*]]:2 = call @pair
// CHECK:         %[[P:.*]]:2 = call @pub
// CHECK:         return %[[A]]#0, %[[B]]#0, %[[C5]], %[[C7]], %[[P]]#1
func.func private @pair(%x: i32) -> (i32, i32) {
  %0 = arith.muli %x, %x : i32
  %c5 = arith.constant 5 : i32
  return %0, %c5 : i32, i32
}
func.func @pub(%x: i32) -> (i32, i32) {
  %c7 = arith.constant 7 : i32
  return %c7, %x : i32, i32
}
func.func @two_calls(%a: i32) -> (i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = call @pair(%c1) : (i32) -> (i32, i32)
  %s:2 = call @pair(%c2) : (i32) -> (i32, i32)
  %p:2 = call @pub(%c1) : (i32) -> (i32, i32)
  return %r#0, %s#0, %s#1, %p#0, %p#1 : i32, i32, i32, i32, i32
}

// -----

// A function something other than a call refers to may have other callers:
// its argument stays unknown. One no reached call calls is not simulated.
// CHECK-LABEL: func.func private @escapes
// CHECK-NEXT:    arith.addi %arg0
// CHECK-LABEL: func.func private @never_called
// CHECK:         arith.select
func.func private @escapes(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func private @never_called() -> i32 {
  %t = arith.constant true
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.select %t, %a, %b : i32
  return %0 : i32
}
func.func @user() -> i32 {
  %c = arith.constant 4 : i32
  %r = call @escapes(%c) : (i32) -> i32
  "u.take"() {f = @escapes} : () -> ()
  return %r : i32
}

// -----

// A function that ends in an op that may not be a return gives its calls
// unknown results, and the branch on one keeps both ways open.
// CHECK-LABEL: func.func @unknown_exit
// CHECK:         %[[R:.*]] = call @odd
// CHECK:         cf.cond_br
// CHECK:       ^bb2(%[[V:.*]]: i32):
// CHECK-NEXT:    return %[[V]]
func.func private @odd(%x: i32) -> i32 {
  "u.ret"(%x) : (i32) -> ()
}
func.func @unknown_exit() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = call @odd(%c1) : (i32) -> i32
  %b = arith.cmpi eq, %r, %c1 : i32
  cf.cond_br %b, ^bb1, ^bb2(%c1 : i32)
^bb1:
  cf.br ^bb2(%c2 : i32)
^bb2(%v: i32):
  return %v : i32
}
