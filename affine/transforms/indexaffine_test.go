package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// indexKernel splits an index into mixed-radix digits over static and
// dynamic bases, with and without an outer bound, and joins digits back.
const indexKernel = `func.func @main(%i: index, %n: index) -> (index, index, index, index, index, index, index, index) {
  %d:3 = affine.delinearize_index %i into (7, %n, 3) : index, index, index
  %e:3 = affine.delinearize_index %i into (%n, 4) : index, index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1, %d#2] by (7, %n, 3) : index
  %m = affine.linearize_index [%e#1, %d#0, %e#2] by (%n, 5) : index
  %s = affine.delinearize_index %m into (6) : index
  return %d#0, %d#1, %d#2, %e#0, %e#1, %l, %m, %s : index, index, index, index, index, index, index, index
}`

// affine-expand-index-ops-as-affine computes what lower-affine's arith
// expansion of the index ops computes, negative indices included, with
// only affine.apply ops left.
func TestExpandIndexOpsAsAffineKeepsResults(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	_, reference := interptest.Transformed(t, kiln.NewContext, reg, indexKernel, "builtin.module(lower-affine)")
	_, expanded := interptest.Transformed(t, kiln.NewContext, reg, indexKernel, "builtin.module(affine-expand-index-ops-as-affine)")
	text := expanded.String()
	if strings.Contains(text, "_index") || strings.Contains(text, "arith.") {
		t.Fatalf("want only affine.apply ops, got:\n%s", text)
	}
	var inputs [][2]int64
	for n := int64(1); n <= 4; n++ {
		for i := int64(-25); i <= 25; i += 3 {
			inputs = append(inputs, [2]int64{i, n})
		}
	}
	interptest.SameResults(t, "", reference, expanded, inputs)
}
