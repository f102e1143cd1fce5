package tocf_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/tocf"
	"github.com/kiln-gpu/kiln/tensor"
)

var newContext = irtest.ContextWith(scf.Dialect(), cf.Dialect(), arith.Dialect(), fn.Dialect(), memref.Dialect(), tensor.Dialect())

// kernels each define @main(%a: index, %b: index) -> (index, ...) whose
// results the conversion must keep for every input pair.
var kernels = map[string]string{
	"for-iter-args": `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %a step %c1 iter_args(%s = %c0, %p = %c1) -> (index, index) {
    %s2 = arith.addi %s, %i : index
    %p2 = arith.muli %p, %b : index
    scf.yield %s2, %p2 : index, index
  }
  return %r#0, %r#1 : index, index
}`,
	// 3 iterations compared unsigned, none signed (the bound is negative).
	"for-unsigned": `func.func @main(%a: index, %b: index) -> (index) {
  %c0 = arith.constant 0 : index
  %ub = arith.constant -4611686018427387904 : index
  %st = arith.constant 4611686018427387904 : index
  %r = scf.for unsigned %i = %a to %ub step %st iter_args(%s = %c0) -> (index) {
    %s2 = arith.addi %s, %b : index
    scf.yield %s2 : index
  }
  return %r : index
}`,
	"nested-if": `func.func @main(%a: index, %b: index) -> (index) {
  %c = arith.cmpi slt, %a, %b : index
  %d = arith.cmpi eq, %a, %b : index
  %r = scf.if %c -> index {
    %x = scf.if %d -> index {
      scf.yield %a : index
    } else {
      %s = arith.subi %b, %a : index
      scf.yield %s : index
    }
    scf.yield %x : index
  } else {
    %m = arith.muli %a, %b : index
    scf.yield %m : index
  }
  return %r : index
}`,
	"while": `func.func @main(%a: index, %b: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%x = %a, %n = %b) : (index, index) -> (index, index) {
    %c = arith.cmpi sgt, %x, %c1 : index
    scf.condition(%c) %x, %n : index, index
  } do {
  ^bb0(%x: index, %n: index):
    %h = arith.shrsi %x, %c1 : index
    %n2 = arith.addi %n, %c1 : index
    scf.yield %h, %n2 : index, index
  }
  return %r#0, %r#1 : index, index
}`,
	"do-while": `func.func @main(%a: index, %b: index) -> (index) {
  %c3 = arith.constant 3 : index
  %r = scf.while (%x = %a) : (index) -> index {
    %y = arith.addi %x, %c3 : index
    %c = arith.cmpi slt, %y, %b : index
    scf.condition(%c) %y : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  return %r : index
}`,
	"index-switch": `func.func @main(%a: index, %b: index) -> (index) {
  %r = scf.index_switch %a -> index
  case 0 {
    scf.yield %b : index
  }
  case 2 {
    %m = arith.muli %b, %b : index
    scf.yield %m : index
  }
  default {
    %s = arith.subi %a, %b : index
    scf.yield %s : index
  }
  return %r : index
}`,
	"execute-region": `func.func @main(%a: index, %b: index) -> (index) {
  %r = scf.execute_region -> index {
    %c = arith.cmpi ult, %a, %b : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : index
  ^bb2:
    %s = arith.addi %a, %b : index
    scf.yield %s : index
  }
  return %r : index
}`,
	"parallel-reduce": `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.parallel (%i, %j) = (%c0, %c1) to (%a, %b) step (%c1, %c2) init (%c0, %c1) -> (index, index) {
    %p = arith.muli %i, %j : index
    %q = arith.addi %i, %c2 : index
    scf.reduce(%p, %q : index, index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }, {
    ^bb0(%l: index, %r: index):
      %m = arith.maxsi %l, %r : index
      scf.reduce.return %m : index
    }
  }
  return %r#0, %r#1 : index, index
}`,
	"parallel-unsigned": `func.func @main(%a: index, %b: index) -> (index) {
  %c0 = arith.constant 0 : index
  %ub = arith.constant -4611686018427387904 : index
  %st = arith.constant 4611686018427387904 : index
  %r = scf.parallel unsigned (%i) = (%a) to (%ub) step (%st) init (%c0) -> index {
    scf.reduce(%b : index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %r : index
}`,
	"forall": `func.func @main(%a: index, %b: index) -> (index) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<16xindex>
  scf.forall (%i) in (16) {
    memref.store %c0, %m[%i] : memref<16xindex>
  }
  scf.forall (%i) = (0) to (%a) step (3) {
    %v = arith.addi %i, %b : index
    memref.store %v, %m[%i] : memref<16xindex>
  }
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %a step %c1 iter_args(%acc = %c0) -> (index) {
    %x = memref.load %m[%i] : memref<16xindex>
    %y = arith.addi %acc, %x : index
    scf.yield %y : index
  }
  %c3 = arith.constant 3 : index
  %t = memref.load %m[%c3] : memref<16xindex>
  %u = arith.addi %s, %t : index
  return %u : index
}`,
}

// TestConvertKeepsResults runs each kernel in the interpreter before and
// after convert-scf-to-cf on several inputs: the results must agree, and
// no converted op may be left.
func TestConvertKeepsResults(t *testing.T) {
	for name, src := range kernels {
		t.Run(name, func(t *testing.T) {
			ctx := newContext()
			before, err := ir.Parse(ctx, src, name+".mlir")
			if err != nil {
				t.Fatal(err)
			}
			after, err := ir.Parse(ctx, src, name+".mlir")
			if err != nil {
				t.Fatal(err)
			}
			if err := tocf.Convert(after); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(after); err != nil {
				t.Fatalf("%v\n%s", err, after.String())
			}
			text := after.String()
			for _, op := range []string{"scf.for", "scf.if", "scf.while", "scf.parallel", "scf.forall", "scf.index_switch", "scf.execute_region"} {
				if strings.Contains(text, op) {
					t.Fatalf("%s left:\n%s", op, text)
				}
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {2, 7}, {3, 3}, {5, 2}, {9, 4}})
		})
	}
}

// TestForallWithOutputsFails checks that a forall with shared outputs,
// which MLIR's conversion cannot lower, fails with a located error.
func TestForallWithOutputsFails(t *testing.T) {
	ctx := newContext()
	src := `func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  return %r : tensor<4xf32>
}`
	mod, err := ir.Parse(ctx, src, "f.mlir")
	if err != nil {
		t.Fatal(err)
	}
	err = tocf.Convert(mod)
	if err == nil || !strings.Contains(err.Error(), "f.mlir:2:8: error: failed to legalize operation 'scf.forall'") {
		t.Fatalf("got %v", err)
	}
}
