// RUN: kiln opt %s --allow-unregistered-dialect --convert-scf-to-cf --split-input-file | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(convert-scf-to-cf{allow-pattern-rollback=false}))' --split-input-file | FileCheck %s

// The loop header is the body's entry block; the latch steps the induction
// variable and passes the yielded values back.
// CHECK-LABEL: func.func @for_iter_args(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[X]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    %[[N:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[ST]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[N]] : index, f32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %[[ACC]] : f32
func.func @for_iter_args(%lb: index, %ub: index, %st: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @for_unsigned_i32(
// CHECK:         arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK:         arith.addi %{{.*}}, %{{.*}} : i32
func.func @for_unsigned_i32(%lb: i32, %ub: i32, %st: i32) {
  scf.for unsigned %i = %lb to %ub step %st : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// -----

// An if with results joins in a block taking them, which branches on.
// CHECK-LABEL: func.func @if_results(
// CHECK-NEXT:    cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%arg1 : f32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%arg2 : f32)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: f32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:  // pred: ^bb3
// CHECK-NEXT:    return %[[R]] : f32
func.func @if_results(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r : f32
}

// -----

// A while whose after region only forwards its arguments loops on the
// before region alone; another has its after region as the loop body.
// CHECK-LABEL: func.func @whiles(
// CHECK-NEXT:    cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %[[C:.*]] = "test.cond"(%[[X]]) : (i32) -> i1
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[X]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : i32)
// CHECK-NEXT:  ^bb3(%[[Y:.*]]: i32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT:    %[[D:.*]] = "test.cond"(%[[Y]]) : (i32) -> i1
// CHECK-NEXT:    cf.cond_br %[[D]], ^bb4(%[[Y]] : i32), ^bb5
// CHECK-NEXT:  ^bb4(%[[Z:.*]]: i32):  // pred: ^bb3
// CHECK-NEXT:    %[[W:.*]] = "test.step"(%[[Z]]) : (i32) -> i32
// CHECK-NEXT:    cf.br ^bb3(%[[W]] : i32)
// CHECK-NEXT:  ^bb5:  // pred: ^bb3
// CHECK-NEXT:    return %[[Y]] : i32
func.func @whiles(%a: i32) -> i32 {
  %0 = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }
  %1 = scf.while (%y = %0) : (i32) -> i32 {
    %d = "test.cond"(%y) : (i32) -> i1
    scf.condition(%d) %y : i32
  } do {
  ^bb0(%z: i32):
    %w = "test.step"(%z) : (i32) -> i32
    scf.yield %w : i32
  }
  return %1 : i32
}

// -----

// The switch is on the index cast to i64; cases come first, then default.
// CHECK-LABEL: func.func @index_switch(
// CHECK-NEXT:    %[[F:.*]] = arith.index_cast %arg0 : index to i64
// CHECK-NEXT:    cf.switch %[[F]] : i64, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      2: ^bb1,
// CHECK-NEXT:      -7: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%arg1 : f32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%arg2 : f32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%arg1 : f32)
// CHECK-NEXT:  ^bb4(%[[R:.*]]: f32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT:    return %[[R]] : f32
func.func @index_switch(%i: index, %a: f32, %b: f32) -> f32 {
  %r = scf.index_switch %i -> f32
  case 2 {
    scf.yield %a : f32
  }
  case -7 {
    scf.yield %b : f32
  }
  default {
    scf.yield %a : f32
  }
  return %r : f32
}

// -----

// A 2-d parallel loop becomes two nested loops carrying the reduction,
// whose region is inlined in the inner body with the carried value first.
// CHECK-LABEL: func.func @parallel_reduce(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[X:.*]]: f32)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[X]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[A:.*]]: f32):
// CHECK-NEXT:    %[[CI:.*]] = arith.cmpi ult, %[[I]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[LB]], %[[A]] : index, f32)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index, %[[B:.*]]: f32):
// CHECK-NEXT:    %[[CJ:.*]] = arith.cmpi ult, %[[J]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[V:.*]] = "test.value"(%[[I]], %[[J]]) : (index, index) -> f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[B]], %[[V]] : f32
// CHECK-NEXT:    %[[NJ:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[NJ]], %[[S]] : index, f32)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[NI:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NI]], %[[B]] : index, f32)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return %[[A]] : f32
func.func @parallel_reduce(%lb: index, %ub: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.parallel unsigned (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%c1, %c1) init (%x) -> f32 {
    %v = "test.value"(%i, %j) : (index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

// A forall without outputs goes through scf.parallel: static bounds and
// steps become constants, lower bounds first.
// CHECK-LABEL: func.func @forall(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : index)
// CHECK:         arith.cmpi slt, %{{.*}}, %[[C8]] : index
// CHECK:         "test.use"
// CHECK:         arith.addi %{{.*}}, %[[C2]] : index
func.func @forall() {
  scf.forall (%i) = (0) to (8) step (2) {
    "test.use"(%i) : (index) -> ()
  }
  return
}
