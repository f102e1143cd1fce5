package affine

import (
	"math/rand"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// randomExpr builds a pure affine expression over two dims and one
// symbol: sums, products by constants, and floordiv, ceildiv and mod by
// positive constants.
func randomExpr(r *rand.Rand, depth int) *ir.AffineExpr {
	if depth == 0 || r.Intn(4) == 0 {
		switch r.Intn(4) {
		case 0:
			return ir.AffineDimExpr(0)
		case 1:
			return ir.AffineDimExpr(1)
		case 2:
			return ir.AffineSymbolExpr(0)
		}
		return ir.AffineConstExpr(int64(r.Intn(11) - 5))
	}
	lhs := randomExpr(r, depth-1)
	switch r.Intn(5) {
	case 0:
		return ir.AffineBinary(ir.AffineAdd, lhs, randomExpr(r, depth-1))
	case 1:
		return ir.AffineBinary(ir.AffineMul, lhs, ir.AffineConstExpr(int64(r.Intn(7)-3)))
	case 2:
		return ir.AffineBinary(ir.AffineFloorDiv, lhs, ir.AffineConstExpr(int64(r.Intn(5)+1)))
	case 3:
		return ir.AffineBinary(ir.AffineCeilDiv, lhs, ir.AffineConstExpr(int64(r.Intn(5)+1)))
	}
	return ir.AffineBinary(ir.AffineMod, lhs, ir.AffineConstExpr(int64(r.Intn(5)+1)))
}

// The flattening simplification keeps every expression's value.
func TestSimplifyExprKeepsValue(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for range 2000 {
		e := randomExpr(r, 4)
		s := simplifyExpr(e, 2, 1)
		for d0 := int64(-7); d0 <= 7; d0++ {
			for d1 := int64(-3); d1 <= 3; d1++ {
				for s0 := int64(-2); s0 <= 2; s0++ {
					dims, syms := []int64{d0, d1}, []int64{s0}
					if got, want := s.Eval(dims, syms), e.Eval(dims, syms); got != want {
						t.Fatalf("%v simplified to %v: %d, want %d at d0=%d d1=%d s0=%d", e, s, got, want, d0, d1, s0)
					}
				}
			}
		}
	}
}

// randomSemiAffine builds an expression over two dims and two symbols
// whose products, quotients and remainders may take a symbolic right
// operand (a symbol, or a small sum of symbols and a positive constant).
func randomSemiAffine(r *rand.Rand, depth int) *ir.AffineExpr {
	if depth == 0 || r.Intn(5) == 0 {
		switch r.Intn(5) {
		case 0:
			return ir.AffineDimExpr(0)
		case 1:
			return ir.AffineDimExpr(1)
		case 2:
			return ir.AffineSymbolExpr(0)
		case 3:
			return ir.AffineSymbolExpr(1)
		}
		return ir.AffineConstExpr(int64(r.Intn(9) - 4))
	}
	lhs := randomSemiAffine(r, depth-1)
	var rhs *ir.AffineExpr
	switch r.Intn(3) {
	case 0:
		rhs = ir.AffineSymbolExpr(int(r.Intn(2)))
	case 1:
		rhs = ir.AffineBinary(ir.AffineAdd, ir.AffineSymbolExpr(int(r.Intn(2))), ir.AffineConstExpr(int64(r.Intn(3))))
	default:
		rhs = ir.AffineConstExpr(int64(r.Intn(4) + 1))
	}
	kinds := []ir.AffineExprKind{ir.AffineAdd, ir.AffineMul, ir.AffineFloorDiv, ir.AffineCeilDiv, ir.AffineMod}
	kind := kinds[r.Intn(len(kinds))]
	if kind == ir.AffineAdd {
		rhs = randomSemiAffine(r, depth-1)
	}
	return ir.AffineBinary(kind, lhs, rhs)
}

// The semi-affine simplification keeps every expression's value wherever
// the symbolic divisors are positive.
func TestSimplifySemiAffineKeepsValue(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for range 3000 {
		e := randomSemiAffine(r, 4)
		s := simplifyExpr(e, 2, 2)
		for d0 := int64(-6); d0 <= 6; d0++ {
			for d1 := int64(-3); d1 <= 3; d1++ {
				for s0 := int64(1); s0 <= 4; s0++ {
					for s1 := int64(1); s1 <= 3; s1++ {
						dims, syms := []int64{d0, d1}, []int64{s0, s1}
						if got, want := s.Eval(dims, syms), e.Eval(dims, syms); got != want {
							t.Fatalf("%v simplified to %v: %d, want %d at d0=%d d1=%d s0=%d s1=%d", e, s, got, want, d0, d1, s0, s1)
						}
					}
				}
			}
		}
	}
}

// simplifyExpr as MLIR's simplifyAffineExpr: a remainder's quotient local
// is the dividend over the common factor of its coefficients and the
// divisor (visitModExpr); semi-affine terms order by dimension, then
// symbol, position.
func TestSimplifyExprForms(t *testing.T) {
	ctx := ir.NewContext()
	for _, c := range []struct{ in, want string }{
		{"affine_map<(d0) -> ((d0 * 2) mod 4)>", "affine_map<(d0) -> (d0 * 2 - (d0 floordiv 2) * 4)>"},
		{"affine_map<(d0) -> (d0 mod 4)>", "affine_map<(d0) -> (d0 mod 4)>"},
		{"affine_map<(d0)[s0] -> ((d0 * s0) mod s0)>", "affine_map<(d0)[s0] -> (0)>"},
		{"affine_map<(d0, d1)[s0, s1] -> (s1 + d1 * s0 + d0 + d0 * s1)>", "affine_map<(d0, d1)[s0, s1] -> (d0 + d0 * s1 + d1 * s0 + s1)>"},
		{"affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>", "affine_map<()[s0, s1] -> (0)>"},
	} {
		a, err := ir.ParseAttrString(ctx, c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		m := a.(*ir.AffineMapAttr).Map
		out := &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols}
		for _, e := range m.Results {
			out.Results = append(out.Results, simplifyExpr(e, m.Dims, m.Symbols))
		}
		if got := ir.AttrString(ctx.AffineMapAttr(out)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}
