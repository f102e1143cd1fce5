package analysis_test

import (
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
)

// TestConstrainedMinMax proves which result an affine.min or affine.max
// of %x, %y takes under a bound relating them, and refuses when the
// bound does not decide it or has no solution.
func TestConstrainedMinMax(t *testing.T) {
	d0, d1 := ir.AffineDimExpr(0), ir.AffineDimExpr(1)
	sub := ir.AffineBinary(ir.AffineAdd, d0, ir.AffineBinary(ir.AffineMul, d1, ir.AffineConstExpr(-1)))
	for _, tc := range []struct {
		name, op string
		k        int64 // x - y + k >= 0
		empty    bool  // add y - x - 1 >= 0 too: no solution with k = 0
		want     int
		ok       bool
	}{
		{"min x>=y+3 picks y", "affine.min affine_map<(d0, d1) -> (d0, d1 + 2)>(%x, %y)", -3, false, 1, true},
		{"min x>=y+1 undecided", "affine.min affine_map<(d0, d1) -> (d0, d1 + 2)>(%x, %y)", -1, false, 0, false},
		{"max x>=y picks x", "affine.max affine_map<(d0, d1) -> (d1, d0)>(%x, %y)", 0, false, 1, true},
		{"floordiv of x>=y+8", "affine.min affine_map<(d0, d1) -> ((d0 - d1) floordiv 4, 1)>(%x, %y)", -8, false, 1, true},
		{"no solution", "affine.min affine_map<(d0, d1) -> (d0, d1)>(%x, %y)", 0, true, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @f(%x: index, %y: index) -> index {\n  %r = " + tc.op + "\n  return %r : index\n}"
			mod, err := ir.Parse(kiln.NewContext(), src, "m.mlir")
			if err != nil {
				t.Fatal(err)
			}
			var op *ir.Operation
			mod.Walk(func(o *ir.Operation) bool {
				if o.Name() == "affine.min" || o.Name() == "affine.max" {
					op = o
				}
				return true
			})
			cs := &analysis.Constraints{}
			xy := op.Operands()
			if !cs.AddExprBound(sub, 2, xy, tc.k, false) {
				t.Fatal("bound not affine")
			}
			if tc.empty {
				cs.AddExprBound(ir.AffineBinary(ir.AffineMul, sub, ir.AffineConstExpr(-1)), 2, xy, -1, false)
			}
			got, ok := analysis.ConstrainedMinMax(op, cs)
			if ok != tc.ok || ok && got != tc.want {
				t.Fatalf("got %d, %v; want %d, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
