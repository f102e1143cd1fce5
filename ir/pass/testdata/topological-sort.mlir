// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -topological-sort | FileCheck %s

// A module's body is a graph region: a user placed before its producer
// moves after it; ops already in order stay.
// CHECK-LABEL: module attributes {t.order}
// CHECK-NEXT:    "u.first"
// CHECK-NEXT:    "u.producer"
// CHECK-NEXT:    "u.user"
module attributes {t.order} {
  %0 = "u.first"() : () -> i32
  "u.user"(%1, %0) : (i32, i32) -> ()
  %1 = "u.producer"() : () -> i32
}

// -----

// Ops on a cycle keep their order after the ops that do not depend on it.
// CHECK-LABEL: module attributes {t.cycle}
// CHECK-NEXT:    "u.d"
// CHECK-NEXT:    "u.a"
// CHECK-NEXT:    "u.c"
// CHECK-NEXT:    "u.b"
module attributes {t.cycle} {
  %2 = "u.c"(%1) : (i32) -> i32
  %1 = "u.b"(%0, %2) : (i32, i32) -> i32
  %0 = "u.a"(%3) : (i32) -> i32
  %3 = "u.d"() : () -> i32
}

// -----

// Uses inside an op's regions count, and nested graph regions are sorted
// too; the regions of an op that is not known to be a graph region are not.
// CHECK-LABEL: module attributes {t.nested}
// CHECK-NEXT:    module attributes {t.inner}
// CHECK-NEXT:      "u.y"
// CHECK-NEXT:      "u.x"
// CHECK-NEXT:    }
// CHECK-NEXT:    "u.base"
// CHECK-NEXT:    "u.wrap"
// CHECK-NEXT:      "u.late"
// CHECK-NEXT:      "u.early"
// CHECK-NEXT:    })
// CHECK-NEXT:    "u.mid"
// CHECK-NEXT:    "u.top"
module attributes {t.nested} {
  %0 = "u.top"(%1) : (i32) -> i32
  "u.wrap"() ({
    %a = "u.late"(%b) : (i32) -> i32
    %b = "u.early"(%2) : (i32) -> i32
  }) : () -> ()
  module attributes {t.inner} {
    %x = "u.x"(%y) : (i32) -> i32
    %y = "u.y"() : () -> i32
  }
  %1 = "u.mid"(%2) : (i32) -> i32
  %2 = "u.base"() : () -> i32
}
