package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

// cseLoads reads one element again after stores to it: cse may merge only
// the loads with no store between them.
const cseLoads = `func.func @main(%a: i64, %b: i64) -> (i64, i64, i64, i64) {
  %m = memref.alloca() : memref<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %a, %m[%c0] : memref<2xi64>
  memref.store %b, %m[%c1] : memref<2xi64>
  %0 = memref.load %m[%c0] : memref<2xi64>
  %1 = memref.load %m[%c1] : memref<2xi64>
  %2 = memref.load %m[%c0] : memref<2xi64>
  %s = arith.addi %1, %2 : i64
  memref.store %s, %m[%c0] : memref<2xi64>
  %3 = memref.load %m[%c0] : memref<2xi64>
  %4 = memref.load %m[%c0] : memref<2xi64>
  %5 = arith.muli %3, %4 : i64
  %6 = arith.addi %4, %3 : i64
  %7 = arith.addi %3, %4 : i64
  return %0, %5, %6, %7 : i64, i64, i64, i64
}`

// TestCSEKeepsResults runs cseLoads in the interpreter before and after
// cse, which merges two of the loads and the commuted add.
func TestCSEKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	newCtx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), memref.Dialect())
	before, after := interptest.Transformed(t, newCtx, reg, cseLoads, "builtin.module(func.func(cse))")
	text := after.String()
	if loads, adds := strings.Count(text, "memref.load"), strings.Count(text, "arith.addi"); loads != 3 || adds != 2 {
		t.Errorf("after cse: %d loads, %d adds, want 3 and 2:\n%s", loads, adds, after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {3, 4}, {-7, 9}})
}

// sccpCalls passes constants and the inputs through private functions,
// one recursive: sccp may replace only what does not depend on the inputs.
const sccpCalls = `func.func private @scale(%x: i64, %k: i64) -> (i64, i64) {
  %0 = arith.muli %x, %k : i64
  %c10 = arith.constant 10 : i64
  return %0, %c10 : i64, i64
}
func.func private @down(%n: i64, %k: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %c0 : i64
  cf.cond_br %done, ^ret, ^rec
^ret:
  return %k : i64
^rec:
  %m = arith.subi %n, %c1 : i64
  %r = call @down(%m, %k) : (i64, i64) -> i64
  return %r : i64
}
func.func @main(%a: i64, %b: i64) -> (i64, i64, i64, i64) {
  %c3 = arith.constant 3 : i64
  %p:2 = call @scale(%a, %c3) : (i64, i64) -> (i64, i64)
  %q:2 = call @scale(%b, %c3) : (i64, i64) -> (i64, i64)
  %n = arith.andi %b, %c3 : i64
  %d = call @down(%n, %c3) : (i64, i64) -> i64
  return %p#0, %q#1, %d, %q#0 : i64, i64, i64, i64
}`

// TestSCCPCallsKeepResults runs sccpCalls in the interpreter before and
// after sccp, which finds @scale's second result and @down's result.
func TestSCCPCallsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	newCtx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), memref.Dialect(), cf.Dialect())
	before, after := interptest.Transformed(t, newCtx, reg, sccpCalls, "builtin.module(sccp)")
	if text := after.String(); !strings.Contains(text, "return %0#0, %c10_i64, %c3_i64, %1#0") {
		t.Errorf("after sccp, want @main to return the constants 10 and 3:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {3, 4}, {-7, 9}})
}

// cseRegions computes the same scf.if twice and a different one: cse
// merges the first two.
const cseRegions = `func.func @main(%a: i64, %b: i64) -> (i64, i64, i64) {
  %c = arith.cmpi slt, %a, %b : i64
  %x = scf.if %c -> (i64) {
    %s = arith.subi %b, %a : i64
    scf.yield %s : i64
  } else {
    scf.yield %a : i64
  }
  %y = scf.if %c -> (i64) {
    %s = arith.subi %b, %a : i64
    scf.yield %s : i64
  } else {
    scf.yield %a : i64
  }
  %z = scf.if %c -> (i64) {
    %s = arith.subi %a, %b : i64
    scf.yield %s : i64
  } else {
    scf.yield %a : i64
  }
  return %x, %y, %z : i64, i64, i64
}`

// TestCSERegionsKeepResults runs cseRegions before and after cse.
func TestCSERegionsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	newCtx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), scf.Dialect())
	before, after := interptest.Transformed(t, newCtx, reg, cseRegions, "builtin.module(func.func(cse))")
	if n := strings.Count(after.String(), "scf.if"); n != 2 {
		t.Errorf("after cse: %d scf.if, want 2:\n%s", n, after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {3, 4}, {9, -7}})
}

// TestHoistPureOpsKeepsResults runs kernels with branches, regions and
// calls before and after hoist-pure-ops.
func TestHoistPureOpsKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	newCtx := irtest.ContextWith(arith.Dialect(), fn.Dialect(), scf.Dialect(), cf.Dialect(), memref.Dialect())
	for name, kernel := range map[string]string{"regions": cseRegions, "calls": sccpCalls, "loads": cseLoads} {
		before, after := interptest.Transformed(t, newCtx, reg, kernel, "builtin.module(hoist-pure-ops)")
		interptest.SameResults(t, name+": ", before, after, [][2]int64{{0, 0}, {3, 4}, {9, -7}})
	}
}
