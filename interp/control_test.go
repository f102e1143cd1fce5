package interp

import (
	"fmt"
	"testing"
)

func TestCFGLoopAndCalls(t *testing.T) {
	r := mustRun(t, `func.func @sum(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %c0 : i32, i32)
^loop(%i: i32, %acc: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%acc : i32), ^body
^body:
  %i1 = arith.addi %i, %c1 : i32
  %a1 = arith.addi %acc, %i1 : i32
  cf.br ^loop(%i1, %a1 : i32, i32)
^exit(%r: i32):
  return %r : i32
}
func.func @main(%n: i32) -> (i32, i32) {
  %s = call @sum(%n) : (i32) -> i32
  cf.switch %n : i32, [
    default: ^d,
    10: ^ten
  ]
^d:
  %m1 = arith.constant -1 : i32
  return %s, %m1 : i32, i32
^ten:
  %t = arith.constant 10 : i32
  return %s, %t : i32, i32
}`, Int(10))
	if got := fmt.Sprint(r); got != "[55 10]" {
		t.Fatalf("got %s", got)
	}
}

func TestSCF(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %sum = "scf.for"(%c0, %c5, %c1, %z) ({
  ^bb0(%iv: index, %acc: i32):
    %x = arith.index_cast %iv : index to i32
    %n = arith.addi %acc, %x : i32
    "scf.yield"(%n) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  %cond = arith.cmpi eq, %sum, %z : i32
  %sel = "scf.if"(%cond) ({
    "scf.yield"(%one) : (i32) -> ()
  }, {
    "scf.yield"(%sum) : (i32) -> ()
  }) : (i1) -> i32
  %w = "scf.while"(%one) ({
  ^bb0(%v: i32):
    %lim = arith.constant 100 : i32
    %c = arith.cmpi slt, %v, %lim : i32
    "scf.condition"(%c, %v) : (i1, i32) -> ()
  }, {
  ^bb0(%v: i32):
    %d = arith.addi %v, %v : i32
    "scf.yield"(%d) : (i32) -> ()
  }) : (i32) -> i32
  %sw = "scf.index_switch"(%c1) <{cases = array<i64: 0, 1>}> ({
    "scf.yield"(%z) : (i32) -> ()
  }, {
    "scf.yield"(%one) : (i32) -> ()
  }, {
    "scf.yield"(%w) : (i32) -> ()
  }) : (index) -> i32
  return %sum, %sel, %w, %sw : i32, i32, i32, i32
}`)
	if got := fmt.Sprint(r); got != "[10 10 128 128]" {
		t.Fatalf("got %s", got)
	}
}

func TestSCFParallelReduce(t *testing.T) {
	r := mustRun(t, `func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i32
  %r = "scf.parallel"(%c0, %c0, %c3, %c3, %c1, %c1, %z) <{operandSegmentSizes = array<i32: 2, 2, 2, 1>}> ({
  ^bb0(%i: index, %j: index):
    %p = arith.muli %i, %j : index
    %x = arith.index_cast %p : index to i32
    "scf.reduce"(%x) ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      "scf.reduce.return"(%s) : (i32) -> ()
    }) : (i32) -> ()
  }) : (index, index, index, index, index, index, i32) -> i32
  return %r : i32
}`)
	if got := fmt.Sprint(r); got != "[9]" {
		t.Fatalf("got %s", got)
	}
}

func TestErrorsAreLocated(t *testing.T) {
	wantError(t, `func.func private @missing()
func.func @main() {
  call @missing() : () -> ()
  return
}`, "'missing' that the interpreter does not provide")
	wantError(t, `func.func @main() {
  "test.unknown"() : () -> ()
  return
}`, "does not support 'test.unknown'")
	wantError(t, `func.func @main() {
  %f = arith.constant false
  cf.assert %f, "boom"
  return
}`, "assertion failed: boom")
	wantError(t, `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  "scf.for"(%c0, %c2, %c0) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}`, "step must be positive")
}

func TestStepLimit(t *testing.T) {
	m := New(parse(t, newContext(), `func.func @main() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}`))
	m.MaxSteps = 1000
	if m.StepLimitReached() {
		t.Fatal("the step limit is reached before the run")
	}
	if _, err := m.Call("main"); err == nil {
		t.Fatal("expected the step limit to stop an infinite loop")
	}
	if !m.StepLimitReached() {
		t.Fatal("StepLimitReached is false after the step limit stopped the run")
	}
	// Another error is not the step limit, and the count starts again.
	m = New(parse(t, newContext(), `func.func @main() {
  %z = arith.constant 0 : index
  %m = "memref.alloc"(%z) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
  %v = "memref.load"(%m, %z) : (memref<?xf32>, index) -> f32
  return
}`))
	m.MaxSteps = 1000
	if _, err := m.Call("main"); err == nil || m.StepLimitReached() {
		t.Fatalf("an out-of-bounds load: error %v, StepLimitReached %v", err, m.StepLimitReached())
	}
}

func TestIndexDialectOps(t *testing.T) {
	r := mustRun(t, `func.func @main() -> (i32, index, index, index) {
  %a = "index.constant"() <{value = -7 : index}> : () -> index
  %b = "index.constant"() <{value = 2 : index}> : () -> index
  %n = arith.constant -1 : i32
  %u = "index.castu"(%n) : (i32) -> index
  %s = "index.casts"(%n) : (i32) -> index
  %t = "index.castu"(%a) : (index) -> i32
  %q = "index.floordivs"(%a, %b) : (index, index) -> index
  return %t, %u, %s, %q : i32, index, index, index
}`)
	if got := fmt.Sprint(r); got != "[4294967289 4294967295 -1 -4]" {
		t.Fatalf("got %s", got)
	}
}

func TestIndirectCalls(t *testing.T) {
	r := mustRun(t, `func.func @twice(%x: i32) -> i32 {
  %r = arith.addi %x, %x : i32
  return %r : i32
}
func.func @main() -> i32 {
  %f = constant @twice : (i32) -> i32
  %c = arith.constant 21 : i32
  %r = call_indirect %f(%c) : (i32) -> i32
  return %r : i32
}`)
	if got := fmt.Sprint(r); got != "[42]" {
		t.Fatalf("got %s", got)
	}
}

func TestRunawayRecursion(t *testing.T) {
	wantError(t, `func.func @f() {
  call @f() : () -> ()
  return
}
func.func @main() {
  call @f() : () -> ()
  return
}`, "call depth exceeds")
}
