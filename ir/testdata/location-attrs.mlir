// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect | kiln opt --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// A location used as an attribute prints through an alias, debug info or
// not (MLIR's builtin dialect gives every location the alias name "loc"),
// defined before the module since attributes cannot refer to later
// definitions; its parts get aliases too. The implicit module is at 0:0.

// CHECK:      #loc = loc("foo")
// CHECK-NEXT: #loc1 = loc("src.cc":10:8)
// CHECK-NEXT: #loc2 = loc("x")
// CHECK-NEXT: #loc3 = loc("y")
// CHECK-NEXT: #loc4 = loc(callsite(#loc at #loc1))
// CHECK-NEXT: #loc5 = loc(fused[#loc2, #loc1])
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @f(i1 {test.loc = #loc4})
// CHECK-NEXT:   "test.op"() {a = #loc2, b = [#loc3, #loc2], c = #loc5} : () -> ()
// CHECK-NEXT: }

// DEBUG:      #loc2 = loc("foo")
// DEBUG-NEXT: #loc3 = loc("src.cc":10:8)
// DEBUG-NEXT: #loc4 = loc("x")
// DEBUG-NEXT: #loc5 = loc("y")
// DEBUG-NEXT: #loc6 = loc(callsite(#loc2 at #loc3))
// DEBUG-NEXT: #loc7 = loc(fused[#loc4, #loc3])
// DEBUG-NEXT: module {
// DEBUG-NEXT:   func.func private @f(i1 {test.loc = #loc6}) loc(#loc1)
// DEBUG-NEXT:   "test.op"() {a = #loc4, b = [#loc5, #loc4], c = #loc7} : () -> () loc(#loc4)
// DEBUG-NEXT: } loc(#loc)
// DEBUG-NEXT: #loc = loc("{{.*}}location-attrs.mlir":0:0)
// DEBUG-NEXT: #loc1 = loc("{{.*}}location-attrs.mlir":40:1)

// LOCAL:      module {
// LOCAL-NEXT:   func.func private @f(i1 {test.loc = loc(callsite("foo" at "src.cc":10:8))})
// LOCAL-NEXT:   "test.op"() {a = loc("x"), b = [loc("y"), loc("x")], c = loc(fused["x", "src.cc":10:8])} : () -> ()
// LOCAL-NEXT: }

func.func private @f(i1 {test.loc = loc(callsite("foo" at "src.cc":10:8))})
"test.op"() {a = loc("x"), b = [loc("y"), loc("x")], c = loc(fused["x", "src.cc":10:8])} : () -> () loc("x")
