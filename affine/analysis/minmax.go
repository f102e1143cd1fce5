package analysis

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
)

// Clone returns a copy of c that can be extended on its own.
func (c *Constraints) Clone() *Constraints {
	out := &Constraints{kinds: slices.Clone(c.kinds), values: slices.Clone(c.values)}
	for _, r := range c.eqs {
		out.eqs = append(out.eqs, slices.Clone(r))
	}
	for _, r := range c.ineqs {
		out.ineqs = append(out.ineqs, slices.Clone(r))
	}
	return out
}

// AddExprBound adds e + k >= 0 (== 0 when eq), e an affine expression
// whose dims are operands[:dims] and symbols the rest. Values are
// flattened through the affine.apply ops and constants feeding them; the
// others become symbols (or the dims and symbols c already ties to them).
// It reports false when e is not affine (a product of two values).
func (c *Constraints) AddExprBound(e *ir.AffineExpr, dims int, operands []*ir.Value, k int64, eq bool) bool {
	l, ok := c.builder().expr(e, dims, operands, 0)
	if !ok {
		return false
	}
	row := c.Row(sum(l, constant(k)))
	if eq {
		c.AddEquality(row)
	} else {
		c.AddInequality(row)
	}
	return true
}

func (c *Constraints) builder() *builder {
	b := &builder{cs: c}
	b.col = func(v *ir.Value) (int, bool) {
		if j := c.Find(v); j >= 0 {
			return j, true
		}
		return c.AppendVar(Symbol, v), true
	}
	return b
}

// ConstrainedMinMax is MLIR's simplifyConstrainedMinMaxOp for results that
// are one of the op's: given an affine.min (affine.max) op and invariants
// cs over the values it uses, it returns the position of the map result
// that is never greater (smaller) than any other under cs, so that the op
// equals it. It fails when cs has no solution (a loop whose lower bound
// passes its upper one) or no result can be proved.
func ConstrainedMinMax(op *ir.Operation, cs *Constraints) (int, bool) {
	m := affine.MapOf(op, "map")
	if m == nil || cs.IsEmpty() {
		return 0, false
	}
	isMin := op.Name() == "affine.min"
	sys := cs.Clone()
	b := sys.builder()
	results := make([]Linear, len(m.Results))
	for i, e := range m.Results {
		l, ok := b.expr(e, m.Dims, op.Operands(), 0)
		if !ok {
			return 0, false
		}
		results[i] = l
	}
	if sys.IsEmpty() {
		return 0, false
	}
next:
	for j := range results {
		for i := range results {
			if i == j {
				continue
			}
			// Refute results[j] > results[i] (< for max).
			d := sum(results[j], scaled(results[i], -1))
			if !isMin {
				d = scaled(d, -1)
			}
			try := sys.Clone()
			try.AddInequality(try.Row(sum(d, constant(-1))))
			if !try.IsEmpty() {
				continue next
			}
		}
		return j, true
	}
	return 0, false
}
