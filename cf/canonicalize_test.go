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
	{name: "identical successors with different operands select",
		in: `func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %a : i32, i32), ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  "test.use"(%y) : (i32) -> ()
  return %x : i32
}`,
		out: `func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  %0 = arith.select %arg0, %arg1, %arg2 : i32
  "test.use"(%arg1) : (i32) -> ()
  return %0 : i32
}`},
	{name: "identical successors with other predecessors stay",
		in: `func.func @f(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb2:
  "test.use"() : () -> ()
  cf.cond_br %d, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}`,
		out: `func.func @f(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
  cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb1
^bb1:  // pred: ^bb0
  "test.use"() : () -> ()
  cf.cond_br %arg1, ^bb2(%arg2 : i32), ^bb2(%arg3 : i32)
^bb2(%0: i32):  // 3 preds: ^bb0, ^bb1, ^bb1
  "test.use"(%0) : (i32) -> ()
  return %0 : i32
}`},
	{name: "the condition is known in a successor reached by one edge",
		in: `func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  return
^bb2:
  "test.use"(%c) : (i1) -> ()
  return
}`,
		out: `func.func @f(%arg0: i1) {
  %true = arith.constant true
  %false = arith.constant false
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:  // pred: ^bb0
  "test.use"(%true) : (i1) -> ()
  return
^bb2:  // pred: ^bb0
  "test.use"(%false) : (i1) -> ()
  return
}`},
	{name: "a successor that is only ub.unreachable is dropped",
		in: `func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"() : () -> ()
  return
^bb2:
  %x = "test.def"() : () -> i32
  "test.use"(%x) : (i32) -> ()
  ub.unreachable
}`,
		out: `func.func @f(%arg0: i1) {
  "test.use"() : () -> ()
  return
}`},
	{name: "a cycle of pass-through blocks is not rotated",
		in: `func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb1
}`,
		out: `func.func @f() {
  cf.br ^bb1
^bb1:  // 2 preds: ^bb0, ^bb1
  cf.br ^bb1
}`},
	{name: "branches into a self-loop are not forwarded",
		// ^bb3 ends in a branch to itself, a cycle MLIR's collapseBranch
		// refuses to forward into (PR 160783), so ^bb1 and ^bb2 stay.
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
  cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
^bb1(%0: i32):  // pred: ^bb0
  cf.br ^bb3(%0, %arg2 : i32, i32)
^bb2:  // pred: ^bb0
  cf.br ^bb3(%arg2, %arg1 : i32, i32)
^bb3(%1: i32, %2: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
  "test.use"(%1, %2) : (i32, i32) -> ()
  cf.br ^bb3(%2, %1 : i32, i32)
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
  return
}`,
		out: `func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) {
  %0 = arith.select %arg0, %arg1, %arg2 : i32
  %1 = arith.select %arg0, %arg2, %arg1 : i32
  "test.use"(%0, %1) : (i32, i32) -> ()
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
