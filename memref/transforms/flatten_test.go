package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/interp/interptest"
)

// flattenKernel fills a 6x8 allocation with scalar stores at dynamic
// indices, reads it back through a strided column-major view, a padded
// subview and 1-D vector loads and transfers, writes a vector through a
// subview, and returns a checksum, for @main(%a, %b).
const flattenKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0 : index
  %m = memref.alloc() : memref<6x8xindex>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %k = arith.muli %i, %c8 : index
      %v = arith.addi %k, %j : index
      %w = arith.muli %v, %a : index
      memref.store %w, %m[%i, %j] : memref<6x8xindex>
    }
  }
  %t = memref.reinterpret_cast %m to offset: [0], sizes: [8, 6], strides: [1, 8] : memref<6x8xindex> to memref<8x6xindex, strided<[1, 8]>>
  %s = memref.subview %m[1, 2] [4, 3] [1, 2] : memref<6x8xindex> to memref<4x3xindex, strided<[8, 2], offset: 10>>
  %r = arith.remui %b, %c6 : index
  %x = memref.load %t[%c2, %r] : memref<8x6xindex, strided<[1, 8]>>
  %r4 = arith.remui %b, %c2 : index
  %y = memref.load %s[%r4, %c2] : memref<4x3xindex, strided<[8, 2], offset: 10>>
  %vl = vector.load %m[%r, %c2] : memref<6x8xindex>, vector<4xindex>
  %vt = vector.transfer_read %m[%c1, %c0], %pad {in_bounds = [true]} : memref<6x8xindex>, vector<8xindex>
  %vs = arith.addi %vl, %vl : vector<4xindex>
  vector.store %vs, %m[%r, %c0] : memref<6x8xindex>, vector<4xindex>
  %z = memref.load %m[%r, %c1] : memref<6x8xindex>
  %e1 = vector.extract %vl[3] : index from vector<4xindex>
  %e2 = vector.extract %vt[5] : index from vector<8xindex>
  %sum1 = arith.addi %x, %y : index
  %sum2 = arith.addi %e1, %e2 : index
  %sum3 = arith.addi %sum2, %z : index
  return %sum1, %sum3 : index, index
}`

// TestFlattenKeepsResults runs the kernel in the interpreter before and
// after flatten-memref: the results must agree, and no access may be left
// on a memref of rank 2.
func TestFlattenKeepsResults(t *testing.T) {
	before, after := transformed(t, flattenKernel, "builtin.module(func.func(flatten-memref))")
	text := after.String()
	for _, l := range strings.Split(text, "\n") {
		if (strings.Contains(l, "memref.load") || strings.Contains(l, "memref.store") || strings.Contains(l, "vector.")) &&
			strings.Contains(l, "x8xindex") {
			t.Errorf("access left on a 2-D memref: %s", l)
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{1, 0}, {3, 1}, {2, 5}, {7, 10}})
}
