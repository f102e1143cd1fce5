package cf_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// Each case is MLIR text before and after canonicalization (the greedy
// driver with every loaded dialect's patterns, folding, dead-op and
// unreachable-block removal). Constants come from the test dialect's
// test.constant.
var canonicalizations = []struct{ name, in, out string }{
	{name: "assert true is erased",
		in: `func.func @f(%c: i1) {
  %t = "test.constant"() <{value = true}> : () -> i1
  cf.assert %t, "always"
  cf.assert %c, "maybe"
  return
}`,
		out: `func.func @f(%arg0: i1) {
  cf.assert %arg0, "maybe"
  return
}`},
	{name: "cond_br on a constant",
		in: `func.func @f(%a: i32, %b: i32) -> i32 {
  %t = "test.constant"() <{value = false}> : () -> i1
  cf.cond_br %t, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb2(%x : i32)
^bb2(%y: i32):
  return %y : i32
}`,
		out: `func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  return %arg1 : i32
}`},
	{name: "cond_br to identical successors",
		in: `func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}`,
		out: `func.func @f(%arg0: i1, %arg1: i32) -> i32 {
  "test.use"(%arg1) : (i32) -> ()
  return %arg1 : i32
}`},
	{name: "identical successors with different operands stay",
		in: `func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}`,
		out: `func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
  return %0 : i32
}`},
	{name: "branches through pass-through blocks are forwarded",
		in: `func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%p: i32, %q: i32):
  "test.use"(%p, %q) : (i32, i32) -> ()
  cf.br ^bb3(%q, %p : i32, i32)
}`,
		out: `func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) {
  cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb1(%arg2, %arg1 : i32, i32)
^bb1(%0: i32, %1: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
  "test.use"(%0, %1) : (i32, i32) -> ()
  cf.br ^bb1(%1, %0 : i32, i32)
}`},
	{name: "br to a single-predecessor block merges it",
		in: `func.func @f(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  return %x : i32
}`,
		out: `func.func @f(%arg0: i32) -> i32 {
  return %arg0 : i32
}`},
	{name: "cond_br on the condition of its only predecessor",
		in: `func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb2:
  "test.other"() : () -> ()
  return
^bb3:
  "test.yes"() : () -> ()
  return
^bb4:
  "test.no"() : () -> ()
  return
}`,
		out: `func.func @f(%arg0: i1) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:  // pred: ^bb0
  "test.use"() : () -> ()
  "test.yes"() : () -> ()
  return
^bb2:  // pred: ^bb0
  "test.other"() : () -> ()
  return
}`},
	{name: "switch on a constant",
		in: `func.func @f(%a: i32) {
  %k = "test.constant"() <{value = 43 : i32}> : () -> i32
  cf.switch %k : i32, [
    default: ^bb1,
    42: ^bb2(%a : i32),
    43: ^bb3(%a : i32)
  ]
^bb1:
  "test.default"() : () -> ()
  return
^bb2(%x: i32):
  "test.a"(%x) : (i32) -> ()
  return
^bb3(%y: i32):
  "test.b"(%y) : (i32) -> ()
  return
}`,
		out: `func.func @f(%arg0: i32) {
  "test.b"(%arg0) : (i32) -> ()
  return
}`},
	{name: "switch cases matching the default are dropped, then only the default",
		in: `func.func @f(%flag: i32, %a: i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32),
    43: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return
}`,
		out: `func.func @f(%arg0: i32, %arg1: i32) {
  "test.use"(%arg1) : (i32) -> ()
  return
}`},
	{name: "switch forwards through pass-through blocks",
		in: `func.func @f(%flag: i32, %a: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    7: ^bb2(%a : i32)
  ]
^bb1:
  cf.br ^bb3(%flag : i32)
^bb2(%x: i32):
  cf.br ^bb3(%x : i32)
^bb3(%y: i32):
  "test.use"(%y) : (i32) -> ()
  return
}`,
		out: `func.func @f(%arg0: i32, %arg1: i32) {
  cf.switch %arg0 : i32, [
    default: ^bb1(%arg0 : i32),
    7: ^bb1(%arg1 : i32)
  ]
^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
  "test.use"(%0) : (i32) -> ()
  return
}`},
	{name: "an infinite loop is not forwarded",
		in: `func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}`,
		out: `func.func @f() {
  cf.br ^bb1
^bb1:  // 2 preds: ^bb0, ^bb1
  cf.br ^bb1
}`},
}

func TestCanonicalize(t *testing.T) {
	for _, tc := range canonicalizations {
		t.Run(tc.name, func(t *testing.T) {
			if got := irtest.Transformed(t, newContext, tc.in, ir.PrintOptions{}, canonicalize); got != tc.out {
				t.Errorf("got\n%s\nwant\n%s", got, tc.out)
			}
		})
	}
}
