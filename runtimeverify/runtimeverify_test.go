package runtimeverify_test

import (
	"os"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/runtimeverify"
	"github.com/kiln-gpu/kiln/scf"
)

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect(), arith.Dialect(), cf.Dialect(), memref.Dialect(), scf.Dialect())
}

func registry() pass.Registry {
	reg := pass.Registry{}
	runtimeverify.Register(reg)
	return reg
}

// A program of each case fills %buf (memref<?xi64> of 4 elements, buf[k]
// = k + 1) and runs its body with %a and %b as indices; an in-bounds run
// computes the same before and after the pass, an out-of-bounds one stops
// at the assertion with MLIR's message.
const prologue = `func.func @main(%ai: i64, %bi: i64) -> i64 {
  %a = arith.index_cast %ai : i64 to index
  %b = arith.index_cast %bi : i64 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %buf = memref.alloc(%c4) : memref<?xi64>
  scf.for %k = %c0 to %c4 step %c1 {
    %kv = arith.index_cast %k : index to i64
    %v = arith.addi %kv, %one : i64
    memref.store %v, %buf[%k] : memref<?xi64>
  }
`

var cases = []struct {
	name, body string
	inBounds   [][2]int64
	// outOfBounds maps inputs to the message's text after "^ ".
	outOfBounds map[[2]int64]string
}{
	{"load", `
  %x = memref.load %buf[%a] : memref<?xi64>
  return %x : i64
}`, [][2]int64{{0, 0}, {3, 0}}, map[[2]int64]string{{4, 0}: "out-of-bounds access", {-1, 0}: "out-of-bounds access"}},
	{"store", `
  memref.store %bi, %buf[%a] : memref<?xi64>
  %x = memref.load %buf[%c0] : memref<?xi64>
  return %x : i64
}`, [][2]int64{{0, 7}, {2, 7}}, map[[2]int64]string{{5, 7}: "out-of-bounds access"}},
	{"atomics", `
  %x = memref.atomic_rmw addi %bi, %buf[%a] : (i64, memref<?xi64>) -> i64
  %y = memref.generic_atomic_rmw %buf[%b] : memref<?xi64> {
  ^bb0(%cur: i64):
    %n = arith.muli %cur, %ai : i64
    memref.atomic_yield %n : i64
  }
  %s = arith.addi %x, %y : i64
  return %s : i64
}`, [][2]int64{{1, 2}, {3, 0}}, map[[2]int64]string{{4, 0}: "out-of-bounds access", {0, 4}: "out-of-bounds access"}},
	{"subview", `
  %sv = memref.subview %buf[%a] [%b] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
  %sum = scf.for %k = %c0 to %b step %c1 iter_args(%acc = %zero) -> i64 {
    %v = memref.load %sv[%k] : memref<?xi64, strided<[1], offset: ?>>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  return %sum : i64
}`, [][2]int64{{0, 4}, {1, 2}, {3, 1}, {4, 0}}, map[[2]int64]string{
		{5, 0}: "offset 0 is out-of-bounds", {-1, 1}: "offset 0 is out-of-bounds",
		{1, 4}: "subview runs out-of-bounds along dimension 0"}},
	{"dim", `
  %d = memref.dim %buf, %a : memref<?xi64>
  %x = arith.index_cast %d : index to i64
  return %x : i64
}`, [][2]int64{{0, 0}}, map[[2]int64]string{{1, 0}: "index is out of bounds"}},
	{"cast", `
  %m = memref.alloc(%a) : memref<?xi64>
  %s = memref.cast %m : memref<?xi64> to memref<4xi64>
  %x = memref.load %s[%c0] : memref<4xi64>
  %y = arith.subi %x, %x : i64
  return %y : i64
}`, [][2]int64{{4, 0}}, map[[2]int64]string{{3, 0}: "size mismatch of dim 0"}},
	{"copy", `
  %m = memref.alloc(%a) : memref<?xi64>
  memref.copy %buf, %m : memref<?xi64> to memref<?xi64>
  %x = memref.load %m[%c1] : memref<?xi64>
  return %x : i64
}`, [][2]int64{{4, 0}}, map[[2]int64]string{{5, 0}: "size of 0-th source/target dim does not match"}},
	{"expand_shape", `
  %m = memref.alloc(%a) : memref<?xi64>
  %e = memref.expand_shape %m [[0, 1]] output_shape [%b, 2] : memref<?xi64> into memref<?x2xi64>
  %d = memref.dim %e, %c0 : memref<?x2xi64>
  %x = arith.index_cast %d : index to i64
  return %x : i64
}`, [][2]int64{{4, 2}, {6, 3}}, map[[2]int64]string{{5, 2}: "static result dims in reassoc group do not divide src dim evenly"}},
}

func TestInterpreted(t *testing.T) {
	for _, c := range cases {
		src := prologue + c.body
		before, after := interptest.Transformed(t, newContext, registry(), src, "builtin.module(generate-runtime-verification)")
		interptest.SameResults(t, c.name+": ", before, after, c.inBounds)
		for in, msg := range c.outOfBounds {
			_, err := interp.New(after).Call("main", interp.Int(in[0]), interp.Int(in[1]))
			if err == nil {
				t.Errorf("%s: main(%d, %d) ran to its end after the pass", c.name, in[0], in[1])
				continue
			}
			want := "ERROR: Runtime op verification failed\n"
			if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "\n^ "+msg+"\nLocation: loc(\"k.mlir\":") {
				t.Errorf("%s: main(%d, %d) failed with\n%v\nwant the message %q", c.name, in[0], in[1], err, msg)
			}
		}
	}
}

// TestCorpus runs the pass on every chunk of the corpora's memref and
// vector files that parses and verifies: the checks it adds verify too.
func TestCorpus(t *testing.T) {
	files := irtest.CorpusFiles(t, "mlir-main", func(rel string) bool {
		return strings.Contains(rel, "/MemRef/") || strings.Contains(rel, "Dialect/Vector/")
	})
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range ir.SplitInput(string(data)) {
			m, err := ir.Parse(kiln.NewContext(), chunk, f)
			if err != nil || ir.Verify(m) != nil {
				continue
			}
			before := asserts(m)
			runtimeverify.Generate(m, i%2)
			if err := ir.Verify(m); err != nil {
				t.Errorf("%s chunk %d: the checks do not verify: %v", f, i, err)
			}
			if asserts(m) > before {
				checked++
			}
		}
	}
	t.Logf("%d chunks got checks", checked)
	if checked == 0 {
		t.Error("no chunk got a check")
	}
}

// asserts counts the cf.assert ops in m.
func asserts(m *ir.Operation) int {
	n := 0
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "cf.assert" {
			n++
		}
		return true
	})
	return n
}
