package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// scalrepKernel forwards stores through a temporary buffer, reloads
// elements, overwrites stores, and keeps a load a later iteration's store
// feeds (a loop-carried value the pass must not forward).
const scalrepKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<16xindex>
  %t = memref.alloca() : memref<16xindex>
  affine.for %i = 0 to 16 {
    %x = arith.muli %i, %a : index
    affine.store %x, %t[%i] : memref<16xindex>
    %y = affine.load %t[%i] : memref<16xindex>
    %z = arith.addi %y, %b : index
    affine.store %c0, %m[%i] : memref<16xindex>
    affine.store %z, %m[%i] : memref<16xindex>
  }
  affine.for %i = 1 to 16 {
    %p = affine.load %m[%i - 1] : memref<16xindex>
    %q = affine.load %m[%i] : memref<16xindex>
    %p2 = affine.load %m[%i - 1] : memref<16xindex>
    %s = arith.addi %p, %q : index
    %s2 = arith.addi %s, %p2 : index
    affine.store %s2, %m[%i] : memref<16xindex>
  }
  %r = affine.load %m[15] : memref<16xindex>
  %u = affine.load %m[7] : memref<16xindex>
  return %r, %u : index, index
}`

func TestScalarReplaceKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	before, after := interptest.Transformed(t, kiln.NewContext, reg, scalrepKernel,
		"builtin.module(func.func(affine-scalrep))")
	text := after.String()
	if n := strings.Count(text, "affine.load"); n != 4 {
		t.Fatalf("want 4 loads left (two in the prefix loop, two at the end), got %d:\n%s", n, text)
	}
	if strings.Count(text, "memref.alloca") != 1 {
		t.Fatalf("the temporary buffer should be gone:\n%s", text)
	}
	sameResultsLowered(t, before, after, [][2]int64{{0, 0}, {1, 5}, {7, -9}, {-3, 4}})
}
