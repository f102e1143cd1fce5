package ir

import "testing"

// TestAffineSimplify checks sums and products against what mlir-opt-16
// prints for the same map: constants, then symbolic terms, on the right;
// chained constants gathered; c1 * e + c2 * e merged.
func TestAffineSimplify(t *testing.T) {
	ctx := NewContext()
	for _, c := range []struct{ in, want string }{
		{"affine_map<(d0)[s0] -> (s0 - d0 - 1)>", "affine_map<(d0)[s0] -> (-d0 + s0 - 1)>"},
		{"affine_map<(d0)[s0] -> (s0 - d0 * 4, 4)>", "affine_map<(d0)[s0] -> (d0 * -4 + s0, 4)>"},
		{"affine_map<(d0, d1)[s0, s1] -> (s0 + d0, 2 * d0 + 3 * d0, (d0 + 2) + d1, s0 * d0, (d0 * 2) * s0, d0 - d0, s0 * 4 + d1 * 2 - 1, d0 floordiv 1, 3 + s1 + d1, -(d0 + s0))>",
			"affine_map<(d0, d1)[s0, s1] -> (d0 + s0, d0 * 5, d0 + d1 + 2, d0 * s0, (d0 * s0) * 2, 0, d1 * 2 + s0 * 4 - 1, d0, d1 + s1 + 3, -(d0 + s0))>"},
		{"affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>", "affine_set<(d0)[s0] : (-d0 + s0 - 1 >= 0)>"},
	} {
		a, err := ParseAttrString(ctx, c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := AttrString(a); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
