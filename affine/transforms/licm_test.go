package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// licmKernel has invariant arithmetic, a load hoisted past stores to a
// disjoint range, a store in a loop that may not run (n = b may be 0 or
// negative), and a load that must stay because the loop overwrites it.
const licmKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %m = memref.alloca() : memref<16xindex>
  affine.for %i = 0 to 16 {
    affine.store %a, %m[%i] : memref<16xindex>
  }
  affine.for %i = 0 to 8 {
    %k = arith.muli %a, %b : index
    %v = affine.load %m[0] : memref<16xindex>
    %s = arith.addi %v, %k : index
    affine.store %s, %m[%i + 1] : memref<16xindex>
  }
  affine.for %i = 0 to %b {
    affine.store %b, %m[15] : memref<16xindex>
  }
  affine.for %i = 0 to 4 {
    %v = affine.load %m[2] : memref<16xindex>
    %w = arith.addi %v, %a : index
    affine.store %w, %m[%i] : memref<16xindex>
  }
  %x = affine.load %m[3] : memref<16xindex>
  %y = affine.load %m[15] : memref<16xindex>
  return %x, %y : index, index
}`

func TestLICMKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	before, after := interptest.Transformed(t, kiln.NewContext, reg, licmKernel,
		"builtin.module(func.func(affine-loop-invariant-code-motion))")
	text := after.String()
	if i, j := strings.Index(text, "arith.muli"), strings.Index(text, "affine.for %arg2 = 0 to 8"); i < 0 || j < 0 || i > j {
		t.Fatalf("the invariant product did not move out of its loop:\n%s", text)
	}
	sameResultsLowered(t, before, after, [][2]int64{{0, 0}, {1, 5}, {7, -9}, {-3, 4}, {2, 1}})
}
