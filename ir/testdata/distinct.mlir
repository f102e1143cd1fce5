// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect | kiln opt --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// distinct[N]<attr> is an attribute equal only to itself. N names it in one
// text; the printer numbers them again in the order they print, the alias
// definitions (#distinct, for those referencing more than unit) first, and
// an alias defined through another comes after it.

// CHECK:      #distinct = distinct[0]<42 : i32>
// CHECK-NEXT: #distinct1 = distinct[1]<array<i32: 10, 42>>
// CHECK-NEXT: #distinct2 = distinct[2]<42 : i32>
// CHECK-NEXT: #distinct3 = distinct[3]<[1, distinct[4]<>]>
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #distinct4 = distinct[5]<#distinct3>
// CHECK-NEXT: #distinct5 = distinct[6]<#map>

// CHECK: "t.op"() {a = #distinct} : () -> ()
// LOCAL: "t.op"() {a = distinct[0]<42 : i32>} : () -> ()
"t.op"() {a = distinct[10]<42 : i32>} : () -> ()
// CHECK: "t.op"() {a = #distinct1} : () -> ()
// LOCAL: "t.op"() {a = distinct[1]<array<i32: 10, 42>>} : () -> ()
"t.op"() {a = distinct[0xB]<array<i32: 10, 42>>} : () -> ()
// The same N is the same attribute.
// CHECK: "t.op"() {a = #distinct} : () -> ()
// LOCAL: "t.op"() {a = distinct[0]<42 : i32>} : () -> ()
"t.op"() {a = distinct[10]<42 : i32>} : () -> ()
// Another N referencing the same attribute is another attribute.
// CHECK: "t.op"() {a = #distinct2} : () -> ()
// LOCAL: "t.op"() {a = distinct[2]<42 : i32>} : () -> ()
"t.op"() {a = distinct[1]<42 : i32>} : () -> ()
// distinct[N]<> references unit and prints in place.
// CHECK: "t.op"() {a = distinct[7]<>, b = [distinct[8]<>, #distinct4]} : () -> ()
// LOCAL: "t.op"() {a = distinct[3]<>, b = [distinct[4]<>, distinct[5]<distinct[6]<[1, distinct[7]<>]>>]} : () -> ()
"t.op"() {a = distinct[7]<>, b = [distinct[5]<>, distinct[9]<distinct[3]<[1, distinct[8]<>]>>]} : () -> ()
// CHECK: "t.op"() {a = #distinct5} : () -> ()
// LOCAL: "t.op"() {a = distinct[8]<affine_map<(d0) -> (d0)>>} : () -> ()
"t.op"() {a = distinct[20]<affine_map<(d0) -> (d0)>>} : () -> ()
