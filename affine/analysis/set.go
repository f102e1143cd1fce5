package analysis

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// SimplifyIntegerSet is MLIR's simplifyIntegerSet: the set's constraints
// become a system (a floordiv, ceildiv or mod by a constant adding a local
// variable and its two bounds after them, as FlatAffineValueConstraints
// does); an empty system gives the canonical empty set 1 == 0, any other
// loses its trivially redundant constraints (removeTrivialRedundancy) and
// is rebuilt (getAsIntegerSet), a system with no constraint left as 0 == 0.
// A semi-affine set, which MLIR does not flatten, is returned as it is,
// and so is one whose coefficients could overflow int64.
func SimplifyIntegerSet(set *ir.IntegerSet) *ir.IntegerSet {
	cs := &Constraints{}
	for range set.Dims {
		cs.AppendVar(Dim, nil)
	}
	for range set.Symbols {
		cs.AppendVar(Symbol, nil)
	}
	b := &builder{cs: cs}
	forms := make([]Linear, len(set.Constraints))
	for i, e := range set.Constraints {
		if m, ok := magnitude(e); !ok || m > maxMagnitude {
			return set
		}
		l, ok := b.expr(e, set.Dims, nil, 0)
		if !ok {
			return set
		}
		forms[i] = l
	}
	// The builder put the bounds of each local, lower bound first, in cs;
	// the set's own constraints go before them.
	locals := slices.Clone(cs.ineqs)
	cs.ineqs = nil
	for i, l := range forms {
		if set.IsEq[i] {
			cs.AddEquality(cs.Row(l))
		} else {
			cs.AddInequality(cs.Row(l))
		}
	}
	cs.ineqs = append(cs.ineqs, locals...)
	if cs.IsEmpty() {
		return &ir.IntegerSet{Dims: set.Dims, Symbols: set.Symbols,
			Constraints: []*ir.AffineExpr{ir.AffineConstExpr(1)}, IsEq: []bool{true}}
	}
	cs.removeTrivialRedundancy()
	out := &ir.IntegerSet{Dims: set.Dims, Symbols: set.Symbols}
	if len(cs.eqs)+len(cs.ineqs) == 0 {
		out.Constraints, out.IsEq = []*ir.AffineExpr{ir.AffineConstExpr(0)}, []bool{true}
		return out
	}
	// Local k is (lower bound row of k, its own coefficient dropped)
	// floordiv (minus that coefficient).
	first := set.Dims + set.Symbols
	localExprs := make([]*ir.AffineExpr, cs.NumVars()-first)
	for k := range localExprs {
		row := slices.Clone(locals[2*k])
		c := -row[first+k]
		row[first+k] = 0
		localExprs[k] = ir.AffineBinary(ir.AffineFloorDiv, flatExpr(row, set.Dims, set.Symbols, localExprs), ir.AffineConstExpr(c))
	}
	for _, r := range cs.eqs {
		out.Constraints = append(out.Constraints, flatExpr(r, set.Dims, set.Symbols, localExprs))
		out.IsEq = append(out.IsEq, true)
	}
	for _, r := range cs.ineqs {
		out.Constraints = append(out.Constraints, flatExpr(r, set.Dims, set.Symbols, localExprs))
		out.IsEq = append(out.IsEq, false)
	}
	return out
}

// maxMagnitude bounds the coefficients a set may flatten to: MLIR's
// arbitrary precision integers never overflow, Kiln's int64 rows must not.
const maxMagnitude = 1 << 40

// magnitude bounds the absolute value of every coefficient and constant of
// e's flat form (a division's local adds its divisor), false on overflow.
func magnitude(e *ir.AffineExpr) (int64, bool) {
	switch e.Kind {
	case ir.AffineConst:
		return abs(e.Value), e.Value != math.MinInt64
	case ir.AffineDim, ir.AffineSymbol:
		return 1, true
	}
	l, ok := magnitude(e.LHS)
	if !ok {
		return 0, false
	}
	r, ok := magnitude(e.RHS)
	if !ok {
		return 0, false
	}
	if e.Kind == ir.AffineMul {
		return ir.CheckedMul(l, r)
	}
	return ir.CheckedAdd(l, r)
}

// flatExpr is MLIR's getAffineExprFromFlatForm: the terms of dims, symbols
// and locals in order, then the constant.
func flatExpr(row []int64, dims, syms int, locals []*ir.AffineExpr) *ir.AffineExpr {
	e := ir.AffineConstExpr(0)
	for j, x := range row[:len(row)-1] {
		if x == 0 {
			continue
		}
		var v *ir.AffineExpr
		switch {
		case j < dims:
			v = ir.AffineDimExpr(j)
		case j < dims+syms:
			v = ir.AffineSymbolExpr(j - dims)
		default:
			v = locals[j-dims-syms]
		}
		e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, v, ir.AffineConstExpr(x)))
	}
	return ir.AffineBinary(ir.AffineAdd, e, ir.AffineConstExpr(row[len(row)-1]))
}

// removeTrivialRedundancy is MLIR's IntegerRelation::removeTrivialRedundancy:
// inequalities are GCD-tightened and every row divided by the GCD of its
// entries; then trivially true inequalities, repeated ones and, among
// inequalities differing only in their constant, all but the tightest
// are dropped. Equalities are kept, repeated or not, as MLIR's.
func (c *Constraints) removeTrivialRedundancy() {
	n := c.NumVars()
	for _, r := range c.ineqs {
		if g := rowGCD(r[:n]); g > 1 {
			for i := range r[:n] {
				r[i] /= g
			}
			r[n] = ir.FloorDiv(r[n], g)
		}
	}
	for _, rows := range [][][]int64{c.eqs, c.ineqs} {
		for _, r := range rows {
			if g := rowGCD(r); g > 1 {
				for i := range r {
					r[i] /= g
				}
			}
		}
	}
	// tightest maps the coefficients of a kept inequality to its index
	// in kept.
	tightest := map[string]int{}
	var kept [][]int64
	for _, r := range c.ineqs {
		if rowGCD(r[:n]) == 0 && r[n] >= 0 {
			continue
		}
		k := key(r[:n])
		at, seen := tightest[k]
		switch {
		case !seen:
			tightest[k] = len(kept)
			kept = append(kept, r)
		case r[n] < kept[at][n]:
			kept[at] = nil
			tightest[k] = len(kept)
			kept = append(kept, r)
		}
	}
	c.ineqs = slices.DeleteFunc(kept, func(r []int64) bool { return r == nil })
}

// InequalitySet is MLIR's removeTrivialRedundancy then getAsIntegerSet on
// inequalities row·x + row[dims] >= 0 over dims variables, every one a
// dim: nil when no constraint is left (each was trivially true).
func InequalitySet(rows [][]int64, dims int) *ir.IntegerSet {
	cs := &Constraints{}
	for range dims {
		cs.AppendVar(Dim, nil)
	}
	for _, r := range rows {
		cs.AddInequality(r)
	}
	cs.removeTrivialRedundancy()
	if len(cs.ineqs) == 0 {
		return nil
	}
	set := &ir.IntegerSet{Dims: dims}
	for _, r := range cs.ineqs {
		set.Constraints = append(set.Constraints, flatExpr(r, dims, 0, nil))
		set.IsEq = append(set.IsEq, false)
	}
	return set
}
