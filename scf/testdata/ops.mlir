// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @for_loops
func.func @for_loops(%lb: index, %ub: index, %step: index, %x: f32, %a: i32, %b: i32, %s: i32) -> f32 {
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: }
  scf.for %i = %lb to %ub step %step {
  }
  // CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
  // CHECK-NEXT: %[[N:.*]] = arith.addf %[[A]], %[[A]] : f32
  // CHECK-NEXT: scf.yield %[[N]] : f32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %x) -> (f32) {
    %n = arith.addf %acc, %acc : f32
    scf.yield %n : f32
  }
  // CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
  scf.for unsigned %i = %a to %b step %s : i32 {
    "test.use"(%i) : (i32) -> ()
    scf.yield
  }
  // CHECK: scf.parallel unsigned (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
  // CHECK-NOT: unsignedCmp
  scf.parallel unsigned (%i) = (%lb) to (%ub) step (%step) {
    "test.use"(%i) : (index) -> ()
    scf.reduce
  }
  // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, f32) : i32 {
  %p:2 = scf.for %i = %a to %b step %s iter_args(%u = %a, %v = %x) -> (i32, f32) : i32 {
    scf.yield %u, %v : i32, f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @if_ops
func.func @if_ops(%c: i1, %x: f32, %y: f32) -> (f32, f32) {
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: "test.a"() : () -> ()
  // CHECK-NEXT: }
  scf.if %c {
    "test.a"() : () -> ()
    scf.yield
  }
  // CHECK: scf.if %{{.*}} {
  // CHECK: } else {
  scf.if %c {
    "test.a"() : () -> ()
    scf.yield
  } else {
    "test.b"() : () -> ()
    scf.yield
  }
  // CHECK: %{{.*}}:2 = scf.if %{{.*}} -> (f32, f32) {
  // CHECK-NEXT: scf.yield %{{.*}}, %{{.*}} : f32, f32
  // CHECK-NEXT: } else {
  %r:2 = scf.if %c -> (f32, f32) {
    scf.yield %x, %y : f32, f32
  } else {
    scf.yield %y, %x : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// CHECK-LABEL: func.func @while_loop
func.func @while_loop(%init: i32, %lim: i32) -> i32 {
  // CHECK: %{{.*}} = scf.while (%[[ARG:.*]] = %{{.*}}) : (i32) -> i32 {
  // CHECK: scf.condition(%{{.*}}) %[[ARG]] : i32
  // CHECK: } do {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i32):
  // CHECK: scf.yield %{{.*}} : i32
  %r = scf.while (%arg = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %arg, %lim : i32
    scf.condition(%c) %arg : i32
  } do {
  ^bb0(%x: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %x, %one : i32
    scf.yield %n : i32
  }
  // CHECK: scf.while : () -> () {
  scf.while : () -> () {
    %t = "test.cond"() : () -> i1
    scf.condition(%t)
  } do {
    scf.yield
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel_loops
func.func @parallel_loops(%lb: index, %ub: index, %s: index, %init: f32) -> f32 {
  // CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
  // CHECK: scf.reduce
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  // CHECK: %{{.*}} = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}) -> f32 {
  // CHECK: scf.reduce(%{{.*}} : f32) {
  // CHECK-NEXT: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[L]], %[[R]] : f32
  // CHECK-NEXT: scf.reduce.return %[[SUM]] : f32
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    %v = "test.value"(%i) : (index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %rr: f32):
      %sum = arith.addf %l, %rr : f32
      scf.reduce.return %sum : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @forall_loops
func.func @forall_loops(%n: index, %t: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%{{.*}}, 4) {
  scf.forall (%i, %j) in (%n, 4) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  // CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  // CHECK: scf.forall (%{{.*}}) = (1) to (%{{.*}}) step (2) {
  scf.forall (%i) = (1) to (%n) step (2) {
  } {mapping = [#gpu.warp<linear_dim_9>, #gpu.mask<5>]}
  // CHECK: } {mapping = [#gpu.warp<linear_dim_9>, #gpu.mask<5>]}
  // CHECK: } {mapping = [#gpu.block<z>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.block<z>]}
  // CHECK: } {mapping = [#gpu.warpgroup<x>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.warpgroup<x>]}
  // CHECK: } {mapping = [#gpu.lane<linear_dim_0>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.lane<linear_dim_0>]}
  // CHECK: } {mapping = [#gpu.memory_space<workgroup>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.memory_space<workgroup>]}
  // CHECK: } {mapping = [#gpu.thread<x>, #gpu.mask<18446744073709551615>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.thread<x>, #gpu.mask<18446744073709551615>]}
  // CHECK: scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<8xf32>) {
  // CHECK: scf.forall.in_parallel {
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @regions
func.func @regions(%i: index, %x: i32, %y: i32) -> i32 {
  // CHECK: scf.execute_region -> i32 {
  // CHECK: cf.br ^bb1
  // CHECK: scf.yield %{{.*}} : i32
  %r = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %x : i32
  }
  // CHECK: scf.index_switch %{{.*}} -> i32
  // CHECK-NEXT: case 2 {
  // CHECK-NEXT: scf.yield %{{.*}} : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  %s = scf.index_switch %i -> i32
  case 2 {
    scf.yield %x : i32
  }
  default {
    scf.yield %y : i32
  }
  // CHECK: scf.index_switch %{{.*}}
  // CHECK-NEXT: default {
  scf.index_switch %i
  default {
  }
  // Several result types print as the format's type($results) does, without
  // parentheses; an empty case gets its implicit scf.yield.
  // CHECK: scf.index_switch %{{.*}} -> i32, i32
  // CHECK-NEXT: case 0 {
  // CHECK-NEXT: scf.yield %{{.*}}, %{{.*}} : i32, i32
  // CHECK: scf.index_switch %{{.*}}
  // CHECK-NEXT: case 7 {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  %p:2 = scf.index_switch %i -> i32, i32
  case 0 {
    scf.yield %x, %y : i32, i32
  }
  default {
    scf.yield %y, %x : i32, i32
  }
  scf.index_switch %i
  case 7 {
  }
  default {
  }
  %sum = arith.addi %r, %s : i32
  return %sum : i32
}

// The form before MLIR 19: reductions among the body's ops, then scf.yield.
// CHECK-LABEL: func.func @old_parallel_reduce
// CHECK: %{{.*}}:2 = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}, %{{.*}}) -> (f32, i32) {
// CHECK: scf.reduce(%{{.*}}, %{{.*}} : f32, i32) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK: scf.reduce.return %{{.*}} : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK: scf.reduce.return %{{.*}} : i32
// CHECK: scf.parallel
// CHECK-NEXT: scf.reduce
func.func @old_parallel_reduce(%lb: index, %ub: index, %s: index) -> (f32, i32) {
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  %red:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%zero, %izero) -> (f32, i32) {
    %one = arith.constant 1.0 : f32
    scf.reduce(%one) : f32 {
      ^bb0(%lhs : f32, %rhs: f32):
        %res = arith.addf %lhs, %rhs : f32
        scf.reduce.return %res : f32
    }
    %ione = arith.constant 1 : i32
    scf.reduce(%ione) : i32 {
      ^bb0(%lhs : i32, %rhs: i32):
        %res = arith.muli %lhs, %rhs : i32
        scf.reduce.return %res : i32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    scf.yield
  }
  return %red#0, %red#1 : f32, i32
}

// MLIR's names for scf.forall and its terminator until January 2023.
// CHECK-LABEL: func.func @foreach_thread
// CHECK: scf.forall (%{{.*}}) in (%{{.*}}) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<100xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
func.func @foreach_thread(%out: tensor<100xf32>, %n: index) -> tensor<100xf32> {
  %r = scf.foreach_thread (%i) in (%n) shared_outs(%o = %out) -> tensor<100xf32> {
    scf.foreach_thread.perform_concurrently {
    }
  }
  return %r : tensor<100xf32>
}
