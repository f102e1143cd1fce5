// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(mem2reg{region-simplify=false}))' --split-input-file | FileCheck %s
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(mem2reg))' --split-input-file | FileCheck %s --check-prefix=SIMPLIFY
// RUN: not kiln opt %s --pass-pipeline='builtin.module(func.func(mem2reg{region-simplify=maybe}))' 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: for the --region-simplify option: 'maybe' is invalid value for boolean argument! Try 0 or 1

// A store then a load in one block: the load reads the stored value.
// CHECK-LABEL: func.func @straight(
// CHECK-SAME:    %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NOT:     memref
// CHECK:         %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK:         return %[[Y]], %[[S]] : f32, f32
func.func @straight(%x: f32, %y: f32) -> (f32, f32) {
  %m = memref.alloca() : memref<1x1xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %m[%c0, %c0] : memref<1x1xf32>
  %a = memref.load %m[%c0, %c0] : memref<1x1xf32>
  memref.store %y, %m[%c0, %c0] : memref<1x1xf32>
  %b = memref.load %m[%c0, %c0] : memref<1x1xf32>
  %s = arith.addf %a, %b : f32
  return %b, %s : f32, f32
}

// -----

// A loop counter kept in a slot becomes a block argument of the header;
// the exit reads the header's value.
// CHECK-LABEL: func.func @counter(
// CHECK-SAME:    %[[N:.*]]: i32)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         cf.br ^[[HEAD:.*]](%[[ZERO]] : i32)
// CHECK:       ^[[HEAD]](%[[I:.*]]: i32):
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[N]]
// CHECK:         cf.cond_br %[[LT]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK:         %[[NEXT:.*]] = arith.addi %[[I]], %[[ONE]]
// CHECK:         cf.br ^[[HEAD]](%[[NEXT]] : i32)
// CHECK:       ^[[EXIT]]:
// CHECK:         return %[[I]] : i32
func.func @counter(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %m = memref.alloca() : memref<i32>
  memref.store %zero, %m[] : memref<i32>
  cf.br ^head
^head:
  %i = memref.load %m[] : memref<i32>
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %i2 = memref.load %m[] : memref<i32>
  %next = arith.addi %i2, %one : i32
  memref.store %next, %m[] : memref<i32>
  cf.br ^head
^exit:
  %r = memref.load %m[] : memref<i32>
  return %r : i32
}

// -----

// Only one arm stores: the merge takes the stored value from it and the
// poison default from the other. The default region-simplify=true gives
// the same IR: current MLIR's pass no longer simplifies regions.
// CHECK-LABEL: func.func @one_arm(
// CHECK:         %[[P:.*]] = ub.poison : i64
// CHECK:         cf.cond_br %{{.*}}, ^[[T:.*]], ^[[M:.*]](%[[P]] : i64)
// CHECK:       ^[[T]]:
// CHECK:         cf.br ^[[M]](%arg1 : i64)
// CHECK:       ^[[M]](%[[V:.*]]: i64):
// CHECK:         return %[[V]] : i64
// SIMPLIFY-LABEL: func.func @one_arm(
// SIMPLIFY:       ^{{.*}}(%[[V:.*]]: i64):
// SIMPLIFY:         return %[[V]] : i64
func.func @one_arm(%c: i1, %x: i64) -> i64 {
  %m = memref.alloca() : memref<i64>
  cf.cond_br %c, ^t, ^merge
^t:
  memref.store %x, %m[] : memref<i64>
  cf.br ^merge
^merge:
  %v = memref.load %m[] : memref<i64>
  return %v : i64
}

// -----

// A slot whose value nobody reads after the merge: the merge argument
// made for it goes again.
// CHECK-LABEL: func.func @dead_merge(
// CHECK-NOT:     memref
// CHECK:         cf.cond_br %{{.*}}, ^[[A:.*]], ^[[B:.*]]{{$}}
// CHECK:       ^[[A]]:
// CHECK-NEXT:    cf.br ^[[M:.*]]{{$}}
// CHECK:       ^[[M]]:
// CHECK-NEXT:    return
func.func @dead_merge(%c: i1, %x: i64, %y: i64) {
  %m = memref.alloca() : memref<i64>
  cf.cond_br %c, ^a, ^b
^a:
  memref.store %x, %m[] : memref<i64>
  cf.br ^merge
^b:
  memref.store %y, %m[] : memref<i64>
  cf.br ^merge
^merge:
  return
}

// -----

// A slot in a loop body's single block is promoted there. Stores inside
// scf.for and scf.if thread the value through them: the loop carries it
// as a new iter_arg, the if yields it from both branches (making the
// missing else).
// CHECK-LABEL: func.func @structured(
// CHECK-SAME:    %[[LB:[a-z0-9]*]]: index, %[[UB:[a-z0-9]*]]: index, %[[X:[a-z0-9]*]]: f32, %[[C:[a-z0-9]*]]: i1, %[[Y:[a-z0-9]*]]: i32)
// CHECK-NOT:     memref
// CHECK:         scf.for
// CHECK:           arith.mulf %[[X]], %[[X]]
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[Y]]) -> (i32) {
// CHECK:           %[[NEXT:.*]] = arith.addi %[[ACC]], %[[Y]] : i32
// CHECK:           %[[IF:.*]] = scf.if %[[C]] -> (i32) {
// CHECK:             scf.yield %[[Y]] : i32
// CHECK:           } else {
// CHECK:             scf.yield %[[NEXT]] : i32
// CHECK:           }
// CHECK:           scf.yield %[[IF]] : i32
// CHECK:         }
// CHECK:         %[[U:.*]] = scf.if %[[C]] -> (i32) {
// CHECK:           scf.yield %[[R]] : i32
// CHECK:         } else {
// CHECK:           scf.yield %[[Y]] : i32
// CHECK:         }
// CHECK:         return %[[U]] : i32
func.func @structured(%lb: index, %ub: index, %x: f32, %c: i1, %y: i32) -> i32 {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %m = memref.alloca() : memref<f32>
    memref.store %x, %m[] : memref<f32>
    %v = memref.load %m[] : memref<f32>
    %w = arith.mulf %v, %v : f32
    "test.sink"(%w) : (f32) -> ()
  }
  %n = memref.alloca() : memref<i32>
  memref.store %y, %n[] : memref<i32>
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.load %n[] : memref<i32>
    %s = arith.addi %a, %y : i32
    memref.store %s, %n[] : memref<i32>
    scf.if %c {
      memref.store %y, %n[] : memref<i32>
    }
  }
  %r = scf.if %c -> i32 {
    %l = memref.load %n[] : memref<i32>
    scf.yield %l : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.while carries a stored slot through both regions: one more init,
// argument of each region, scf.condition and scf.yield operand, and
// result. An scf.execute_region with branches gets a merge argument where
// its stores meet and yields the value from each exit.
// CHECK-LABEL: func.func @while_and_execute_region(
// CHECK-SAME:    %[[Y:[a-z0-9]*]]: i32, %[[C:[a-z0-9]*]]: i1)
// CHECK-NOT:     memref
// CHECK:         %[[W:.*]] = scf.while (%[[B:.*]] = %[[Y]]) : (i32) -> i32 {
// CHECK:           %[[S:.*]] = arith.addi %[[B]], %[[Y]] : i32
// CHECK:           scf.condition(%[[C]]) %[[S]] : i32
// CHECK:         } do {
// CHECK:         ^bb0(%[[A:.*]]: i32):
// CHECK:           "test.sink"(%[[A]]) : (i32) -> ()
// CHECK:           scf.yield %[[A]] : i32
// CHECK:         }
// CHECK:         %[[E:.*]] = scf.execute_region -> i32 {
// CHECK:           cf.cond_br %[[C]], ^[[T:.*]], ^[[F:.*]]
// CHECK:         ^[[T]]:
// CHECK:           cf.br ^[[M:.*]](%[[Y]] : i32)
// CHECK:         ^[[F]]:
// CHECK:           cf.br ^[[M]](%[[W]] : i32)
// CHECK:         ^[[M]](%[[V:.*]]: i32):
// CHECK:           "test.sink"(%[[V]]) : (i32) -> ()
// CHECK:           scf.yield %[[V]] : i32
// CHECK:         }
// CHECK:         "test.sink"(%[[E]]) : (i32) -> ()
func.func @while_and_execute_region(%y: i32, %c: i1) {
  %n = memref.alloca() : memref<i32>
  memref.store %y, %n[] : memref<i32>
  scf.while : () -> () {
    %l = memref.load %n[] : memref<i32>
    %s = arith.addi %l, %y : i32
    memref.store %s, %n[] : memref<i32>
    scf.condition(%c)
  } do {
    %l = memref.load %n[] : memref<i32>
    "test.sink"(%l) : (i32) -> ()
    scf.yield
  }
  scf.execute_region {
    cf.cond_br %c, ^t, ^f
  ^t:
    memref.store %y, %n[] : memref<i32>
    cf.br ^m
  ^f:
    cf.br ^m
  ^m:
    %l = memref.load %n[] : memref<i32>
    "test.sink"(%l) : (i32) -> ()
    scf.yield
  }
  %e = memref.load %n[] : memref<i32>
  "test.sink"(%e) : (i32) -> ()
  return
}

// -----

// affine.for carries a stored slot as scf.for does, its inits growing by
// one (with the operand segments); memref.alloca_scope yields it as one
// more result.
// CHECK-LABEL: func.func @affine_and_alloca_scope(
// CHECK-SAME:    %[[Y:[a-z0-9]*]]: i32, %[[N:[a-z0-9]*]]: index)
// CHECK-NOT:     memref.alloca()
// CHECK:         %[[L:.*]]:2 = affine.for %{{.*}} = 0 to %[[N]] iter_args(%[[A:.*]] = %[[Y]], %[[S:.*]] = %[[Y]]) -> (i32, i32) {
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[S]], %[[A]] : i32
// CHECK-NEXT:      affine.yield %[[A]], %[[T]] : i32, i32
// CHECK:         %[[R:.*]]:2 = memref.alloca_scope -> (i32, i32) {
// CHECK-NEXT:      %[[D:.*]] = arith.muli %[[L]]#1, %[[L]]#1 : i32
// CHECK-NEXT:      memref.alloca_scope.return %[[L]]#1, %[[D]] : i32, i32
// CHECK:         "test.sink"(%[[R]]#0, %[[R]]#1, %[[L]]#0) : (i32, i32, i32) -> ()
func.func @affine_and_alloca_scope(%y: i32, %n: index) {
  %m = memref.alloca() : memref<i32>
  memref.store %y, %m[] : memref<i32>
  %a = affine.for %i = 0 to %n iter_args(%acc = %y) -> i32 {
    %l = memref.load %m[] : memref<i32>
    %t = arith.addi %l, %acc : i32
    memref.store %t, %m[] : memref<i32>
    affine.yield %acc : i32
  }
  %r = memref.alloca_scope -> (i32) {
    %l = memref.load %m[] : memref<i32>
    %d = arith.muli %l, %l : i32
    memref.store %d, %m[] : memref<i32>
    memref.alloca_scope.return %l : i32
  }
  %e = memref.load %m[] : memref<i32>
  "test.sink"(%r, %e, %a) : (i32, i32, i32) -> ()
  return
}

// -----

// Loads pass through scf.forall, scf.parallel and scf.reduce, whose
// bodies run in parallel, but a store inside one keeps the slot in
// memory; so does any use inside a region op promotion does not know.
// CHECK-LABEL: func.func @parallel_and_unknown(
// CHECK-SAME:    %[[Y:[a-z0-9]*]]: i32, %[[N:[a-z0-9]*]]: index)
// CHECK:         scf.forall
// CHECK-NEXT:      "test.sink"(%[[Y]]) : (i32) -> ()
// CHECK:         %[[KEPT:.*]] = memref.alloca() : memref<i32>
// CHECK:         scf.forall
// CHECK-NEXT:      memref.store %[[Y]], %[[KEPT]][]
// CHECK:         %[[OTHER:.*]] = memref.alloca() : memref<i32>
// CHECK:         "test.region"() ({
// CHECK-NEXT:      memref.load %[[OTHER]][]
func.func @parallel_and_unknown(%y: i32, %n: index) {
  %a = memref.alloca() : memref<i32>
  memref.store %y, %a[] : memref<i32>
  scf.forall (%i) in (%n) {
    %l = memref.load %a[] : memref<i32>
    "test.sink"(%l) : (i32) -> ()
  }
  %b = memref.alloca() : memref<i32>
  scf.forall (%i) in (%n) {
    memref.store %y, %b[] : memref<i32>
  }
  %lb = memref.load %b[] : memref<i32>
  "test.sink"(%lb) : (i32) -> ()
  %c = memref.alloca() : memref<i32>
  memref.store %y, %c[] : memref<i32>
  "test.region"() ({
    %l = memref.load %c[] : memref<i32>
    "test.sink"(%l) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// Slots that escape (passed to a call, stored as a value), hold more
// than one element or have no use (as in MLIR) stay.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-4: memref.alloca
func.func private @use(memref<i32>)
func.func @kept(%x: i32, %p: memref<memref<i32>>) {
  %unused = memref.alloca() : memref<f32>
  %a = memref.alloca() : memref<i32>
  memref.store %x, %a[] : memref<i32>
  func.call @use(%a) : (memref<i32>) -> ()
  %b = memref.alloca() : memref<i32>
  memref.store %b, %p[] : memref<memref<i32>>
  %c = memref.alloca() : memref<2xi32>
  %c0 = arith.constant 0 : index
  memref.store %x, %c[%c0] : memref<2xi32>
  return
}

// -----

// A slot of a slot: promoting the outer one makes the inner one
// promotable.
// CHECK-LABEL: func.func @slot_of_slot(
// CHECK-SAME:    %[[X:.*]]: index)
// CHECK-NEXT:    return %[[X]] : index
func.func @slot_of_slot(%x: index) -> index {
  %outer = memref.alloca() : memref<memref<index>>
  %inner = memref.alloca() : memref<index>
  memref.store %x, %inner[] : memref<index>
  memref.store %inner, %outer[] : memref<memref<index>>
  %l = memref.load %outer[] : memref<memref<index>>
  %v = memref.load %l[] : memref<index>
  return %v : index
}
