package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf/transforms"
)

// fusionKernels each define @main(%a, %b) with adjacent scf.parallel
// loops over 8 iterations, and how many loops must be left after fusion.
var fusionKernels = []struct {
	name   string
	loops  int
	kernel string
}{
	// A producer and its consumer reading the same element, then a
	// checksum of the output.
	{"producer-consumer", 1, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloca() : memref<8xindex>
  %o = memref.alloca() : memref<8xindex>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = arith.muli %i, %a : index
    memref.store %v, %m[%i] : memref<8xindex>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %m[%i] : memref<8xindex>
    %w = arith.addi %v, %b : index
    memref.store %w, %o[%i] : memref<8xindex>
    scf.reduce
  }
` + checksum + `}`},
	// The consumer reads the next element: fusing would read it before the
	// producer wrote it.
	{"shifted-read", 2, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %m = memref.alloca() : memref<8xindex>
  %o = memref.alloca() : memref<8xindex>
  memref.store %c0, %o[%c7] : memref<8xindex>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = arith.muli %i, %a : index
    memref.store %v, %m[%i] : memref<8xindex>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c7) step (%c1) {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %m[%j] : memref<8xindex>
    %w = arith.addi %v, %b : index
    memref.store %w, %o[%i] : memref<8xindex>
    scf.reduce
  }
` + checksum + `}`},
	// Reductions of both loops become one scf.reduce; a third loop reads
	// the buffer the second writes through a full rank-reducing view.
	{"reductions-and-view", 1, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloca() : memref<1x8xindex>
  %o = memref.alloca() : memref<8xindex>
  %s = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%a) -> index {
    %v = arith.muli %i, %b : index
    scf.reduce(%v : index) {
    ^bb0(%l: index, %r: index):
      %x = arith.addi %l, %r : index
      scf.reduce.return %x : index
    }
  }
  %mx = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%c0) -> index {
    %v = arith.addi %i, %a : index
    memref.store %v, %buf[%c0, %i] : memref<1x8xindex>
    scf.reduce(%v : index) {
    ^bb0(%l: index, %r: index):
      %x = arith.maxui %l, %r : index
      scf.reduce.return %x : index
    }
  }
  %view = memref.subview %buf[0, 0] [1, 8] [1, 1] : memref<1x8xindex> to memref<8xindex>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %view[%i] : memref<8xindex>
    %w = arith.muli %v, %c8 : index
    memref.store %w, %o[%i] : memref<8xindex>
    scf.reduce
  }
` + strings.Replace(checksum, "return %sum : index", "%t = arith.addi %sum, %s : index\n  %u = arith.addi %t, %mx : index\n  return %u : index", 1) + `}`},
}

// checksum sums %o[0..8) with weights.
const checksum = `  %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
    %x = memref.load %o[%k] : memref<8xindex>
    %k1 = arith.addi %k, %c1 : index
    %y = arith.muli %x, %k1 : index
    %z = arith.addi %acc, %y : index
    scf.yield %z : index
  }
  return %sum : index
`

// TestFusionKeepsResults runs each kernel in the interpreter before and
// after scf-parallel-loop-fusion and counts the loops left.
func TestFusionKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	for _, tc := range fusionKernels {
		t.Run(tc.name, func(t *testing.T) {
			before, after := interptest.Transformed(t, newContext, reg, tc.kernel, "builtin.module(func.func(scf-parallel-loop-fusion))")
			if n := strings.Count(after.String(), "scf.parallel"); n != tc.loops {
				t.Fatalf("%d loops left, want %d:\n%s", n, tc.loops, after)
			}
			interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {9, 4}})
		})
	}
}
