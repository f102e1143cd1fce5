package interp

import (
	"fmt"
	"testing"
)

// TestAffineApplyMinMax runs affine.apply, min and max (generic form, the
// affine dialect not being loaded) on negative and positive operands:
// floordiv rounds down, mod is never negative, min and max pick among the
// map's results.
func TestAffineApplyMinMax(t *testing.T) {
	src := `func.func @main(%a: index, %b: index) -> (index, index, index, index) {
  %0 = "affine.apply"(%a, %b) <{map = affine_map<(d0)[s0] -> (d0 * 3 + s0 floordiv 4)>}> : (index, index) -> index
  %1 = "affine.apply"(%a) <{map = affine_map<()[s0] -> (s0 mod 5)>}> : (index) -> index
  %2 = "affine.min"(%a, %b) <{map = affine_map<(d0, d1) -> (d0, d1 - 2, 7)>}> : (index, index) -> index
  %3 = "affine.max"(%a, %b) <{map = affine_map<(d0, d1) -> (d0, d1 - 2, -7)>}> : (index, index) -> index
  return %0, %1, %2, %3 : index, index, index, index
}`
	for _, tc := range []struct {
		a, b int64
		want string
	}{
		{-7, -9, "[-24 3 -11 -7]"},
		{6, 13, "[21 1 6 11]"},
		{9, 30, "[34 4 7 28]"},
	} {
		res, _, err := run(t, src, Int(tc.a), Int(tc.b))
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, r := range res {
			got = append(got, int64(r.(Scalar).Bits))
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("main(%d, %d) = %s, want %s", tc.a, tc.b, s, tc.want)
		}
	}
}
