package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// CanonicalizeGL returns the spirv-canonicalize-gl pass.
func CanonicalizeGL() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVCanonicalizeGLPass",
		Argument: "spirv-canonicalize-gl",
		Summary:  "Canonicalize GLSL ops",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			canonicalizeGL(op)
			return nil
		},
	}
}

// clampOf maps the comparisons of a min-max pair to the clamp they make.
var clampOf = map[string]string{
	"spirv.FOrdLessThan": "spirv.GL.FClamp", "spirv.FOrdLessThanEqual": "spirv.GL.FClamp",
	"spirv.FUnordLessThan": "spirv.GL.FClamp", "spirv.FUnordLessThanEqual": "spirv.GL.FClamp",
	"spirv.SLessThan": "spirv.GL.SClamp", "spirv.SLessThanEqual": "spirv.GL.SClamp",
	"spirv.ULessThan": "spirv.GL.UClamp", "spirv.ULessThanEqual": "spirv.GL.UClamp",
}

// canonicalizeGL rewrites min(max(x, lo), hi) spelled with selects of
// comparisons into a GL clamp of x between lo and hi, and erases what that
// leaves unused (MLIR's ConvertComparisonIntoClamp patterns):
//
//	m = select(lo < x, x, lo); select(m < hi, m, hi)
//	m = select(x < lo, lo, x); select(hi < x, hi, m)
//
// and the length of a scalar into its absolute value (MLIR's
// ConvertLengthIntoFAbs).
func canonicalizeGL(root *ir.Operation) {
	var selects, lengths []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.Select":
			selects = append(selects, op)
		case "spirv.GL.Length":
			if _, vec := op.Operand(0).Type().(*ir.VectorType); !vec {
				lengths = append(lengths, op)
			}
		}
		return true
	})
	b := ir.NewBuilder(root.Context())
	for _, l := range lengths {
		b.SetInsertionPointBefore(l)
		abs := b.CreateOp("spirv.GL.FAbs", l.Loc(), []*ir.Value{l.Operand(0)}, []ir.Type{l.Result(0).Type()})
		l.Result(0).ReplaceAllUsesWith(abs.Result(0))
		l.Erase()
	}
	for _, sel := range selects {
		if sel.Block() == nil {
			continue // erased as part of an earlier match
		}
		x, lo, hi, clamp := matchClamp(sel)
		if clamp == "" {
			continue
		}
		b.SetInsertionPointBefore(sel)
		c := b.CreateOp(clamp, sel.Loc(), []*ir.Value{x, lo, hi}, []ir.Type{sel.Result(0).Type()})
		sel.Result(0).ReplaceAllUsesWith(c.Result(0))
		eraseDead(sel)
	}
}

// matchClamp returns the operands and the clamp op of a select ending a
// min-max pair, or "" for another select.
func matchClamp(sel *ir.Operation) (x, lo, hi *ir.Value, clamp string) {
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || clampOf[cmp.Name()] == "" {
		return nil, nil, nil, ""
	}
	clamp = clampOf[cmp.Name()]
	t, f := sel.Operand(1), sel.Operand(2)
	// select(m < hi, m, hi) with m = select(lo < x, x, lo).
	if m := cmp.Operand(0); t == m && f == cmp.Operand(1) {
		if mx, mlo, ok := innerMax(m, cmp.Name(), false); ok {
			return mx, mlo, f, clamp
		}
	}
	// select(hi < x, hi, m) with m = select(x < lo, lo, x).
	if t == cmp.Operand(0) {
		if mx, mlo, ok := innerMax(f, cmp.Name(), true); ok && mx == cmp.Operand(1) {
			return mx, mlo, t, clamp
		}
	}
	return nil, nil, nil, ""
}

// innerMax matches m = select(lo < x, x, lo) (or, swapped, select(x < lo,
// lo, x)) with comparison cmpName, and returns x and lo.
func innerMax(m *ir.Value, cmpName string, swapped bool) (x, lo *ir.Value, ok bool) {
	sel := m.DefiningOp()
	if sel == nil || sel.Name() != "spirv.Select" {
		return nil, nil, false
	}
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != cmpName {
		return nil, nil, false
	}
	a, b := cmp.Operand(0), cmp.Operand(1)
	if swapped {
		// select(x < lo, lo, x)
		return a, b, sel.Operand(1) == b && sel.Operand(2) == a
	}
	// select(lo < x, x, lo)
	return b, a, sel.Operand(1) == b && sel.Operand(2) == a
}

// eraseDead erases op and, in turn, the ops feeding it that it leaves
// without uses and that have no side effects.
func eraseDead(op *ir.Operation) {
	work := []*ir.Operation{op}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		if o.Block() == nil || o.HasResultUses() {
			continue
		}
		inputs := o.Operands()
		o.Erase()
		for _, v := range inputs {
			if d := v.DefiningOp(); d != nil && d.HasTrait(ir.Pure) {
				work = append(work, d)
			}
		}
	}
}
