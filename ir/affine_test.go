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

// TestAffineSimplifyDivMod checks MLIR's simplifyFloorDiv, simplifyCeilDiv
// and simplifyMod, the mod detection of simplifyAdd and the order of plain
// dimensions and symbols in sums and products.
func TestAffineSimplifyDivMod(t *testing.T) {
	ctx := NewContext()
	for _, c := range []struct{ in, want string }{
		// Multiples of the divisor divide exactly.
		{"affine_map<(d0, d1) -> ((d0 * 6) floordiv 3, (d0 * 6) ceildiv 2, (d0 * 6) floordiv 4, (d0 * 8 + d1) floordiv 4)>",
			"affine_map<(d0, d1) -> (d0 * 2, d0 * 3, (d0 * 6) floordiv 4, d0 * 2 + d1 floordiv 4)>"},
		// A sum splits under floordiv only.
		{"affine_map<(d0, d1) -> ((d0 * 8 + d1) ceildiv 4)>", "affine_map<(d0, d1) -> ((d0 * 8 + d1) ceildiv 4)>"},
		// Remainders of known multiples vanish; (e mod 12) mod 4 is e mod 4.
		{"affine_map<(d0, d1)[s0] -> ((d0 * 6) mod 3, (d0 * 6 + d1) mod 3, (d0 mod 12) mod 4, (d0 mod 12) mod 5, (d0 * s0 * 4) mod 2)>",
			"affine_map<(d0, d1)[s0] -> (0, d1 mod 3, d0 mod 4, (d0 mod 12) mod 5, 0)>"},
		// Negative or zero divisors and constant folding.
		{"affine_map<(d0) -> (d0 floordiv -2, d0 mod 0, -7 floordiv 2, -7 ceildiv 2, -7 mod 2, 7 floordiv -2)>",
			"affine_map<(d0) -> (d0 floordiv -2, d0 mod 0, -4, -3, 1, 7 floordiv -2)>"},
		// e - (e floordiv q) * q is e mod q, also after another term; not
		// when the floordiv is added rather than multiplied.
		{"affine_map<(d0, d1)[s0] -> (d0 - (d0 floordiv 8) * 8, d0 + d1 - (d1 floordiv 8) * 8, d0 - (d0 floordiv s0) * s0, d0 + (d0 floordiv 8 - 8))>",
			"affine_map<(d0, d1)[s0] -> (d0 mod 8, d0 + d1 mod 8, d0 mod s0, d0 + d0 floordiv 8 - 8)>"},
		// No remainder by a negative divisor (MLIR PR 107530).
		{"affine_map<(d0) -> (d0 + (d0 floordiv -4) * 4)>", "affine_map<(d0) -> (d0 + (d0 floordiv -4) * 4)>"},
		// Plain dimensions, then symbols, by position.
		{"affine_map<(d0, d1)[s0, s1] -> (d1 + d0, s1 * s0, s0 + d1)>", "affine_map<(d0, d1)[s0, s1] -> (d0 + d1, s0 * s1, d1 + s0)>"},
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

// TestAffineMapIsMinorIdentity checks MLIR's isMinorIdentity: the trailing
// dimensions in order, no symbols.
func TestAffineMapIsMinorIdentity(t *testing.T) {
	ctx := NewContext()
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"affine_map<(d0, d1, d2) -> (d1, d2)>", true},
		{"affine_map<(d0, d1) -> (d0, d1)>", true},
		{"affine_map<(d0, d1) -> ()>", true},
		{"affine_map<(d0, d1, d2) -> (d0, d1)>", false},
		{"affine_map<(d0, d1) -> (d1, d0)>", false},
		{"affine_map<(d0)[s0] -> (d0)>", false},
		{"affine_map<(d0) -> (d0, d0)>", false},
		{"affine_map<(d0, d1) -> (0, d1)>", false},
	} {
		a, err := ParseAttrString(ctx, c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := a.(*AffineMapAttr).Map.IsMinorIdentity(); got != c.want {
			t.Errorf("%s: IsMinorIdentity %v, want %v", c.in, got, c.want)
		}
	}
}
