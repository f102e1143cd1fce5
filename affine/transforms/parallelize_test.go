package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// parallelKernel fills a buffer, shifts odd elements into even ones (no
// dependence), runs a prefix sum (a dependence), and sums and maxes the
// buffer with iter_args (reductions, in i64: affine.parallel does not
// reduce index values, so an index sum stays a loop).
const parallelKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<64xindex>
  affine.for %i = 0 to 64 {
    %x = arith.muli %i, %a : index
    %y = arith.addi %x, %b : index
    affine.store %y, %m[%i] : memref<64xindex>
  }
  affine.for %i = 0 to 32 {
    %v = affine.load %m[2 * %i + 1] : memref<64xindex>
    %w = arith.addi %v, %a : index
    affine.store %w, %m[2 * %i] : memref<64xindex>
  }
  affine.for %i = 1 to 64 {
    %p = affine.load %m[%i - 1] : memref<64xindex>
    %v = affine.load %m[%i] : memref<64xindex>
    %s = arith.addi %p, %v : index
    affine.store %s, %m[%i] : memref<64xindex>
  }
  %b64 = arith.index_cast %b : index to i64
  %z = arith.constant 0 : i64
  %r:2 = affine.for %i = 0 to 64 step 3 iter_args(%s = %b64, %t = %z) -> (i64, i64) {
    %v = affine.load %m[%i] : memref<64xindex>
    %v64 = arith.index_cast %v : index to i64
    %s2 = arith.addi %s, %v64 : i64
    %t2 = arith.maxsi %v64, %t : i64
    affine.yield %s2, %t2 : i64, i64
  }
  %u = affine.for %i = 0 to 64 iter_args(%s = %c0) -> (index) {
    %v = affine.load %m[%i] : memref<64xindex>
    %s2 = arith.addi %s, %v : index
    affine.yield %s2 : index
  }
  %r0 = arith.index_cast %r#0 : i64 to index
  %r1 = arith.index_cast %r#1 : i64 to index
  %x = arith.addi %r1, %u : index
  return %r0, %x : index, index
}`

func TestParallelizeKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	before, after := interptest.Transformed(t, kiln.NewContext, reg, parallelKernel,
		"builtin.module(func.func(affine-parallelize{parallel-reductions=true}))")
	if got := strings.Count(after.String(), "affine.parallel"); got != 3 {
		t.Fatalf("want 3 parallel loops (fill, shift, reductions), got %d:\n%s", got, after)
	}
	sameResultsLowered(t, before, after, [][2]int64{{0, 0}, {1, 5}, {7, -9}, {-3, 4}})
}
