package transforms_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
)

// sameResultsLowered lowers the affine ops of before and after (the
// interpreter runs no affine op), checks both still verify, and compares
// what @main gives for each input pair.
func sameResultsLowered(t *testing.T, before, after *ir.Operation, inputs [][2]int64) {
	t.Helper()
	for _, m := range []*ir.Operation{before, after} {
		transforms.LowerAffine(m)
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
	}
	interptest.SameResults(t, "", before, after, inputs)
}
