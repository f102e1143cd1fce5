// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --inline='default-pipeline=' | FileCheck %s
// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --mlir-disable-threading --inline='default-pipeline=' | FileCheck %s
// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --inline | FileCheck %s --check-prefix=SIMPLIFY
// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --inline='op-pipelines=func.func(canonicalize,cse)' | FileCheck %s --check-prefix=SIMPLIFY
// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --inline='max-iterations=1' | FileCheck %s --check-prefix=ONCE
// RUN: kiln opt %s -split-input-file -allow-unregistered-dialect --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// A single-block callee: its ops replace the call, its returned values the
// call's results. A public callee stays.
// CHECK-LABEL: func.func @with_arg(
func.func @with_arg(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32
  return %b : i32
}
// CHECK-LABEL: func.func @inline_with_arg
// CHECK-NEXT: %[[R:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @inline_with_arg(%arg0 : i32) -> i32 {
  %0 = call @with_arg(%arg0) : (i32) -> i32
  return %0 : i32
}

// no_inline on the call or on the function keeps the call.
// CHECK-LABEL: func.func @no_inline_call
// CHECK-NEXT: call @with_arg(%arg0) {no_inline}
func.func @no_inline_call(%arg0 : i32) -> i32 {
  %0 = call @with_arg(%arg0) {no_inline} : (i32) -> i32
  return %0 : i32
}
func.func @kept(%c : i32) -> i32 attributes {no_inline} {
  return %c : i32
}
// CHECK-LABEL: func.func @no_inline_func
// CHECK-NEXT: call @kept(%arg0)
func.func @no_inline_func(%arg0 : i32) -> i32 {
  %0 = call @kept(%arg0) : (i32) -> i32
  return %0 : i32
}

// Declarations have no body to inline.
func.func private @external(i32) -> i32
// CHECK-LABEL: func.func @no_inline_external
// CHECK-NEXT: call @external(%arg0)
func.func @no_inline_external(%arg0 : i32) -> i32 {
  %0 = call @external(%arg0) : (i32) -> i32
  return %0 : i32
}

// LOC-LABEL: func.func @inline_with_locations
// LOC-NEXT: arith.addi %arg0, %arg0 : i32 loc(callsite("callee.mlir":10:8 at "caller.mlir":55:14))
// LOC-NEXT: return
func.func @with_locations(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32 loc("callee.mlir":10:8)
  return %b : i32
}
func.func @inline_with_locations(%arg0 : i32) -> i32 {
  %0 = call @with_locations(%arg0) : (i32) -> i32 loc("caller.mlir":55:14)
  return %0 : i32
}

// Block arguments of inlined blocks get call-site locations too.
// LOC-LABEL: func.func @block_arg_locations
// LOC: ^bb{{[0-9]+}}(%{{.*}}: i32 loc(callsite("arg.mlir":1:1 at "caller.mlir":60:1))):
func.func @with_block_arg(%arg0 : i32) {
  cf.br ^bb1(%arg0 : i32)
^bb1(%x : i32 loc("arg.mlir":1:1)):
  %y = arith.addi %x, %x : i32
  return
}
func.func @block_arg_locations(%arg0 : i32) {
  call @with_block_arg(%arg0) : (i32) -> () loc("caller.mlir":60:1)
  return
}

// -----

// A callee of several blocks: the caller's block splits after the call,
// each return becomes a cf.br to the rest, which takes the results as
// block arguments.
func.func @multi_return(%a : i1) -> i32 {
  cf.cond_br %a, ^bb1, ^bb2
^bb1:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
^bb2:
  %c55 = arith.constant 55 : i32
  return %c55 : i32
}
// CHECK-LABEL: func.func @inline_multi_return
// CHECK-NEXT:   %[[F:.*]] = arith.constant false
// CHECK-NEXT:   cf.cond_br %[[F]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   cf.br ^bb3(%[[C0]] : i32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT:   %[[C55:.*]] = arith.constant 55 : i32
// CHECK-NEXT:   cf.br ^bb3(%[[C55]] : i32)
// CHECK-NEXT: ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:   return %[[R]] : i32
// SIMPLIFY-LABEL: func.func @inline_multi_return
// SIMPLIFY-NEXT: %[[C:.*]] = arith.constant 55 : i32
// SIMPLIFY-NEXT: return %[[C]] : i32
func.func @inline_multi_return() -> i32 {
  %false = arith.constant false
  %x = call @multi_return(%false) : (i1) -> i32
  return %x : i32
}

// Several blocks cannot go into a region that holds one block.
// CHECK-LABEL: func.func @multi_block_into_if
// CHECK: scf.if
// CHECK-NEXT: call @multi_return
func.func @multi_block_into_if(%a : i1) -> i32 {
  %r = scf.if %a -> i32 {
    %x = func.call @multi_return(%a) : (i1) -> i32
    scf.yield %x : i32
  } else {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return %r : i32
}

// One block can.
func.func @twice(%c : i32) -> i32 {
  %b = arith.muli %c, %c : i32
  return %b : i32
}
// CHECK-LABEL: func.func @single_block_into_if
// CHECK: scf.if
// CHECK-NEXT: arith.muli
// CHECK-NEXT: scf.yield
func.func @single_block_into_if(%a : i1, %v : i32) -> i32 {
  %r = scf.if %a -> i32 {
    %x = func.call @twice(%v) : (i32) -> i32
    scf.yield %x : i32
  } else {
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// Calls brought in by inlining are inlined too (callees first).
func.func @level_a() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @level_b() -> i32 {
  %a = call @level_a() : () -> i32
  return %a : i32
}
// CHECK-LABEL: func.func @inline_multilevel
// CHECK-NEXT: arith.constant 7
// CHECK-NEXT: return
func.func @inline_multilevel() -> i32 {
  %b = call @level_b() : () -> i32
  return %b : i32
}

// An op no dialect allows to inline keeps the call.
func.func @opaque() {
  "unknown.op"() : () -> ()
  return
}
// CHECK-LABEL: func.func @no_inline_unregistered
// CHECK-NEXT: call @opaque()
func.func @no_inline_unregistered() {
  call @opaque() : () -> ()
  return
}

// -----

// Recursion stays: a self-recursive callee, and a callee that calls back.
// CHECK-LABEL: func.func @self
// CHECK-NEXT: call @self
// CHECK-NEXT: call @self
func.func @self() {
  call @self() : () -> ()
  call @self() : () -> ()
  return
}
// CHECK-LABEL: func.func @ping
// CHECK: call @pong
func.func @ping(%n : i32) -> i32 {
  %0 = call @pong(%n) : (i32) -> i32
  return %0 : i32
}
// CHECK-LABEL: func.func @pong
// CHECK: call @ping
func.func @pong(%n : i32) -> i32 {
  %0 = call @ping(%n) : (i32) -> i32
  return %0 : i32
}

// From outside a cycle, the cycle unrolls once: the call that would
// expand @cycle_a a second time stays, in this and later iterations.
// CHECK-LABEL: func.func @enter_cycle
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: arith.addi
// CHECK-NEXT: call @cycle_a
// CHECK-NEXT: return
// SIMPLIFY-LABEL: func.func @enter_cycle
// SIMPLIFY-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// SIMPLIFY-NEXT: %[[S:.*]] = arith.addi %arg0, %[[C3]] : i32
// SIMPLIFY-NEXT: call @cycle_a(%[[S]])
// SIMPLIFY-NEXT: return
func.func @enter_cycle(%arg0 : i32) -> i32 {
  %0 = call @cycle_a(%arg0) : (i32) -> i32
  return %0 : i32
}
func.func @cycle_a(%arg0 : i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %arg0, %c1 : i32
  %1 = call @cycle_b(%0) : (i32) -> i32
  return %1 : i32
}
func.func @cycle_b(%arg0 : i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %arg0, %c2 : i32
  %1 = call @cycle_a(%0) : (i32) -> i32
  return %1 : i32
}

// -----

// Private functions: one left without uses is erased, one called once is
// moved into its caller and erased, one called from a dead function dies
// with it, one referred to from outside any function stays.
// CHECK-NOT: @dead
// CHECK-NOT: @once
// CHECK-LABEL: func.func @live
// CHECK-NEXT: arith.constant 3
// CHECK-NEXT: return
// CHECK-NOT: @dead
// CHECK-NOT: @twice_used
// CHECK-LABEL: func.func @live_twice
// CHECK-NEXT: arith.constant 4
// CHECK-NEXT: arith.constant 4
// CHECK-NEXT: return
// CHECK-NOT: @dead
// CHECK: func.func private @referenced
// CHECK-NOT: @dead
func.func private @dead() {
  return
}
func.func private @once() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
func.func @live() -> i32 {
  %0 = call @once() : () -> i32
  return %0 : i32
}
func.func private @twice_used() -> i32 {
  %c = arith.constant 4 : i32
  return %c : i32
}
func.func @live_twice() -> (i32, i32) {
  %0 = call @twice_used() : () -> i32
  %1 = call @twice_used() : () -> i32
  return %0, %1 : i32, i32
}
func.func private @dead_callee() {
  return
}
func.func private @dead_caller() {
  call @dead_callee() : () -> ()
  return
}
func.func private @referenced() {
  return
}
memref.global "private" @g : memref<1xi32> = dense<0> {alignment = 4, sym_ref = @referenced}

// -----

// The default pipeline (canonicalize) runs on each callable before its
// calls are considered: a call_indirect of a func.constant becomes a call,
// then inlined.
func.func @cst() -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
func.func @ref() -> (() -> i32) {
  %f = constant @cst : () -> i32
  return %f : () -> i32
}
// SIMPLIFY-LABEL: func.func @inline_simplify
// SIMPLIFY-NEXT: %[[C:.*]] = arith.constant 0 : i32
// SIMPLIFY-NEXT: return %[[C]]
// CHECK-LABEL: func.func @inline_simplify
// One iteration inlines @ref; only the next simplifies what it brought.
// ONCE-LABEL: func.func @inline_simplify
// ONCE-NEXT: %[[F:.*]] = constant @cst
// ONCE-NEXT: call_indirect %[[F]]()
// CHECK-NEXT: %[[F:.*]] = constant @cst
// CHECK-NEXT: call_indirect %[[F]]()
func.func @inline_simplify() -> i32 {
  %fn = call @ref() : () -> (() -> i32)
  %res = call_indirect %fn() : () -> i32
  return %res : i32
}
