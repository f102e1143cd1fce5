// RUN: kiln opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @for_zero_trips
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]]
func.func @for_zero_trips(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (f32) {
    %n = arith.addf %a, %a : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @for_one_trip
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NOT: scf.for
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: "test.use"(%[[C2]])
// CHECK: %[[N:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK: return %[[N]]
func.func @for_one_trip(%x: f32) -> f32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c2 to %c3 step %c8 iter_args(%a = %x) -> (f32) {
    "test.use"(%i) : (index) -> ()
    %n = arith.addf %a, %a : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @for_invariant_iter_args
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[Y]]) -> (f32) {
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[X]] : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK: return %[[X]], %[[R]], %[[X]]
func.func @for_invariant_iter_args(%n: index, %x: f32, %y: f32) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x) -> (f32, f32, f32) {
    %s = arith.addf %b, %a : f32
    scf.yield %a, %s, %x : f32, f32, f32
  }
  return %r#0, %r#1, %r#2 : f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @for_dead
// CHECK-NEXT: return
func.func @for_dead(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_true
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: return %[[X]]
func.func @if_true(%x: f32, %y: f32) -> f32 {
  %true = arith.constant true
  %r = scf.if %true -> (f32) {
    "test.then"() : () -> ()
    scf.yield %x : f32
  } else {
    "test.else"() : () -> ()
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @if_false_no_else
// CHECK-NEXT: return
func.func @if_false_no_else() {
  %false = arith.constant false
  scf.if %false {
    "test.then"() : () -> ()
    scf.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_unused_results
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK-NEXT: %[[V:.*]] = "test.op"() : () -> f32
// CHECK-NEXT: scf.yield %[[V]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.*}} : f32
func.func @if_unused_results(%c: i1, %x: f32, %y: f32) -> f32 {
  %r:2 = scf.if %c -> (f32, f32) {
    %v = "test.op"() : () -> f32
    scf.yield %x, %v : f32, f32
  } else {
    scf.yield %y, %x : f32, f32
  }
  return %r#1 : f32
}

// -----

// CHECK-LABEL: func.func @if_same_yield
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: f32)
// CHECK: return %[[X]], %[[C]]
func.func @if_same_yield(%c: i1, %x: f32) -> (f32, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %r:2 = scf.if %c -> (f32, i1) {
    "test.op"() : () -> ()
    scf.yield %x, %true : f32, i1
  } else {
    scf.yield %x, %false : f32, i1
  }
  return %r#0, %r#1 : f32, i1
}

// -----

// CHECK-LABEL: func.func @switch_constant
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: "test.two"() : () -> ()
// CHECK-NEXT: return %[[Y]]
func.func @switch_constant(%x: i32, %y: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %r = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    "test.two"() : () -> ()
    scf.yield %y : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @execute_region_inline
// CHECK-NEXT: %[[V:.*]] = "test.value"() : () -> i32
// CHECK-NEXT: return %[[V]]
func.func @execute_region_inline() -> i32 {
  %r = scf.execute_region -> i32 {
    %v = "test.value"() : () -> i32
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @if_to_select
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK-NEXT: return %[[S]]
func.func @if_to_select(%c: i1, %x: f32, %y: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @if_empty_else
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "test.then"() : () -> ()
  } else {
  }
  return
}

// -----

// Dimensions that run once are dropped; their induction variable is the lower bound.
// CHECK-LABEL: func.func @parallel_single_iteration_dims
// CHECK-SAME: (%[[A:.*]]: memref<?x?xi32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.parallel (%[[J:.*]]) = (%[[C0]]) to (%[[C8]]) step (%[[C2]]) {
// CHECK: memref.store %{{.*}}, %[[A]][%[[C0]], %[[J]]]
func.func @parallel_single_iteration_dims(%a: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant 7 : i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %c8) step (%c1, %c2) {
    memref.store %v, %a[%i, %j] : memref<?x?xi32>
    scf.reduce
  }
  return
}

// -----

// A loop whose dimensions all run once is its body and its reductions.
// CHECK-LABEL: func.func @parallel_single_iteration_reduce
// CHECK-SAME: (%[[X:.*]]: index)
// CHECK-NOT: scf.parallel
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[R:.*]] = arith.addi %[[X]], %[[C3]] : index
// CHECK: return %[[R]]
func.func @parallel_single_iteration_reduce(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i) = (%c3) to (%c4) step (%c1) init(%x) -> index {
    scf.reduce(%i : index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %0 : index
}

// -----

// A loop that runs zero times is its inits; nested loops merge.
// CHECK-LABEL: func.func @parallel_empty_and_nested
// CHECK-SAME: (%[[X:.*]]: f32, %[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index)
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[N]], %[[N]]) step (%{{.*}}, %{{.*}}) {
// CHECK-NEXT: memref.store %[[X]], %[[M]][%[[I]], %[[J]]]
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return %[[X]]
func.func @parallel_empty_and_nested(%x: f32, %m: memref<?x?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i) = (%c1) to (%c0) step (%c1) init(%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %x, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return %0 : f32
}

// -----

// Consecutive ifs on one condition (or on its negation) merge; the second
// one's uses of the first one's results become what the first one yields.
// CHECK-LABEL: func.func @combine_ifs
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT: %[[A:.*]] = "test.a"() : () -> i32
// CHECK-NEXT: %[[B:.*]] = "test.b"(%[[A]]) : (i32) -> i32
// CHECK-NEXT: scf.yield %[[A]], %[[B]] : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[X:.*]] = "test.x"() : () -> i32
// CHECK-NEXT: %[[Y:.*]] = "test.y"(%[[X]]) : (i32) -> i32
// CHECK-NEXT: scf.yield %[[X]], %[[Y]] : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @combine_ifs(%c: i1) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %x = "test.x"() : () -> i32
    scf.yield %x : i32
  }
  %1 = scf.if %c -> i32 {
    %b = "test.b"(%0) : (i32) -> i32
    scf.yield %b : i32
  } else {
    %y = "test.y"(%0) : (i32) -> i32
    scf.yield %y : i32
  }
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @combine_negated_ifs
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.else"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @combine_negated_ifs(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    "test.then"() : () -> ()
  }
  scf.if %n {
    "test.else"() : () -> ()
  }
  return
}

// -----

// An if that only holds another if merges with it on the conjunction; an
// outer result from outside becomes a select on the outer condition.
// CHECK-LABEL: func.func @combine_nested_ifs
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[C:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK: %[[S:.*]] = arith.select %[[A]], %[[X]], %[[Y]] : i32
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[V:.*]] = "test.v"() : () -> i32
// CHECK-NEXT: scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[Y]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]], %[[S]]
func.func @combine_nested_ifs(%a: i1, %b: i1, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.if %a -> (i32, i32) {
    %in = scf.if %b -> i32 {
      %v = "test.v"() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %in, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Results both branches yield from outside become selects even when the
// branches hold other ops; the if keeps its bodies.
// CHECK-LABEL: func.func @to_select_with_body
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : index
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %[[S]]
func.func @to_select_with_body(%c: i1, %x: index, %y: index) -> index {
  %0 = scf.if %c -> index {
    "test.op"() : () -> ()
    scf.yield %x : index
  } else {
    scf.yield %y : index
  }
  return %0 : index
}

// -----

// An if on a negated condition swaps its branches.
// CHECK-LABEL: func.func @if_not_condition
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (index) {
// CHECK-NEXT: "test.false"
// CHECK: } else {
// CHECK-NEXT: "test.true"
func.func @if_not_condition(%c: i1) -> index {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %0 = scf.if %n -> index {
    %a = "test.true"() : () -> index
    scf.yield %a : index
  } else {
    %b = "test.false"() : () -> index
    scf.yield %b : index
  }
  return %0 : index
}

// -----

// A loop to lb + 1 with step 1 runs once; a loop that runs at least once
// and only yields values from outside is those values.
// CHECK-LABEL: func.func @for_const_diff_and_outside_yield
// CHECK-SAME: (%[[LB:.*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[M:.*]] = arith.muli %[[LB]], %[[C2]] : index
// CHECK-NEXT: "test.consume"(%[[M]]) : (index) -> ()
// CHECK-NEXT: return %[[C4]]
func.func @for_const_diff_and_outside_yield(%lb: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %ub = arith.addi %lb, %c1 : index
  scf.for %i = %lb to %ub step %c1 {
    %m = arith.muli %i, %c2 : index
    "test.consume"(%m) : (index) -> ()
  }
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %c3) -> i32 {
    scf.yield %c4 : i32
  }
  return %r : i32
}

// -----

// Inside an if, its condition is true in the then-branch and false in the
// else-branch; in a while body, an argument that receives the condition is true.
// CHECK-LABEL: func.func @condition_propagation
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: "test.use"(%[[T]]) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%[[F]]) : (i1) -> ()
// CHECK: scf.while : () -> i1 {
// CHECK: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i1):
// CHECK-NEXT: "test.body"(%[[T]]) : (i1) -> ()
func.func @condition_propagation(%c: i1) -> i1 {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  %0 = scf.while : () -> i1 {
    %k = "test.condition"() : () -> i1
    scf.condition(%k) %k : i1
  } do {
  ^bb0(%a: i1):
    "test.body"(%a) : (i1) -> ()
    scf.yield
  }
  return %0 : i1
}

// -----

// A parallel loop with a dimension from a value to itself runs zero times.
// CHECK-LABEL: func.func @parallel_empty_dim
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT: return %[[X]]
func.func @parallel_empty_dim(%a: index, %b: index, %x: f32) -> f32 {
  %0 = scf.parallel (%i, %j) = (%a, %a) to (%b, %a) step (%b, %b) init(%x) -> f32 {
    %v = "test.produce"() : () -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %0 : f32
}

// -----

// A while forwards only what its results or body use, each value once, and
// carries only what its condition region uses.
// CHECK-LABEL: func.func @while_cleanup
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while : () -> i32 {
// CHECK-NEXT: %[[K:.*]] = "test.condition"() : () -> i1
// CHECK-NEXT: %[[V:.*]] = "test.val"() : () -> i32
// CHECK-NEXT: "test.wide"() : () -> i64
// CHECK-NEXT: scf.condition(%[[K]]) %[[V]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT: "test.use"(%[[A]], %[[A]]) : (i32, i32) -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]], %[[R]]
func.func @while_cleanup(%x: i32) -> (i32, i32) {
  %r:3 = scf.while (%c = %x) : (i32) -> (i32, i32, i64) {
    %k = "test.condition"() : () -> i1
    %v = "test.val"() : () -> i32
    %w = "test.wide"() : () -> i64
    scf.condition(%k) %v, %v, %w : i32, i32, i64
  } do {
  ^bb0(%a: i32, %b: i32, %d: i64):
    "test.use"(%a, %b) : (i32, i32) -> ()
    scf.yield %a : i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// A loop-carried value that keeps its initial value (yielded back as its
// init, or as what the condition forwarded from it) is replaced by the init;
// a value the condition forwards from outside the loop is used directly.
// CHECK-LABEL: func.func @while_invariants
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[Z:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while (%[[C:.*]] = %[[Z]]) : (i32) -> i32 {
// CHECK-NEXT: %[[K:.*]] = "test.condition"(%[[C]], %[[X]], %[[Y]]) : (i32, i32, i32) -> i1
// CHECK-NEXT: scf.condition(%[[K]]) %[[C]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT: %[[N:.*]] = "test.step"(%[[A]], %[[X]], %[[Y]]) : (i32, i32, i32) -> i32
// CHECK-NEXT: scf.yield %[[N]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]], %[[X]], %[[Y]]
func.func @while_invariants(%x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %r:3 = scf.while (%a = %x, %b = %y, %c = %z) : (i32, i32, i32) -> (i32, i32, i32) {
    %k = "test.condition"(%c, %a, %b) : (i32, i32, i32) -> i1
    scf.condition(%k) %c, %a, %y : i32, i32, i32
  } do {
  ^bb0(%c2: i32, %a2: i32, %y2: i32):
    %n = "test.step"(%c2, %a2, %y2) : (i32, i32, i32) -> i32
    scf.yield %a2, %y, %n : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// -----

// In a while body, the loop's comparison repeated on the forwarded value is
// true and its inverse is false.
// CHECK-LABEL: func.func @while_cmp_cond
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT: %[[O:.*]] = arith.cmpi sgt, %[[A]], %{{.*}} : i32
// CHECK-NEXT: "test.use"(%[[T]], %[[F]], %[[O]]) : (i1, i1, i1) -> ()
func.func @while_cmp_cond(%x: i32) {
  %0 = scf.while : () -> i32 {
    %v = "test.val"() : () -> i32
    %c = arith.cmpi slt, %v, %x : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%a: i32):
    %same = arith.cmpi slt, %a, %x : i32
    %inv = arith.cmpi sge, %a, %x : i32
    %other = arith.cmpi sgt, %a, %x : i32
    "test.use"(%same, %inv, %other) : (i1, i1, i1) -> ()
    scf.yield
  }
  return
}

// -----

// A condition that forwards the before-region arguments in another order
// forwards them in their order; results and body arguments follow.
// CHECK-LABEL: func.func @while_align_args
// CHECK: %[[R:.*]]:2 = scf.while (%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) : (f32, i32) -> (f32, i32) {
// CHECK: scf.condition(%{{.*}}) %[[X]], %[[Y]] : f32, i32
// CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: i32):
// CHECK-NEXT: %[[N:.*]] = "test.next"(%[[B]], %[[A]]) : (i32, f32) -> f32
// CHECK-NEXT: %[[M:.*]] = "test.step"(%[[B]]) : (i32) -> i32
// CHECK-NEXT: scf.yield %[[N]], %[[M]] : f32, i32
// CHECK: return %[[R]]#1, %[[R]]#0 : i32, f32
func.func @while_align_args(%f: f32, %i: i32) -> (i32, f32) {
  %r:2 = scf.while (%x = %f, %y = %i) : (f32, i32) -> (i32, f32) {
    %k = "test.condition"() : () -> i1
    scf.condition(%k) %y, %x : i32, f32
  } do {
  ^bb0(%b: i32, %a: f32):
    %n = "test.next"(%b, %a) : (i32, f32) -> f32
    %m = "test.step"(%b) : (i32) -> i32
    scf.yield %n, %m : f32, i32
  }
  return %r#0, %r#1 : i32, f32
}

// -----

// An execute_region of several blocks in a function body is inlined with
// branches; its results become arguments of the block after it.
// CHECK-LABEL: func.func @inline_multi_block_execute_region
// CHECK-NEXT: "test.before"() : () -> ()
// CHECK-NEXT: %[[C:.*]] = "test.cmp"() : () -> i1
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: %[[X:.*]] = "test.x"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%[[X]] : i64)
// CHECK: ^bb2:
// CHECK-NEXT: %[[Y:.*]] = "test.y"() : () -> i64
// CHECK-NEXT: cf.br ^bb3(%[[Y]] : i64)
// CHECK: ^bb3(%[[Z:.*]]: i64):
// CHECK-NEXT: "test.after"(%[[Z]]) : (i64) -> ()
// CHECK-NEXT: return
func.func @inline_multi_block_execute_region() {
  "test.before"() : () -> ()
  %v = scf.execute_region -> i64 {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = "test.x"() : () -> i64
    scf.yield %x : i64
  ^bb2:
    %y = "test.y"() : () -> i64
    scf.yield %y : i64
  }
  "test.after"(%v) : (i64) -> ()
  return
}

// -----

// A loop carried through a tensor.cast that loses sizes carries the cast's
// source instead, casting inside the body, before the yield and after.
// CHECK-LABEL: func.func @for_tensor_cast
// CHECK-SAME: (%[[T:[^:]*]]: tensor<4xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[T]]) -> (tensor<4xf32>) {
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[A]] : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: %[[N:.*]] = "test.op"(%[[C]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %[[N]] : tensor<?xf32> to tensor<4xf32>
// CHECK-NEXT: scf.yield %[[B]] : tensor<4xf32>
// CHECK: %[[O:.*]] = tensor.cast %[[R]] : tensor<4xf32> to tensor<?xf32>
// CHECK: return %[[O]]
func.func @for_tensor_cast(%t: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0) -> (tensor<?xf32>) {
    %x = "test.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Constant bounds and steps become static; the shared output's cast folds
// into the loop.
// CHECK-LABEL: func.func @forall_fold
// CHECK-SAME: (%[[T:[^:]*]]: tensor<4xf32>, %[[S:[^:]*]]: tensor<1xf32>, %[[N:[^:]*]]: index)
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]]) = (0) to (%[[N]]) step (2) shared_outs(%[[O:.*]] = %[[T]]) -> (tensor<4xf32>) {
// CHECK: tensor.parallel_insert_slice %[[S]] into %[[O]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK-NOT: tensor.cast
// CHECK: return %[[R]]
func.func @forall_fold(%t: tensor<4xf32>, %s: tensor<1xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %r = scf.forall (%i) = (%c0) to (%n) step (%c2) shared_outs(%o = %0) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  %1 = tensor.cast %r : tensor<?xf32> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// A forall whose dimensions all run once is inlined, its parallel
// insertions becoming tensor.insert_slice into the outputs (two into the
// same output chain); one with a dimension that runs zero times is its
// outputs.
// CHECK-LABEL: func.func @forall_inline
// CHECK-SAME: (%[[T:.*]]: tensor<8xf32>, %[[U:.*]]: tensor<8xf32>, %[[N:.*]]: index)
// CHECK-NOT: scf.forall
// CHECK: %[[A:.*]] = "test.slice"(%[[T]]) : (tensor<8xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[I1:.*]] = tensor.insert_slice %[[A]] into %[[T]][{{.*}}] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: %[[I2:.*]] = tensor.insert_slice %[[A]] into %[[I1]][4] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: return %[[I2]], %[[U]]
func.func @forall_inline(%t: tensor<8xf32>, %u: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %r = scf.forall (%i) = (0) to (4) step (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %a = "test.slice"(%o) : (tensor<8xf32>) -> tensor<2xf32>
    %j = arith.addi %i, %i : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%j] [2] [1] : tensor<2xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %a into %o[4] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  %s = scf.forall (%i, %k) = (0, %n) to (8, %n) step (1, 1) shared_outs(%o = %u) -> (tensor<8xf32>) {
    %a = "test.slice"(%o) : (tensor<8xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %r, %s : tensor<8xf32>, tensor<8xf32>
}

// -----

// Dimensions that run once are dropped unless the loop is mapped; an output
// that nothing inserts into, or whose result is unused, is dropped and the
// body and results use the output itself; tensor.dim of a result reads the
// output.
// CHECK-LABEL: func.func @forall_shrink
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[U:.*]]: tensor<?xf32>, %[[V:.*]]: tensor<?xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]]) in (%[[N]]) shared_outs(%[[O:.*]] = %[[U]]) -> (tensor<?xf32>) {
// CHECK-NEXT: %[[A:.*]] = "test.slice"(%[[T]], %[[O]], %[[V]], %[[C3]]) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index) -> tensor<1xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[A]] into %[[O]][%[[I]]] [1] [1]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 3) to (%[[N]], 4) step (1, 1)
// CHECK: {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK: %[[D:.*]] = tensor.dim %[[U]], %[[C0]] : tensor<?xf32>
// CHECK: return %[[T]], %[[R]], %[[D]]
func.func @forall_shrink(%t: tensor<?xf32>, %u: tensor<?xf32>, %v: tensor<?xf32>, %n: index) -> (tensor<?xf32>, tensor<?xf32>, index) {
  %c0 = arith.constant 0 : index
  %r:3 = scf.forall (%i, %j) = (0, 3) to (%n, 4) step (1, 1) shared_outs(%a = %t, %b = %u, %c = %v) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
    %s = "test.slice"(%a, %b, %c, %j) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, index) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %b[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
      tensor.parallel_insert_slice %s into %c[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  %m = scf.forall (%i, %j) = (0, 3) to (%n, 4) step (1, 1) shared_outs(%b = %u) -> (tensor<?xf32>) {
    %s = "test.slice"(%b, %j) : (tensor<?xf32>, index) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %b[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  "test.use"(%m) : (tensor<?xf32>) -> ()
  %d = tensor.dim %r#1, %c0 : tensor<?xf32>
  return %r#0, %r#1, %d : tensor<?xf32>, tensor<?xf32>, index
}

// -----

// Dropping the unchanged %f leaves the others yielding each other: the kept
// yield operands are the new loop's arguments (they once named the old
// block's, and the loop was left yielding erased values).
// CHECK-LABEL: func @for_drop_arg_keep_swapped(
// CHECK-SAME: %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[F:.*]]: f32)
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (i32, i32) {
// CHECK-NEXT: "test.use"(%[[X]])
// CHECK-NEXT: scf.yield %[[Y]], %[[X]] : i32, i32
// CHECK: return %[[R]]#0, %[[R]]#1, %[[F]]
func.func @for_drop_arg_keep_swapped(%lb : index, %ub : index, %step : index, %a : i32, %b : i32, %f : f32) -> (i32, i32, f32) {
  %r:3 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b, %z = %f) -> (i32, i32, f32) {
    "test.use"(%x) : (i32) -> ()
    scf.yield %y, %x, %z : i32, i32, f32
  }
  return %r#0, %r#1, %r#2 : i32, i32, f32
}

// -----

// %x is used only by the yield, but into %y's place: after two iterations %y
// holds the previous "test.next", so %x must stay (Kiln once replaced it by
// its init, as if unused).
// CHECK-LABEL: func @for_arg_feeding_another(
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}) -> (i32, i32) {
// CHECK-NEXT: %[[N:.*]] = "test.next"
// CHECK-NEXT: scf.yield %[[N]], %[[X]] : i32, i32
// CHECK: return %[[R]]#1
func.func @for_arg_feeding_another(%lb : index, %ub : index, %step : index, %a : i32, %b : i32) -> i32 {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %x2 = "test.next"() : () -> i32
    scf.yield %x2, %x : i32, i32
  }
  return %r#1 : i32
}

// -----

// Iter_args with the same init and yielded value are one; iter_args that
// yield each other in a cycle from one init always hold it.
// CHECK-LABEL: func @for_duplicate_and_cyclic_args(
// CHECK-SAME: %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[K:.*]] = %[[A]]) -> (i32) {
// CHECK-NEXT: %[[S:.*]] = "test.step"(%[[K]], %[[K]], %[[B]])
// CHECK-NEXT: scf.yield %[[S]] : i32
// CHECK: return %[[R]], %[[R]], %[[B]], %[[B]]
func.func @for_duplicate_and_cyclic_args(%lb : index, %ub : index, %step : index, %a : i32, %b : i32) -> (i32, i32, i32, i32) {
  %r:4 = scf.for %i = %lb to %ub step %step iter_args(%k0 = %a, %k1 = %a, %c0 = %b, %c1 = %b) -> (i32, i32, i32, i32) {
    %s = "test.step"(%k0, %k1, %c0) : (i32, i32, i32) -> i32
    scf.yield %s, %s, %c1, %c0 : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// A while loop whose condition is a constant false stays: current MLIR has
// no canonicalization inlining its before region (int-range-interface.mlir's
// while_false keeps the loop after -int-range-optimizations -canonicalize).
// CHECK-LABEL: func @while_false_condition_kept(
// CHECK-SAME: %[[INIT:.*]]: i32)
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %[[INIT]]) : (i32) -> (i64, i32) {
// CHECK-NEXT: %[[V:.*]] = "test.before"(%[[A]]) : (i32) -> i64
// CHECK-NEXT: scf.condition(%[[F]]) %[[V]], %[[A]] : i64, i32
// CHECK-NEXT: } do {
// CHECK: "test.after"
// CHECK: return %[[R]]#0, %[[R]]#1 : i64, i32
func.func @while_false_condition_kept(%init : i32) -> (i64, i32) {
  %false = arith.constant false
  %0:2 = scf.while (%arg0 = %init) : (i32) -> (i64, i32) {
    %v = "test.before"(%arg0) : (i32) -> i64
    scf.condition(%false) %v, %arg0 : i64, i32
  } do {
  ^bb0(%arg1: i64, %arg2: i32):
    %n = "test.after"(%arg1) : (i64) -> i32
    scf.yield %n : i32
  }
  return %0#0, %0#1 : i64, i32
}

// -----

// Results every yield gives the same outside value are that value; the
// execute_region keeps the others (no_inline too).
// CHECK-LABEL: func @execute_region_forwarded_results(
// CHECK-SAME: %[[A:.*]]: i32)
// CHECK: %[[R:.*]] = scf.execute_region -> i64 no_inline {
// CHECK: scf.yield %{{.*}} : i64
// CHECK: scf.yield %{{.*}} : i64
// CHECK: return %[[A]], %[[R]] : i32, i64
func.func @execute_region_forwarded_results(%a : i32) -> (i32, i64) {
  %0:2 = scf.execute_region -> (i32, i64) no_inline {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = "test.val1"() : () -> i64
    scf.yield %a, %x : i32, i64
  ^bb2:
    %y = "test.val2"() : () -> i64
    scf.yield %a, %y : i32, i64
  }
  return %0#0, %0#1 : i32, i64
}

// -----

// Unused results and results every region yields from outside go away.
// CHECK-LABEL: func @index_switch_dead_results(
// CHECK-SAME: %[[I:.*]]: index, %[[M:.*]]: memref<i32>
// CHECK: %[[R:.*]] = scf.index_switch %[[I]] -> i32
// CHECK: return %[[I]], %[[R]] : index, i32
func.func @index_switch_dead_results(%i : index, %m : memref<i32>) -> (index, i32) {
  %dead, %fwd, %live = scf.index_switch %i -> i32, index, i32
  case 1 {
    %c10 = arith.constant 10 : i32
    memref.store %c10, %m[] : memref<i32>
    scf.yield %c10, %i, %c10 : i32, index, i32
  }
  default {
    %c11 = arith.constant 11 : i32
    memref.store %c11, %m[] : memref<i32>
    scf.yield %c11, %i, %c11 : i32, index, i32
  }
  return %fwd, %live : index, i32
}
