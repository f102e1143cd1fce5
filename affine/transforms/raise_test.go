package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// raiseKernel writes and reads a memref through indices computed with
// arith ops from loop induction variables and the arguments.
const raiseKernel = `func.func @main(%a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<40xindex>
  affine.for %i = 0 to 40 {
    memref.store %c0, %m[%i] : memref<40xindex>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 3 {
      %i3 = arith.muli %i, %c3 : index
      %k = arith.addi %i3, %j : index
      %v = arith.muli %k, %a : index
      %w = arith.addi %v, %b : index
      memref.store %w, %m[%k] : memref<40xindex>
      %k1 = arith.addi %k, %c1 : index
      %u = memref.load %m[%k1] : memref<40xindex>
      %s = arith.addi %u, %w : index
      %k20 = arith.addi %k, %b : index
      memref.store %s, %m[%k20] : memref<40xindex>
    }
  }
  %r0 = memref.load %m[%c3] : memref<40xindex>
  %x = arith.addi %b, %c3 : index
  %r1 = memref.load %m[%x] : memref<40xindex>
  return %r0, %r1 : index, index
}`

// affine-raise-from-memref keeps what raiseKernel computes, with its
// indexed memref ops in the loops raised.
func TestRaiseFromMemrefKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	_, before := interptest.Transformed(t, kiln.NewContext, reg, raiseKernel, "builtin.module(lower-affine)")
	_, after := interptest.Transformed(t, kiln.NewContext, reg, raiseKernel, "builtin.module(func.func(affine-raise-from-memref),lower-affine)")
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 5}, {7, 9}, {-3, 20}, {2, 1}})
	_, raised := interptest.Transformed(t, kiln.NewContext, reg, raiseKernel, "builtin.module(func.func(affine-raise-from-memref))")
	if text := raised.String(); strings.Count(text, "affine.store") != 3 || strings.Count(text, "affine.load") != 3 {
		t.Errorf("want every memref.load and memref.store raised (3 stores, 3 loads), got:\n%s", text)
	}
}
