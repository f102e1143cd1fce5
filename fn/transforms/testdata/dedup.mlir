// RUN: kiln opt %s --split-input-file --allow-unregistered-dialect --duplicate-function-elimination | FileCheck %s

// Functions with branches are compared block by block: @loop2 matches
// @loop (other names, other locations), @loop_swapped branches to its
// blocks the other way round and @loop_arg passes its exit block an i64,
// so both stay. Every reference is renamed, also inside an attribute's
// array and dictionary.
// CHECK-LABEL: func.func @loop(
// CHECK-NOT:   func.func @loop2(
// CHECK:       func.func @loop_swapped(
// CHECK:       func.func @loop_arg(
// CHECK:       func.func @user(
// CHECK-NEXT:    call @loop(
// CHECK-NEXT:    call @loop(
// CHECK-NEXT:    call @loop_swapped(
// CHECK-NEXT:    "test.refs"() {refs = [@loop, {f = @loop}, @loop_arg]}
func.func @loop(%n: i32, %c: i1) -> i32 {
  cf.br ^head(%n : i32)
^head(%i: i32):
  cf.cond_br %c, ^body, ^exit(%i : i32)
^body:
  %one = arith.constant 1 : i32
  %d = arith.subi %i, %one : i32
  cf.br ^head(%d : i32)
^exit(%r: i32):
  return %r : i32
}

func.func @loop2(%m: i32, %cond: i1) -> i32 {
  cf.br ^a(%m : i32) loc("elsewhere")
^a(%x: i32):
  cf.cond_br %cond, ^b, ^c(%x : i32)
^b:
  %k = arith.constant 1 : i32
  %y = arith.subi %x, %k : i32
  cf.br ^a(%y : i32)
^c(%z: i32):
  return %z : i32
}

func.func @loop_swapped(%n: i32, %c: i1) -> i32 {
  cf.br ^head(%n : i32)
^head(%i: i32):
  cf.cond_br %c, ^exit(%i : i32), ^body
^body:
  %one = arith.constant 1 : i32
  %d = arith.subi %i, %one : i32
  cf.br ^head(%d : i32)
^exit(%r: i32):
  return %r : i32
}

func.func @loop_arg(%n: i32, %c: i1) -> i32 {
  cf.br ^head(%n : i32)
^head(%i: i32):
  %e = arith.extsi %i : i32 to i64
  cf.cond_br %c, ^body, ^exit(%e : i64)
^body:
  %one = arith.constant 1 : i32
  %d = arith.subi %i, %one : i32
  cf.br ^head(%d : i32)
^exit(%r: i64):
  %t = arith.trunci %r : i64 to i32
  return %t : i32
}

func.func @user(%n: i32, %c: i1) {
  %0 = call @loop(%n, %c) : (i32, i1) -> i32
  %1 = call @loop2(%n, %c) : (i32, i1) -> i32
  %2 = call @loop_swapped(%n, %c) : (i32, i1) -> i32
  "test.refs"() {refs = [@loop2, {f = @loop2}, @loop_arg]} : () -> ()
  return
}

// -----

// Attributes count, but for the name: another visibility, argument
// attribute or discardable attribute keeps a function; an operand order
// inside the body does too, even for a commutative op (@commuted).
// CHECK-LABEL: func.func @base(
// CHECK:       func.func private @private_copy(
// CHECK:       func.func @arg_attr_copy(
// CHECK:       func.func @discardable_copy(
// CHECK:       func.func @swapped(
// CHECK-NOT:   func.func @same(
// CHECK:       func.func @add(
// CHECK:       func.func @commuted(
// CHECK:       func.func @user(
// CHECK-COUNT-2: call @base(
// CHECK-NEXT:    call @add(
// CHECK-NEXT:    call @commuted(
func.func @base(%a: i32, %b: i32) -> i32 {
  %s = arith.subi %a, %b : i32
  return %s : i32
}
func.func private @private_copy(%a: i32, %b: i32) -> i32 {
  %s = arith.subi %a, %b : i32
  return %s : i32
}
func.func @arg_attr_copy(%a: i32 {test.arg}, %b: i32) -> i32 {
  %s = arith.subi %a, %b : i32
  return %s : i32
}
func.func @discardable_copy(%a: i32, %b: i32) -> i32 attributes {test.fn} {
  %s = arith.subi %a, %b : i32
  return %s : i32
}
func.func @swapped(%a: i32, %b: i32) -> i32 {
  %s = arith.subi %b, %a : i32
  return %s : i32
}
func.func @same(%a: i32, %b: i32) -> i32 {
  %s = arith.subi %a, %b : i32
  return %s : i32
}
func.func @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func @commuted(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %b, %a : i32
  return %s : i32
}
func.func @user(%a: i32) {
  %0 = call @base(%a, %a) : (i32, i32) -> i32
  %1 = call @same(%a, %a) : (i32, i32) -> i32
  %2 = call @add(%a, %a) : (i32, i32) -> i32
  %3 = call @commuted(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// Each symbol table is deduplicated on its own: the nested module keeps
// its @f, a duplicate of the outer one, and drops its @g.
// CHECK-LABEL: func.func @f(
// CHECK:       module @inner {
// CHECK-NEXT:    func.func @f(
// CHECK-NOT:     func.func @g(
// CHECK:         func.func @h(
// CHECK-NEXT:      call @f()
// CHECK-NEXT:      call @f()
func.func @f() {
  return
}
module @inner {
  func.func @f() {
    return
  }
  func.func @g() {
    return
  }
  func.func @h() {
    call @f() : () -> ()
    call @g() : () -> ()
    return
  }
}

// -----

// Renaming an outer duplicate leaves a nested table's references alone:
// @nested's call still names its own @q.
// CHECK-LABEL: func.func @p(
// CHECK-NOT:   func.func @q(
// CHECK:       module @nested {
// CHECK-NEXT:    func.func @q(
// CHECK:         func.func @r(
// CHECK-NEXT:      call @q()
func.func @p() {
  return
}
func.func @q() {
  return
}
module @nested {
  func.func @q() {
    %c = arith.constant 1 : i32
    return
  }
  func.func @r() {
    call @q() : () -> ()
    return
  }
}
