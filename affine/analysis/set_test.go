package analysis_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
)

// contains reports whether (x, y) satisfies every constraint of s.
func contains(s *ir.IntegerSet, x, y int64) bool {
	for i, e := range s.Constraints {
		v := e.Eval([]int64{x, y}, nil)
		if s.IsEq[i] && v != 0 || !s.IsEq[i] && v < 0 {
			return false
		}
	}
	return true
}

// SimplifyIntegerSet keeps the points of random sets (with floordivs and
// mods, confined to a box) and makes most empty ones 1 == 0 (IsEmpty is
// conservative, as MLIR's, where a division's local has no unit
// coefficient).
func TestSimplifyIntegerSetKeepsPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	d0, d1 := ir.AffineDimExpr(0), ir.AffineDimExpr(1)
	c := ir.AffineConstExpr
	term := func() *ir.AffineExpr {
		lin := ir.AffineBinary(ir.AffineAdd,
			ir.AffineBinary(ir.AffineMul, d0, c(r.Int64N(7)-3)),
			ir.AffineBinary(ir.AffineAdd, ir.AffineBinary(ir.AffineMul, d1, c(r.Int64N(7)-3)), c(r.Int64N(9)-4)))
		switch r.IntN(4) {
		case 0:
			return ir.AffineBinary(ir.AffineMod, lin, c(2+r.Int64N(3)))
		case 1:
			return ir.AffineBinary(ir.AffineFloorDiv, lin, c(2+r.Int64N(3)))
		}
		return lin
	}
	empties, found, changed := 0, 0, 0
	for range 1500 {
		set := &ir.IntegerSet{Dims: 2}
		add := func(e *ir.AffineExpr, eq bool) {
			set.Constraints = append(set.Constraints, e)
			set.IsEq = append(set.IsEq, eq)
		}
		// -5 <= d0, d1 <= 5
		for _, v := range []*ir.AffineExpr{d0, d1} {
			add(ir.AffineBinary(ir.AffineAdd, v, c(5)), false)
			add(ir.AffineBinary(ir.AffineAdd, ir.AffineBinary(ir.AffineMul, v, c(-1)), c(5)), false)
		}
		for range 1 + r.IntN(3) {
			e := term()
			if r.IntN(2) == 0 {
				e = ir.AffineBinary(ir.AffineAdd, e, term())
			}
			add(e, r.IntN(4) == 0)
		}
		got := analysis.SimplifyIntegerSet(set)
		if got.Dims != 2 || got.Symbols != 0 {
			t.Fatalf("simplified set has %d dims, %d symbols", got.Dims, got.Symbols)
		}
		if len(got.Constraints) != len(set.Constraints) {
			changed++
		}
		some := false
		for x := int64(-6); x <= 6; x++ {
			for y := int64(-6); y <= 6; y++ {
				in := contains(set, x, y)
				some = some || in
				if in != contains(got, x, y) {
					t.Fatalf("%v -> %v: (%d, %d) in the set: %v, in the simplified one: %v",
						set.Constraints, got.Constraints, x, y, in, !in)
				}
			}
		}
		if !some {
			empties++
			if len(got.Constraints) == 1 && got.IsEq[0] && got.Constraints[0].Kind == ir.AffineConst && got.Constraints[0].Value == 1 {
				found++
			}
		}
	}
	if empties < 100 || found*10 < empties*8 || changed < 500 {
		t.Errorf("%d of %d empty sets found, %d sets changed: want most found and many changed", found, empties, changed)
	}
}

// A semi-affine set is not flattened: it comes back as it is.
func TestSimplifyIntegerSetSemiAffine(t *testing.T) {
	set := &ir.IntegerSet{Dims: 1, Symbols: 1, IsEq: []bool{false},
		Constraints: []*ir.AffineExpr{ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(0), ir.AffineSymbolExpr(0))}}
	if got := analysis.SimplifyIntegerSet(set); got != set {
		t.Errorf("semi-affine set simplified to %v", got.Constraints)
	}
}

// A set with coefficients that Kiln's int64 rows could overflow on comes
// back as it is, its redundant constraint kept.
func TestSimplifyIntegerSetHugeCoefficients(t *testing.T) {
	huge := ir.AffineBinary(ir.AffineAdd, ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(0), ir.AffineConstExpr(1<<62)), ir.AffineConstExpr(1<<62))
	set := &ir.IntegerSet{Dims: 1, IsEq: []bool{false, false}, Constraints: []*ir.AffineExpr{huge, ir.AffineConstExpr(1)}}
	if got := analysis.SimplifyIntegerSet(set); got != set {
		t.Errorf("set with huge coefficients simplified to %v", got.Constraints)
	}
}

// InequalitySet drops trivially true rows and, of rows differing only in
// their constant, keeps the tightest, after dividing each by its GCD (MLIR's
// removeTrivialRedundancy): 2d0 - 2d1 + 3 >= 0 is d0 - d1 + 1 >= 0, looser
// than d0 - d1 >= 0.
func TestInequalitySet(t *testing.T) {
	set := analysis.InequalitySet([][]int64{{2, -2, 3}, {0, 0, 5}, {1, -1, 0}, {0, 1, -1}, {0, 1, -1}}, 2)
	if set == nil {
		t.Fatal("InequalitySet = nil")
	}
	ctx := ir.NewContext()
	want := "affine_set<(d0, d1) : (d0 - d1 >= 0, d1 - 1 >= 0)>"
	if got := ir.AttrString(ctx.IntegerSetAttr(set)); got != want {
		t.Errorf("InequalitySet = %s, want %s", got, want)
	}
	if set := analysis.InequalitySet([][]int64{{0, 0, 0}, {0, 0, 2}}, 2); set != nil {
		t.Errorf("trivially true rows: InequalitySet = %s, want nil", ir.AttrString(ctx.IntegerSetAttr(set)))
	}
}
