package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// reallocKernel fills a buffer of %a elements with 10*i, reallocates it to
// %b elements and returns the sum of the elements both sizes keep and the
// new size. The interpreter has no memref.realloc, so the expanded program
// is checked against reallocWant, the same results by arithmetic.
const reallocKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %m = memref.alloc(%a) : memref<?xindex>
  scf.for %i = %c0 to %a step %c1 {
    %v = arith.muli %i, %c10 : index
    memref.store %v, %m[%i] : memref<?xindex>
  }
  %r = memref.realloc %m(%b) : memref<?xindex> to memref<?xindex>
  %k = arith.minui %a, %b : index
  %s = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %c0) -> index {
    %v = memref.load %r[%i] : memref<?xindex>
    %n = arith.addi %acc, %v : index
    scf.yield %n : index
  }
  %d = memref.dim %r, %c0 : memref<?xindex>
  return %s, %d : index, index
}`

const reallocWant = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %k = arith.minui %a, %b : index
  %k1 = arith.subi %k, %c1 : index
  %p = arith.muli %k, %k1 : index
  %s = arith.muli %p, %c5 : index
  return %s, %b : index, index
}`

// TestExpandReallocResults runs the expanded realloc, growing and
// shrinking, with and without deallocations.
func TestExpandReallocResults(t *testing.T) {
	want, err := ir.Parse(irtest.ContextWith(arith.Dialect(), fn.Dialect())(), reallocWant, "want.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, pipeline := range []string{"builtin.module(expand-realloc)", "builtin.module(expand-realloc{emit-deallocs=false})"} {
		_, after := transformed(t, reallocKernel, pipeline)
		if text := after.String(); strings.Contains(text, "memref.realloc") {
			t.Fatalf("realloc left:\n%s", text)
		}
		for _, in := range [][2]int64{{1, 4}, {4, 4}, {6, 2}, {3, 9}} {
			if got, exp := interptest.Run(t, after, in[0], in[1]), interptest.Run(t, want, in[0], in[1]); got != exp {
				t.Errorf("%s: main(%d, %d) = %s, want %s", pipeline, in[0], in[1], got, exp)
			}
		}
	}
}
