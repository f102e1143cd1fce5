// RUN: kiln opt %s -split-input-file -pass-pipeline="builtin.module(func.func(sccp))" | FileCheck %s

// Only the taken edge of a branch on a constant counts: the block argument
// is the constant, and the constant condition's false block stays as it is.
// CHECK-LABEL: func.func @branch(
// CHECK-SAME:    %[[X:.*]]: i32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[C14:.*]] = arith.constant 14 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[C7]] : i32)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[C7]] : i32
// CHECK-NEXT:    cf.br ^bb3(%[[S]] : i32)
// CHECK:       ^bb3(%{{.*}}: i32):
// CHECK-NEXT:    return %[[C14]] : i32
func.func @branch(%x: i32) -> i32 {
  %c = arith.constant 7 : i32
  %lt = arith.cmpi slt, %c, %x : i32
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%c : i32)
^bb2:
  %s = arith.addi %x, %c : i32
  cf.br ^bb3(%s : i32)
^bb3(%v: i32):
  %d = arith.addi %v, %v : i32
  return %d : i32
}

// -----

// A loop whose back edge passes the value it was entered with keeps it
// constant; one that passes something else does not.
// CHECK-LABEL: func.func @loop(
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:       ^bb1(%{{.*}}: i32, %[[N:.*]]: i32):
// CHECK:         cf.cond_br %{{.*}}, ^bb1(%[[C1]], %{{.*}} : i32, i32), ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    return %[[C1]], %[[N]] : i32, i32
func.func @loop(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c1, %c1 : i32, i32)
^bb1(%a: i32, %n: i32):
  %a2 = arith.muli %a, %c1 : i32
  %n2 = arith.addi %n, %c1 : i32
  %more = arith.cmpi slt, %n2, %x : i32
  cf.cond_br %more, ^bb1(%a2, %n2 : i32, i32), ^bb2
^bb2:
  return %a, %n : i32, i32
}

// -----

// Structured control flow: a constant condition picks one region of
// scf.if; loop-carried values that stay constant make constant results.
// CHECK-LABEL: func.func @structured(
// CHECK-SAME:    %[[X:.*]]: i32, %[[N:.*]]: index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i32
// CHECK:         %[[U:.*]] = scf.if
// CHECK:         return %[[C3]], %[[C0]], %[[U]] : i32, i32, i32
func.func @structured(%x: i32, %n: index, %b: i1) -> (i32, i32, i32) {
  %t = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.if %t -> (i32) {
    %three = arith.constant 3 : i32
    scf.yield %three : i32
  } else {
    scf.yield %x : i32
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %d = arith.addi %acc, %acc : i32
    scf.yield %d : i32
  }
  %u = scf.if %b -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %z : i32
  }
  return %r, %s, %u : i32, i32, i32
}

// -----

// Calls and function arguments are unknown.
// CHECK-LABEL: func.func @calls(
// CHECK:         %[[R:.*]] = call @get() : () -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[R]], %{{.*}} : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func private @get() -> i32
func.func @calls(%x: i32) -> i32 {
  %r = func.call @get() : () -> i32
  %s = arith.addi %r, %x : i32
  return %s : i32
}

// -----

// scf.while: values flow from the inits and the after region's yield to
// the before region, and from scf.condition to the after region and the
// results; a constant condition picks one of the two.
// CHECK-LABEL: func.func @while(
// CHECK-SAME:    %[[X:.*]]: i32
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i32
// CHECK:         %[[W:.*]]:2 = scf.while
// CHECK:           scf.condition(%{{.*}}) %{{.*}}, %[[C5]] : i32, i32
// CHECK:         return %[[W]]#0, %[[C0]] : i32, i32
func.func @while(%x: i32) -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %c0 = arith.constant 0 : i32
  %w:2 = scf.while (%a = %c5, %k = %c5) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi slt, %a, %x : i32
    scf.condition(%more) %a, %k : i32, i32
  } do {
  ^bb0(%b: i32, %l: i32):
    %b1 = arith.addi %b, %l : i32
    scf.yield %b1, %l : i32, i32
  }
  %never = scf.while (%a = %c0) : (i32) -> i32 {
    %f = arith.cmpi slt, %a, %c0 : i32
    scf.condition(%f) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %c5 : i32
    scf.yield %n : i32
  }
  return %w, %never : i32, i32
}

// -----

// affine.for and affine.if describe their regions as MLIR's: a loop with a
// constant trip count of one takes its inits into the body once and gives
// back what the body yields; one that never runs gives back its inits; an
// unknown trip count joins the two. Both branches of affine.if yielding the
// same constant make the result that constant.
// CHECK-LABEL: func.func @affine_one_trip(
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         return %[[C1]] : i32
func.func @affine_one_trip() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = affine.for %i = 0 to 1 iter_args(%a = %c0) -> (i32) {
    %s = arith.addi %a, %c1 : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @affine_zero_trips(
// CHECK:         %[[C3:.*]] = arith.constant 3 : i32
// CHECK:         return %[[C3]] : i32
func.func @affine_zero_trips() -> i32 {
  %c3 = arith.constant 3 : i32
  %r = affine.for %i = 5 to 2 iter_args(%a = %c3) -> (i32) {
    %s = arith.addi %a, %a : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// The body may run any number of times: %a is 0 then 0 + 0.
// CHECK-LABEL: func.func @affine_unknown_trips(
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK:         return %[[C0]] : i32
func.func @affine_unknown_trips(%n: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to %n iter_args(%a = %c0) -> (i32) {
    %s = arith.addi %a, %a : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// Two trips of %a + 1 from 0 are not one constant.
// CHECK-LABEL: func.func @affine_two_trips(
// CHECK:         %[[R:.*]] = affine.for
// CHECK:         return %[[R]] : i32
func.func @affine_two_trips() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = affine.for %i = 0 to 2 iter_args(%a = %c0) -> (i32) {
    %s = arith.addi %a, %c1 : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @affine_if_same(
// CHECK:         %[[C7:.*]] = arith.constant 7 : i32
// CHECK:         return %[[C7]] : i32
func.func @affine_if_same(%i: index) -> i32 {
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %r = affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%i) -> i32 {
    affine.yield %c7 : i32
  } else {
    %s = arith.addi %c3, %c4 : i32
    affine.yield %s : i32
  }
  return %r : i32
}
