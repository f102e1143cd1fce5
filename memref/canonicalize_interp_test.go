package memref_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
)

// TestCanonicalizeKeepsResults runs programs in the interpreter before and
// after canonicalization: casts folded into dealloc and accesses, a dead
// alloc freed through a cast erased, a reinterpret_cast that reads the
// source of an extract_strided_metadata instead of its base buffer, and a
// zero stride left as a subview operand.
func TestCanonicalizeKeepsResults(t *testing.T) {
	newCtx := irtest.ContextWith(memref.Dialect(), fn.Dialect(), arith.Dialect(), scf.Dialect())
	reg := pass.Registry{}
	reg.Add(pass.Canonicalize)
	for name, src := range map[string]string{
		"casts": `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<4xindex>
  %c = memref.cast %m : memref<4xindex> to memref<?xindex>
  %i = arith.remui %a, %c3 : index
  memref.store %b, %c[%i] : memref<?xindex>
  memref.store %a, %c[%c3] : memref<?xindex>
  %x = memref.load %c[%i] : memref<?xindex>
  %y = memref.load %m[%c3] : memref<4xindex>
  %dead = memref.alloc() : memref<6xindex>
  %dc = memref.cast %dead : memref<6xindex> to memref<?xindex>
  memref.store %a, %dc[%c0] : memref<?xindex>
  memref.dealloc %dc : memref<?xindex>
  %z = memref.load %c[%c0] : memref<?xindex>
  %s = arith.addi %x, %y : index
  %t = arith.addi %s, %z : index
  memref.dealloc %c : memref<?xindex>
  return %t : index
}`,
		"reinterpret-of-metadata": `func.func @main(%a: index, %b: index) -> index {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<8x2xindex>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = arith.muli %i, %c8 : index
      %w = arith.addi %v, %j : index
      memref.store %w, %m[%i, %j] : memref<8x2xindex>
    }
  }
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x2xindex> -> memref<index>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [4], sizes: [2, 2], strides: [%strides#0, 1] : memref<index> to memref<2x2xindex, strided<[?, 1], offset: 4>>
  %z = memref.subview %m[1, 0] [2, 1] [%c0, 1] : memref<8x2xindex> to memref<2x1xindex, strided<[?, 1], offset: 2>>
  %i = arith.remui %a, %c2 : index
  %j = arith.remui %b, %c2 : index
  %x = memref.load %r[%i, %j] : memref<2x2xindex, strided<[?, 1], offset: 4>>
  %y = memref.load %z[%i, %c0] : memref<2x1xindex, strided<[?, 1], offset: 2>>
  %s = arith.muli %x, %c8 : index
  %t = arith.addi %s, %y : index
  return %t : index
}`,
	} {
		t.Run(name, func(t *testing.T) {
			before, after := interptest.Transformed(t, newCtx, reg, src, "builtin.module(func.func(canonicalize))")
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {9, 4}})
		})
	}
}
