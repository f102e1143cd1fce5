// RUN: kiln opt %s --arith-emulate-wide-int="widest-int-supported=8" | FileCheck %s

// i16 on i8 halves; i8 stays.
// CHECK-LABEL: func.func @i16(
// CHECK-SAME:    %[[A:.*]]: vector<2xi8>, %[[B:.*]]: i8) -> vector<2xi8>
// CHECK-NEXT:    %[[L:.*]] = vector.extract %[[A]][0] : i8 from vector<2xi8>
// CHECK-NEXT:    %[[H:.*]] = vector.extract %[[A]][1] : i8 from vector<2xi8>
// CHECK-NEXT:    %[[L2:.*]] = vector.extract %[[A]][0] : i8 from vector<2xi8>
// CHECK-NEXT:    %[[H2:.*]] = vector.extract %[[A]][1] : i8 from vector<2xi8>
// CHECK-NEXT:    %{{.*}}, %{{.*}} = arith.mului_extended %[[L]], %[[L2]] : i8
// CHECK:         arith.cmpi slt, %[[B]], %{{.*}} : i8
// CHECK:         arith.subui_extended %{{.*}}, %{{.*}} : i8, i1
// CHECK-NOT:     i16
func.func @i16(%a: i16, %b: i8) -> i16 {
  %m = arith.muli %a, %a : i16
  %e = arith.extsi %b : i8 to i16
  %s = arith.subi %m, %e : i16
  return %s : i16
}
