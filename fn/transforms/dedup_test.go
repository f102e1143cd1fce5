package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/fn/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// calls has two copies of a function with branches (@clamp, @clamp_copy),
// one that differs only in a branch's direction (@clamp_swapped) and one
// in an operand order (@diff_swapped against @diff).
const calls = `func.func @clamp(%x: i64, %hi: i64) -> i64 {
  %c = arith.cmpi sgt, %x, %hi : i64
  cf.cond_br %c, ^high, ^low
^high:
  return %hi : i64
^low:
  return %x : i64
}
func.func @clamp_copy(%y: i64, %h: i64) -> i64 {
  %c = arith.cmpi sgt, %y, %h : i64
  cf.cond_br %c, ^a, ^b
^a:
  return %h : i64
^b:
  return %y : i64
}
func.func @clamp_swapped(%x: i64, %hi: i64) -> i64 {
  %c = arith.cmpi sgt, %x, %hi : i64
  cf.cond_br %c, ^low, ^high
^high:
  return %hi : i64
^low:
  return %x : i64
}
func.func @diff(%a: i64, %b: i64) -> i64 {
  %d = arith.subi %a, %b : i64
  return %d : i64
}
func.func @diff_swapped(%a: i64, %b: i64) -> i64 {
  %d = arith.subi %b, %a : i64
  return %d : i64
}
func.func @main(%a: i64, %b: i64) -> (i64, i64, i64, i64) {
  %0 = func.call @clamp(%a, %b) : (i64, i64) -> i64
  %1 = func.call @clamp_copy(%b, %a) : (i64, i64) -> i64
  %2 = func.call @clamp_swapped(%a, %b) : (i64, i64) -> i64
  %3 = func.call @diff(%0, %1) : (i64, i64) -> i64
  %4 = func.call @diff_swapped(%2, %3) : (i64, i64) -> i64
  return %0, %1, %2, %4 : i64, i64, i64, i64
}`

// TestDedupKeepsResults runs @main in the interpreter before and after
// duplicate-function-elimination: the results agree, and only the copy is
// gone.
func TestDedupKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	ctx := irtest.ContextWith(fn.Dialect(), arith.Dialect(), cf.Dialect())
	before, after := interptest.Transformed(t, ctx, reg, calls, "builtin.module(duplicate-function-elimination)")
	text := after.String()
	if strings.Contains(text, "@clamp_copy") {
		t.Errorf("@clamp_copy left:\n%s", text)
	}
	for _, kept := range []string{"func.func @clamp_swapped", "func.func @diff_swapped", "func.func @diff("} {
		if !strings.Contains(text, kept) {
			t.Errorf("%s erased:\n%s", kept, text)
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {3, 1}, {1, 3}, {-4, 8}, {9, -2}})
}
