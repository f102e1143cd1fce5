// RUN: kiln opt %s -strip-debuginfo -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s

// Every op and block argument location becomes unknown, the module's too.
// CHECK-LABEL: func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32 loc(unknown)
// CHECK-NEXT:    cf.br ^bb1(%[[A]] : i32) loc(unknown)
// CHECK-NEXT:  ^bb1(%[[B:.*]]: i32 loc(unknown)):
// CHECK-NEXT:    return %[[B]] : i32 loc(unknown)
// CHECK-NEXT:  } loc(unknown)
// CHECK-NEXT: } loc(unknown)
func.func @f(%a: i32 loc("args.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(fused["x.mlir":3:4, "y"])
  cf.br ^bb1(%0 : i32) loc(callsite("f" at "g.mlir":5:6))
^bb1(%b: i32 loc("b")):
  return %b : i32 loc("ret.mlir":7:8)
} loc("func.mlir":9:10)
