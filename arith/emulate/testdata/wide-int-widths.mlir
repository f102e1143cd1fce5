// RUN: kiln opt %s --arith-emulate-wide-int="widest-int-supported=64" | FileCheck %s

// widest-int-supported sets the halves: i128 on i64; i16 stays.
// CHECK-LABEL: func.func @widths(
// CHECK-SAME:    %[[A:.*]]: vector<2xi64>, %[[B:.*]]: i16) -> (vector<2xi64>, i16)
// CHECK-NEXT:    %[[L:.*]] = vector.extract %[[A]][0] : i64 from vector<2xi64>
// CHECK-NEXT:    %[[H:.*]] = vector.extract %[[A]][1] : i64 from vector<2xi64>
// CHECK:         arith.addui_extended %{{.*}}, %{{.*}} : i64, i1
// CHECK:         %[[M:.*]] = arith.muli %[[B]], %[[B]] : i16
// CHECK:         return %{{.*}}, %[[M]] : vector<2xi64>, i16
func.func @widths(%a: i128, %b: i16) -> (i128, i16) {
  %s = arith.addi %a, %a : i128
  %m = arith.muli %b, %b : i16
  return %s, %m : i128, i16
}
