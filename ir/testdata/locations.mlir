// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | kiln opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// Locations print through aliases, as MLIR prints them: an op's as
// loc(#locN), a block argument's in place; the aliases block arguments use
// come before the module, the others after it. Aliases are numbered after
// sorting by depth (a location holding aliased ones comes after them).
// CHECK: #loc10 = loc("arg":1:1)
// CHECK-NEXT: module {

// LOCAL: "test.a"() : () -> () loc("file.mlir":3:4)
// CHECK: "test.a"() : () -> () loc(#loc1)
"test.a"() : () -> () loc("file.mlir":3:4)
// LOCAL: "test.b"() : () -> () loc("name"("f":1:2))
// CHECK: "test.b"() : () -> () loc(#loc13)
"test.b"() : () -> () loc("name"("f":1:2))
// LOCAL: "test.c"() : () -> () loc(callsite("callee" at "caller":5:6))
// CHECK: "test.c"() : () -> () loc(#loc14)
"test.c"() : () -> () loc(callsite("callee" at "caller":5:6))
// LOCAL: "test.d"() : () -> () loc(fused<"meta">["a", "b":1:1])
// CHECK: "test.d"() : () -> () loc(#loc15)
"test.d"() : () -> () loc(fused<"meta">["a", "b":1:1])
// LOCAL: "test.e"() : () -> () loc(unknown)
// CHECK: "test.e"() : () -> () loc(#loc7)
"test.e"() : () -> () loc(unknown)
// Location aliases may be used before they are defined.
// LOCAL: "test.f"() : () -> () loc("late":9:9)
// CHECK: "test.f"() : () -> () loc(#loc8)
"test.f"() : () -> () loc(#late)
// LOCAL: "test.g"() ({
// LOCAL-NEXT: ^bb0(%arg0: i32 loc("arg":1:1)):
// CHECK: "test.g"() ({
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg":1:1)):
// CHECK-NEXT: "test.end"() : () -> () loc(#loc11)
// CHECK-NEXT: }) : () -> () loc(#loc9)
"test.g"() ({
^bb0(%x: i32 loc(#argloc)):
  "test.end"() : () -> ()
}) : () -> ()
// Ops without a trailing location get their position in this file.
// LOCAL: "test.h"() : () -> () loc("{{.*}}locations.mlir":[[@LINE+2]]:1)
// CHECK: "test.h"() : () -> () loc(#loc12)
"test.h"() : () -> ()
#late = loc("late":9:9)
#argloc = loc("arg":1:1)

// CHECK: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("file.mlir":3:4)
// CHECK-NEXT: #loc2 = loc("f":1:2)
// CHECK-NEXT: #loc3 = loc("callee")
// CHECK-NEXT: #loc4 = loc("caller":5:6)
// CHECK-NEXT: #loc5 = loc("a")
// CHECK-NEXT: #loc6 = loc("b":1:1)
// CHECK-NEXT: #loc7 = loc(unknown)
// CHECK-NEXT: #loc8 = loc("late":9:9)
// CHECK-NEXT: #loc9 = loc("{{.*}}locations.mlir":37:1)
// CHECK-NEXT: #loc11 = loc("{{.*}}locations.mlir":39:3)
// CHECK-NEXT: #loc12 = loc("{{.*}}locations.mlir":44:1)
// CHECK-NEXT: #loc13 = loc("name"(#loc2))
// CHECK-NEXT: #loc14 = loc(callsite(#loc3 at #loc4))
// CHECK-NEXT: #loc15 = loc(fused<"meta">[#loc5, #loc6])
