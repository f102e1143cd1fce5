// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | kiln opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s

// CHECK: "test.a"() : () -> () loc("file.mlir":3:4)
"test.a"() : () -> () loc("file.mlir":3:4)
// CHECK: "test.b"() : () -> () loc("name"("f":1:2))
"test.b"() : () -> () loc("name"("f":1:2))
// CHECK: "test.c"() : () -> () loc(callsite("callee" at "caller":5:6))
"test.c"() : () -> () loc(callsite("callee" at "caller":5:6))
// CHECK: "test.d"() : () -> () loc(fused<"meta">["a", "b":1:1])
"test.d"() : () -> () loc(fused<"meta">["a", "b":1:1])
// CHECK: "test.e"() : () -> () loc(unknown)
"test.e"() : () -> () loc(unknown)
// Location aliases may be used before they are defined.
// CHECK: "test.f"() : () -> () loc("late":9:9)
"test.f"() : () -> () loc(#late)
// CHECK: "test.g"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg":1:1)):
"test.g"() ({
^bb0(%x: i32 loc(#argloc)):
  "test.end"() : () -> ()
}) : () -> ()
// Ops without a trailing location get their position in this file.
// CHECK: "test.h"() : () -> () loc("{{.*}}locations.mlir":[[@LINE+1]]:1)
"test.h"() : () -> ()
#late = loc("late":9:9)
#argloc = loc("arg":1:1)
