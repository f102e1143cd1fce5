package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/arith/transforms"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

var newContext = irtest.ContextWith(arith.Dialect(), fn.Dialect(), scf.Dialect(), cf.Dialect(), index.Dialect(), memref.Dialect())

// rangeKernel computes with values whose ranges the analysis bounds:
// clamps, masks, remainders, divisions, extensions, a loop and a while
// loop, so that each pass has something to rewrite.
const rangeKernel = `
func.func @main(%a: i32, %b: i32) -> (i32, i32, i1, i64, i32, index, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c64 = arith.constant 64 : i32
  %c100 = arith.constant 100 : i32
  %lo = arith.maxsi %a, %c0 : i32
  %x = arith.minsi %lo, %c100 : i32
  %m = arith.andi %b, %c64 : i32
  %r = arith.remsi %m, %c100 : i32
  %d = arith.floordivsi %x, %c7 : i32
  %q = arith.ceildivsi %x, %c7 : i32
  %s = arith.addi %d, %q : i32
  %lt = arith.cmpi slt, %x, %c100 : i32
  %e = arith.extsi %s : i32 to i64
  %ea = arith.extui %m : i32 to i64
  %w = arith.addi %e, %ea : i64
  %sum = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %c0) -> i32 : i32 {
    %t = arith.remsi %i, %c7 : i32
    %n = arith.addi %acc, %t : i32
    scf.yield %n : i32
  }
  %cx = arith.index_cast %x : i32 to index
  %c3 = arith.constant 3 : index
  %cnt = scf.while (%k = %cx) : (index) -> index {
    %more = arith.cmpi sgt, %k, %c3 : index
    scf.condition(%more) %k : index
  } do {
  ^bb0(%k: index):
    %c2 = arith.constant 2 : index
    %h = arith.divsi %k, %c2 : index
    scf.yield %h : index
  }
  %neg = arith.subi %c0, %x : i32
  %nr = arith.remsi %neg, %c7 : i32
  return %r, %s, %lt, %w, %sum, %cnt, %nr : i32, i32, i1, i64, i32, index, i32
}`

// TestIntRangePassesKeepResults runs the kernel in the interpreter before
// and after each pass on the range analysis: the results must agree, and
// each pass must have changed the program.
func TestIntRangePassesKeepResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	fewer := func(op string) func(before, after string) bool {
		return func(before, after string) bool { return strings.Count(after, op) < strings.Count(before, op) }
	}
	for _, tc := range []struct {
		pipeline string
		changed  func(before, after string) bool
	}{
		{"int-range-optimizations", fewer("arith.remsi")},
		{"arith-unsigned-when-equivalent", fewer("arith.cmpi sgt")},
		{"arith-int-range-narrowing{int-bitwidths-supported=8,16}", func(_, after string) bool { return strings.Contains(after, "arith.trunci") }},
	} {
		t.Run(tc.pipeline, func(t *testing.T) {
			before, after := interptest.Transformed(t, newContext, reg, rangeKernel, "builtin.module(func.func("+tc.pipeline+"))")
			if !tc.changed(before.String(), after.String()) {
				t.Fatalf("%s did not rewrite the kernel:\n%s", tc.pipeline, after)
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {5, 64}, {-3, -1}, {99, 65}, {100, 127}, {1000, -64}, {37, 1 << 30}})
		})
	}
}
