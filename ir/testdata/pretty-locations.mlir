// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-pretty-debuginfo | FileCheck %s --check-prefix=OFF

// --mlir-pretty-debuginfo prints the locations --mlir-print-debuginfo
// prints as MLIR's pretty form does (its test IR/pretty-locations.mlir):
// no loc(...), file names bare, a call site's callers on lines of their
// own unless a named callee is called from a file position. Alone, it
// prints no location.

// CHECK-LABEL: func.func @inline_notation
// OFF-LABEL: func.func @inline_notation
func.func @inline_notation() -> i32 {
  // CHECK: -> i32 "foo"
  // OFF: %0 = "foo"() : () -> i32{{$}}
  %1 = "foo"() : () -> i32 loc("foo")

  // CHECK: arith.constant 4 : index "foo" at mysource.cc:10:8
  %2 = arith.constant 4 : index loc(callsite("foo" at "mysource.cc":10:8))

  // CHECK:      arith.constant 4 : index "foo"
  // CHECK-NEXT:  at mysource1.cc:10:8
  // CHECK-NEXT:  at mysource2.cc:13:8
  // CHECK-NEXT:  at mysource3.cc:100:10
  %3 = arith.constant 4 : index loc(callsite("foo" at callsite("mysource1.cc":10:8 at callsite("mysource2.cc":13:8 at "mysource3.cc":100:10))))

  // CHECK: } ["foo", mysource.cc:10:8]
  affine.for %i0 = 0 to 8 {
  } loc(fused["foo", "mysource.cc":10:8])

  // CHECK: () -> () <"myPass">["foo", "foo2"]
  "test.fused"() : () -> () loc(fused<"myPass">["foo", "foo2"])

  // CHECK: "test.named"() : () -> () "name"(file.mlir:3:4)
  "test.named"() : () -> () loc("name"("file.mlir":3:4))

  // CHECK: return %0 : i32 [unknown]
  return %1 : i32 loc(unknown)
}
