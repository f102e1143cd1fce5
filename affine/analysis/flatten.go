package analysis

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
)

// builder flattens affine expressions of SSA values into linear forms of a
// constraint system, as MLIR's AffineExprFlattener with
// fullyComposeAffineMapAndOperands: constants fold, affine.apply results
// are replaced by their expressions, a floordiv, ceildiv or mod by a
// positive constant becomes a local variable pinned by two inequalities,
// and every other value becomes a variable through col.
type builder struct {
	cs  *Constraints
	col func(v *ir.Value) (int, bool)
	// divs holds the local of each division made, so that equal divisions
	// share one.
	divs map[string]int
}

func constant(c int64) Linear { return Linear{Coeffs: map[int]int64{}, Const: c} }

func (l Linear) isConstant() bool {
	for _, x := range l.Coeffs {
		if x != 0 {
			return false
		}
	}
	return true
}

func scaled(l Linear, f int64) Linear {
	out := constant(l.Const * f)
	for i, x := range l.Coeffs {
		out.Coeffs[i] = x * f
	}
	return out
}

func sum(a, b Linear) Linear {
	out := constant(a.Const + b.Const)
	for i, x := range a.Coeffs {
		out.Coeffs[i] += x
	}
	for i, x := range b.Coeffs {
		out.Coeffs[i] += x
	}
	return out
}

// value flattens an SSA index value.
func (b *builder) value(v *ir.Value, depth int) (Linear, bool) {
	if c, ok := ir.ConstantIntAttr(v); ok {
		return constant(c.Int()), true
	}
	if def := v.DefiningOp(); def != nil && def.Name() == "affine.apply" && depth < 64 {
		m := affine.MapOf(def, "map")
		if m != nil && len(m.Results) == 1 {
			return b.expr(m.Results[0], m.Dims, def.Operands(), depth+1)
		}
	}
	j, ok := b.col(v)
	if !ok {
		return Linear{}, false
	}
	return Linear{Coeffs: map[int]int64{j: 1}}, true
}

// expr flattens e, whose dims are operands[:dims] and symbols the rest;
// with no operands, dims and symbols are the system's first variables.
func (b *builder) expr(e *ir.AffineExpr, dims int, operands []*ir.Value, depth int) (Linear, bool) {
	switch e.Kind {
	case ir.AffineConst:
		return constant(e.Value), true
	case ir.AffineDim, ir.AffineSymbol:
		if operands == nil {
			j := int(e.Value)
			if e.Kind == ir.AffineSymbol {
				j += dims
			}
			return Linear{Coeffs: map[int]int64{j: 1}}, true
		}
	}
	switch e.Kind {
	case ir.AffineDim:
		return b.value(operands[e.Value], depth)
	case ir.AffineSymbol:
		return b.value(operands[dims+int(e.Value)], depth)
	}
	l, ok := b.expr(e.LHS, dims, operands, depth)
	if !ok {
		return Linear{}, false
	}
	r, ok := b.expr(e.RHS, dims, operands, depth)
	if !ok {
		return Linear{}, false
	}
	switch e.Kind {
	case ir.AffineAdd:
		return sum(l, r), true
	case ir.AffineMul:
		switch {
		case r.isConstant():
			return scaled(l, r.Const), true
		case l.isConstant():
			return scaled(r, l.Const), true
		}
		return Linear{}, false
	}
	if !r.isConstant() || r.Const <= 0 {
		return Linear{}, false
	}
	c := r.Const
	switch e.Kind {
	case ir.AffineFloorDiv:
		return b.floorDiv(l, c), true
	case ir.AffineCeilDiv:
		return b.floorDiv(sum(l, constant(c-1)), c), true
	}
	return sum(l, scaled(b.floorDiv(l, c), -c)), true // mod
}

// floorDiv returns l floordiv c: exact when c divides l, else a new local
// q with c*q <= l <= c*q + c - 1.
func (b *builder) floorDiv(l Linear, c int64) Linear {
	if c == 1 {
		return l
	}
	divides := l.Const%c == 0
	for _, x := range l.Coeffs {
		divides = divides && x%c == 0
	}
	if divides {
		out := constant(l.Const / c)
		for i, x := range l.Coeffs {
			out.Coeffs[i] = x / c
		}
		return out
	}
	k := fmt.Sprint(sortedTerms(l), c)
	if q, ok := b.divs[k]; ok {
		return Linear{Coeffs: map[int]int64{q: 1}}
	}
	q := b.cs.AppendVar(Local, nil)
	if b.divs == nil {
		b.divs = map[string]int{}
	}
	b.divs[k] = q
	lo := sum(l, Linear{Coeffs: map[int]int64{q: -c}})
	b.cs.AddInequality(b.cs.Row(lo))
	b.cs.AddInequality(b.cs.Row(sum(scaled(lo, -1), constant(c-1))))
	return Linear{Coeffs: map[int]int64{q: 1}}
}

// sortedTerms lists l's non-zero terms by variable, then its constant.
func sortedTerms(l Linear) []int64 {
	var vars []int
	for i, x := range l.Coeffs {
		if x != 0 {
			vars = append(vars, i)
		}
	}
	slices.Sort(vars)
	var out []int64
	for _, i := range vars {
		out = append(out, int64(i), l.Coeffs[i])
	}
	return append(out, l.Const)
}

// SameElement is MLIR's MemRefAccess equality: the two accesses use the
// same memref value and, their maps composed with the affine.apply ops
// feeding them and flattened, the same index expressions of the same
// values (so the same element whenever the values agree).
func SameElement(a, b Access) bool {
	if a.MemRef != b.MemRef || len(a.Map.Results) != len(b.Map.Results) {
		return false
	}
	cs := &Constraints{}
	bld := builder{cs: cs}
	bld.col = func(v *ir.Value) (int, bool) {
		if j := cs.Find(v); j >= 0 {
			return j, true
		}
		return cs.AppendVar(Symbol, v), true
	}
	for k := range a.Map.Results {
		l, ok1 := bld.expr(a.Map.Results[k], a.Map.Dims, a.Indices, 0)
		r, ok2 := bld.expr(b.Map.Results[k], b.Map.Dims, b.Indices, 0)
		if !ok1 || !ok2 {
			return false
		}
		d := sum(l, scaled(r, -1))
		if !d.isConstant() || d.Const != 0 {
			return false
		}
	}
	return true
}

// FlattenOverValues returns e, whose dims are operands[:dims] and symbols
// the rest, as a linear form over the values it ends at, as MLIR's
// fullyComposeAffineMapAndOperands followed by getFlattenedAffineExpr:
// constants fold and affine.apply results are replaced by their
// expressions. It fails for a product of values and for a division or
// remainder that is not exact (which needs a local variable).
func FlattenOverValues(e *ir.AffineExpr, dims int, operands []*ir.Value) (coeffs map[*ir.Value]int64, c int64, ok bool) {
	cs := &Constraints{}
	l, ok := cs.builder().expr(e, dims, operands, 0)
	if !ok || slices.Contains(cs.kinds, Local) {
		return nil, 0, false
	}
	coeffs = map[*ir.Value]int64{}
	for j, x := range l.Coeffs {
		if x != 0 {
			coeffs[cs.values[j]] = x
		}
	}
	return coeffs, l.Const, true
}

// Terminals lists the values that operands end at when flattened as
// FlattenOverValues does (constants dropping out, an affine.apply giving
// way to the values its expression uses), each once, in order of first
// appearance.
func Terminals(operands []*ir.Value) []*ir.Value {
	cs := &Constraints{}
	b := cs.builder()
	for _, v := range operands {
		b.value(v, 0)
	}
	var out []*ir.Value
	for j, v := range cs.values {
		if cs.kinds[j] != Local {
			out = append(out, v)
		}
	}
	return out
}
