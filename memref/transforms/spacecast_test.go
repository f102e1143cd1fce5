package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/interp/interptest"
)

// spaceCastKernel writes and reads a workgroup buffer through a cast to
// the default memory space and views of the cast, then sums the buffer.
const spaceCastKernel = `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloca() : memref<8xindex, 3>
  %g = memref.memory_space_cast %m : memref<8xindex, 3> to memref<8xindex>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.muli %i, %a : index
    memref.store %v, %g[%i] : memref<8xindex>
  }
  %e = memref.expand_shape %g [[0, 1]] output_shape [2, 4] : memref<8xindex> into memref<2x4xindex>
  %s = memref.subview %g[2] [4] [1] : memref<8xindex> to memref<4xindex, strided<[1], offset: 2>>
  %x = memref.load %s[%c1] : memref<4xindex, strided<[1], offset: 2>>
  %y = arith.addi %x, %b : index
  memref.store %y, %e[%c0, %c1] : memref<2x4xindex>
  %v = vector.load %g[%c4] : memref<8xindex>, vector<4xindex>
  %w = arith.addi %v, %v : vector<4xindex>
  vector.store %w, %g[%c2] : memref<8xindex>, vector<4xindex>
  %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
    %l = memref.load %m[%k] : memref<8xindex, 3>
    %k1 = arith.addi %k, %c1 : index
    %p = arith.muli %l, %k1 : index
    %n = arith.addi %acc, %p : index
    scf.yield %n : index
  }
  return %sum : index
}`

// TestBubbleDownMemorySpaceCasts checks that the accesses and views move
// to the workgroup buffer and that @main computes the same.
func TestBubbleDownMemorySpaceCasts(t *testing.T) {
	before, after := transformed(t, spaceCastKernel, "builtin.module(func.func(bubble-down-memory-space-casts))")
	text := after.String()
	// Every access and view is now in the workgroup space, and the casts
	// of the views' results, unused, are gone.
	for _, gone := range []string{"memref.memory_space_cast", "memref<8xindex>", "memref<2x4xindex>", "offset: 2>>"} {
		if strings.Contains(text, gone) {
			t.Errorf("%q left in:\n%s", gone, text)
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {-3, 4}})
}
