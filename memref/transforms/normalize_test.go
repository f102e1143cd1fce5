package transforms_test

import (
	"regexp"
	"testing"

	"github.com/kiln-gpu/kiln/interp/interptest"
)

// normalizeKernel keeps its buffers behind layout maps: a transposed 8x6
// buffer written through affine.store and read through memref.load in
// another function, a 10-element buffer tiled by 4 (padded to 3x4) filled
// in a callee, and a 4x3 view of a flat buffer through a reinterpret_cast
// to a linearizing layout, and a dynamically sized tiled buffer (its
// new sizes computed from the old: %a + 1 ceildiv 4 rows of 4).
const normalizeKernel = `#perm = affine_map<(d0, d1) -> (d1, d0)>
#tile = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>
#lin = affine_map<(d0, d1) -> (d0 * 3 + d1)>
func.func @fill(%m: memref<10xindex, #tile>, %b: index) {
  affine.for %i = 0 to 10 {
    %v = arith.muli %i, %b : index
    memref.store %v, %m[%i] : memref<10xindex, #tile>
  }
  return
}
func.func @sum(%t: memref<8x6xindex, #perm>, %u: memref<10xindex, #tile>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> index {
    %r = scf.for %j = %c0 to %c6 step %c1 iter_args(%a2 = %acc) -> index {
      %v = memref.load %t[%i, %j] : memref<8x6xindex, #perm>
      %w = arith.muli %v, %j : index
      %n = arith.addi %a2, %w : index
      scf.yield %n : index
    }
    scf.yield %r : index
  }
  %x = affine.load %u[7] : memref<10xindex, #tile>
  %y = arith.addi %s, %x : index
  return %y : index
}
func.func @main(%a: index, %b: index) -> (index, index) {
  %t = memref.alloc() : memref<8x6xindex, #perm>
  %u = memref.alloca() : memref<10xindex, #tile>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 6 {
      %v = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 10 + d1 + s0)>(%i, %j)[%a]
      affine.store %v, %t[%i, %j] : memref<8x6xindex, #perm>
    }
  }
  call @fill(%u, %b) : (memref<10xindex, #tile>, index) -> ()
  %s = call @sum(%t, %u) : (memref<8x6xindex, #perm>, memref<10xindex, #tile>) -> index
  memref.dealloc %t : memref<8x6xindex, #perm>
  %flat = memref.alloca() : memref<12xindex>
  affine.for %i = 0 to 12 {
    %v = arith.addi %i, %b : index
    affine.store %v, %flat[%i] : memref<12xindex>
  }
  %r = memref.reinterpret_cast %flat to offset: [0], sizes: [4, 3], strides: [3, 1] : memref<12xindex> to memref<4x3xindex, #lin>
  %e = affine.load %r[2, 1] : memref<4x3xindex, #lin>
  %c1 = arith.constant 1 : index
  %n = arith.addi %a, %c1 : index
  %d = memref.alloc(%n) : memref<?xindex, #tile>
  affine.for %i = 0 to %n {
    %v = arith.muli %i, %i : index
    affine.store %v, %d[%i] : memref<?xindex, #tile>
  }
  %q = memref.load %d[%a] : memref<?xindex, #tile>
  %eq = arith.addi %e, %q : index
  return %s, %eq : index, index
}
`

// TestNormalizeMemRefsKeepsResults runs the kernel in the interpreter
// (which lowers no affine loops or accesses: lower-affine runs first) with
// and without normalize-memrefs: the results must agree, and no memref
// type may keep a layout map.
func TestNormalizeMemRefsKeepsResults(t *testing.T) {
	_, before := transformed(t, normalizeKernel, "builtin.module(func.func(lower-affine))")
	_, after := transformed(t, normalizeKernel, "builtin.module(normalize-memrefs, func.func(lower-affine))")
	if text := after.String(); regexp.MustCompile(`memref<[0-9x?]+index, `).MatchString(text) {
		t.Fatalf("layout map left:\n%s", text)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {3, 4}, {7, 2}})
}
