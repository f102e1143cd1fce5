package toscf_test

import (
	"regexp"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/cf/toscf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/tocf"
	"github.com/kiln-gpu/kiln/ub"
)

var newContext = irtest.ContextWith(scf.Dialect(), cf.Dialect(), arith.Dialect(), fn.Dialect(), ub.Dialect())

// kernels each define @main(%a: index, %b: index) whose results the
// lifting must keep for every input pair.
var kernels = map[string]string{
	"diamond": `func.func @main(%a: index, %b: index) -> index {
  %c = arith.cmpi slt, %a, %b : index
  cf.cond_br %c, ^bb1, ^bb2(%b : index)
^bb1:
  %s = arith.subi %b, %a : index
  cf.br ^bb2(%s : index)
^bb2(%r: index):
  return %r : index
}`,
	// Sum of 0..a-1 with the count, both used after the loop.
	"counted-loop": `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%i: index, %s: index):
  %c = arith.cmpi slt, %i, %a : index
  cf.cond_br %c, ^body, ^exit
^body:
  %s2 = arith.addi %s, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %s2 : index, index)
^exit:
  return %s, %i : index, index
}`,
	// Two exits from the loop, one through a value defined in the body,
	// and two returns.
	"multi-exit": `func.func @main(%a: index, %b: index) -> index {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  cf.br ^head(%a : index)
^head(%x: index):
  %done = arith.cmpi sge, %x, %b : index
  cf.cond_br %done, ^out(%x : index), ^body
^body:
  %y = arith.muli %x, %c7 : index
  %odd = arith.andi %y, %c1 : index
  %isodd = arith.cmpi eq, %odd, %c1 : index
  %z = arith.addi %x, %c1 : index
  cf.cond_br %isodd, ^early, ^head(%z : index)
^early:
  %r = arith.addi %y, %b : index
  return %r : index
^out(%o: index):
  return %o : index
}`,
	// Irreducible: the loop is entered at either block.
	"multi-entry": `func.func @main(%a: index, %b: index) -> index {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %c = arith.cmpi ult, %a, %c3 : index
  cf.cond_br %c, ^p(%a : index), ^q(%b : index)
^p(%x: index):
  %x2 = arith.addi %x, %c3 : index
  %pe = arith.cmpi ugt, %x2, %c20 : index
  cf.cond_br %pe, ^end(%x2 : index), ^q(%x2 : index)
^q(%y: index):
  %y2 = arith.addi %y, %c1 : index
  %qe = arith.cmpi ugt, %y2, %c20 : index
  cf.cond_br %qe, ^end(%y2 : index), ^p(%y2 : index)
^end(%e: index):
  return %e : index
}`,
	"switch": `func.func @main(%a: index, %b: index) -> index {
  %f = arith.index_cast %a : index to i32
  cf.switch %f : i32, [
    default: ^d,
    0: ^z(%b : index),
    2: ^t,
    -1: ^z(%a : index)
  ]
^d:
  %m = arith.muli %a, %b : index
  cf.br ^z(%m : index)
^t:
  %s = arith.subi %a, %b : index
  return %s : index
^z(%r: index):
  %r2 = arith.addi %r, %a : index
  return %r2 : index
}`,
	"nested-loops": `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^outer(%c0, %c0 : index, index)
^outer(%i: index, %acc: index):
  %ci = arith.cmpi slt, %i, %a : index
  cf.cond_br %ci, ^inner(%c0, %acc : index, index), ^done
^inner(%j: index, %acc2: index):
  %cj = arith.cmpi slt, %j, %b : index
  cf.cond_br %cj, ^step(%j, %acc2 : index, index), ^next(%acc2 : index)
^step(%j0: index, %acc3: index):
  %p = arith.muli %i, %j0 : index
  %acc4 = arith.addi %acc3, %p : index
  %j2 = arith.addi %j0, %c1 : index
  cf.br ^inner(%j2, %acc4 : index, index)
^next(%acc5: index):
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2, %acc5 : index, index)
^done:
  return %acc : index
}`,
	// The loop's blocks are in a region nested in scf.execute_region.
	"nested-region": `func.func @main(%a: index, %b: index) -> index {
  %r = scf.execute_region -> index {
    %c = arith.cmpi eq, %a, %b : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : index
  ^bb2:
    %s = arith.addi %a, %b : index
    scf.yield %s : index
  }
  return %r : index
}`,
}

var cfOp = regexp.MustCompile(`\bcf\.`)

// TestLiftKeepsResults runs each kernel in the interpreter before and after
// lift-cf-to-scf: the results must agree, and no cf op may be left.
func TestLiftKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	toscf.Register(reg)
	for name, src := range kernels {
		t.Run(name, func(t *testing.T) {
			before, after := interptest.Transformed(t, newContext, reg, src, "builtin.module(lift-cf-to-scf)")
			if err := ir.Verify(after); err != nil {
				t.Fatalf("%v\n%s", err, after)
			}
			if text := after.String(); cfOp.MatchString(text) {
				t.Fatalf("cf op left:\n%s", text)
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {2, 7}, {3, 3}, {5, 2}, {9, 4}, {-1, 2}, {25, 1}})
		})
	}
}

// structured are scf programs that convert-scf-to-cf lowers to a graph
// for the lifting to raise again.
var structured = map[string]string{
	"for-in-while": `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.while (%x = %a, %n = %c0) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %x, %b : index
    scf.condition(%c) %x, %n : index, index
  } do {
  ^bb0(%x: index, %n: index):
    %s = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %n) -> (index) {
      %t = arith.addi %acc, %i : index
      scf.yield %t : index
    }
    %x2 = arith.addi %x, %c3 : index
    scf.yield %x2, %s : index, index
  }
  return %r#0, %r#1 : index, index
}`,
	"switch-in-for": `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> (index) {
    %k = arith.remui %i, %c4 : index
    %v = scf.index_switch %k -> index
    case 0 {
      scf.yield %b : index
    }
    case 2 {
      %m = arith.muli %acc, %b : index
      scf.yield %m : index
    }
    default {
      %neg = arith.cmpi slt, %acc, %c0 : index
      %d = scf.if %neg -> index {
        scf.yield %c1 : index
      } else {
        scf.yield %i : index
      }
      scf.yield %d : index
    }
    %t = arith.addi %acc, %v : index
    scf.yield %t : index
  }
  return %s : index
}`,
}

// TestRoundTrip lowers each program with convert-scf-to-cf, lifts it
// back, and compares the results with the original in the interpreter.
func TestRoundTrip(t *testing.T) {
	reg := pass.Registry{}
	toscf.Register(reg)
	tocf.Register(reg)
	for name, src := range structured {
		t.Run(name, func(t *testing.T) {
			before, after := interptest.Transformed(t, newContext, reg, src, "builtin.module(convert-scf-to-cf, lift-cf-to-scf)")
			if err := ir.Verify(after); err != nil {
				t.Fatalf("%v\n%s", err, after)
			}
			if text := after.String(); cfOp.MatchString(text) {
				t.Fatalf("cf op left:\n%s", text)
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {2, 7}, {3, 3}, {5, 2}, {9, 4}, {-1, 2}})
		})
	}
}
