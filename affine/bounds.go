package affine

import (
	"github.com/kiln-gpu/kiln/ir"
)

// MLIR's simplifications of maps from what is known of their operands
// (AffineOps.cpp): affine.for induction variables with constant bounds
// bound the expressions over them.

// bound is an optional constant bound.
type bound struct {
	v  int64
	ok bool
}

// forOfIV returns the affine.for whose induction variable v is.
func forOfIV(v *ir.Value) *ir.Operation {
	b := v.OwnerBlock()
	if v.DefiningOp() != nil || b == nil || v.Index() != 0 {
		return nil
	}
	if pa := b.ParentOp(); pa != nil && pa.Name() == "affine.for" {
		return pa
	}
	return nil
}

// constantFor returns the constant lower and upper bounds of a loop.
func constantFor(f *ir.Operation) (lb, ub bound) {
	if c, ok := constantBound(MapOf(f, "lowerBoundMap")); ok && len(For{f}.LowerBoundOperands()) == 0 {
		lb = bound{c, true}
	}
	if c, ok := constantBound(MapOf(f, "upperBoundMap")); ok && len(For{f}.UpperBoundOperands()) == 0 {
		ub = bound{c, true}
	}
	return lb, ub
}

// ivBounds are MLIR's getLowerBound and getUpperBound of a value: the
// constant range of an affine.for induction variable (its last value,
// with a step, when both bounds are known), else unknown.
func ivBounds(v *ir.Value) (lo, hi bound) {
	f := forOfIV(v)
	if f == nil {
		return
	}
	lb, ub := constantFor(f)
	if ub.ok {
		hi = bound{ub.v - 1, true}
		if lb.ok {
			hi.v -= (ub.v - lb.v - 1) % For{f}.Step()
		}
	}
	return lb, hi
}

// boundFor is MLIR's getBoundForAffineExpr: a constant lower (or upper)
// bound of e from the bounds of its dims and symbols.
func boundFor(e *ir.AffineExpr, dims, syms int, lows, highs []bound, upper bool) bound {
	if e.LHS != nil && e.RHS.Kind == ir.AffineConst {
		c := e.RHS.Value
		switch e.Kind {
		case ir.AffineFloorDiv, ir.AffineCeilDiv:
			if c < 1 {
				return bound{}
			}
			b := boundFor(e.LHS, dims, syms, lows, highs, upper)
			if !b.ok {
				return b
			}
			if e.Kind == ir.AffineFloorDiv {
				return bound{ir.FloorDiv(b.v, c), true}
			}
			return bound{-ir.FloorDiv(-b.v, c), true}
		case ir.AffineMod:
			if c >= 1 {
				lb := boundFor(e.LHS, dims, syms, lows, highs, false)
				ub := boundFor(e.LHS, dims, syms, lows, highs, upper)
				if lb.ok && ub.ok && ir.FloorDiv(lb.v, c) == ir.FloorDiv(ub.v, c) {
					if upper {
						return bound{floorMod(ub.v, c), true}
					}
					return bound{floorMod(lb.v, c), true}
				}
				if upper {
					return bound{c - 1, true}
				}
				return bound{0, true}
			}
		}
	} else if e.Kind == ir.AffineFloorDiv {
		return bound{}
	}
	if !isPureAffine(e) {
		return bound{}
	}
	f := &flattener{dims: dims, syms: syms}
	if !f.walk(e) || len(f.locals) > 0 {
		return bound{}
	}
	flat := f.stack[0]
	total := flat[len(flat)-1]
	for i := range dims + syms {
		c := flat[i]
		if c == 0 {
			continue
		}
		b := lows[i]
		if c > 0 == upper {
			b = highs[i]
		}
		if !b.ok {
			return bound{}
		}
		total += b.v * c
	}
	return bound{total, true}
}

// operandBounds returns the constant bounds of each operand.
func operandBounds(operands []*ir.Value) (lows, highs []bound) {
	lows, highs = make([]bound, len(operands)), make([]bound, len(operands))
	for i, v := range operands {
		lows[i], highs[i] = ivBounds(v)
	}
	return lows, highs
}

// simplifyMinMaxWithOperands is MLIR's simplifyMinOrMaxExprWithOperands:
// a result whose range is one value becomes that constant, and a result
// another result always beats (for a max, one whose upper bound is below
// another's lower bound) goes; of equal constant results the first stays.
func simplifyMinMaxWithOperands(m exprs, operands []*ir.Value, isMax bool) exprs {
	if len(operands) == 0 {
		return m
	}
	lows, highs := operandBounds(operands)
	n := len(m.List)
	lb, ub := make([]bound, n), make([]bound, n)
	for i, e := range m.List {
		if e.Kind == ir.AffineConst {
			lb[i], ub[i] = bound{e.Value, true}, bound{e.Value, true}
			continue
		}
		lb[i] = boundFor(e, m.Dims, m.Syms, lows, highs, false)
		ub[i] = boundFor(e, m.Dims, m.Syms, lows, highs, true)
	}
	out := exprs{Dims: m.Dims, Syms: m.Syms}
	for i, e := range m.List {
		if lb[i].ok && ub[i].ok && lb[i].v == ub[i].v {
			e = ir.AffineConstExpr(lb[i].v)
		}
		// For a max, the result goes when another's lower bound passes its
		// upper bound; for a min, when another's upper bound is below its
		// lower bound.
		mine, others, theirs := ub[i], lb, ub
		if !isMax {
			mine, others, theirs = lb[i], ub, lb
		}
		if !mine.ok {
			out.List = append(out.List, e)
			continue
		}
		redundant := false
		for j, o := range others {
			if j == i || !o.ok {
				continue
			}
			beats := o.v > mine.v
			if !isMax {
				beats = o.v < mine.v
			}
			if beats {
				redundant = true
				break
			}
			if o.v != mine.v {
				continue
			}
			// Equal bounds: of two constant results keep the first.
			if theirs[j].ok && lb[i].ok && ub[i].ok && lb[i].v == ub[i].v && o.v == theirs[j].v && i < j {
				continue
			}
			redundant = true
			break
		}
		if !redundant {
			out.List = append(out.List, e)
		}
	}
	return out
}

// divisorWithOperands is MLIR's getLargestKnownDivisor(e, operands): for
// a dim bound to an affine.for induction variable, the step (from a zero
// lower bound) or its gcd with the lower bound's divisor.
func divisorWithOperands(e *ir.AffineExpr, operands []*ir.Value) int64 {
	if e.Kind != ir.AffineDim {
		return e.LargestKnownDivisor()
	}
	f := forOfIV(operands[e.Value])
	if f == nil {
		return 1
	}
	step := For{f}.Step()
	if lb, _ := constantFor(f); lb.ok && lb.v == 0 {
		return step
	}
	d := int64(0)
	for _, r := range MapOf(f, "lowerBoundMap").Results {
		d = gcd(d, r.LargestKnownDivisor())
	}
	return gcd(d, step)
}

// nonNegativeBelow is MLIR's isNonNegativeBoundedBy: 0 <= e < k for a
// constant, or a dim bound to a loop that runs within [0, k).
func nonNegativeBelow(e *ir.AffineExpr, operands []*ir.Value, k int64) bool {
	switch e.Kind {
	case ir.AffineConst:
		return e.Value >= 0 && e.Value < k
	case ir.AffineDim:
		if f := forOfIV(operands[e.Value]); f != nil {
			lb, ub := constantFor(f)
			return lb.ok && lb.v >= 0 && ub.ok && ub.v <= k
		}
	}
	return false
}

// mapOperands are a map's operands with their constant bounds, read once
// for all of the map's expressions.
type mapOperands struct {
	dims, syms  int
	operands    []*ir.Value
	lows, highs []bound
}

// simplifyExpr is MLIR's simplifyExprAndOperands: floordiv, ceildiv and
// mod by constants simplified from the operands' bounds and known
// divisors.
func (o *mapOperands) simplifyExpr(e *ir.AffineExpr) *ir.AffineExpr {
	if e.LHS == nil {
		return e
	}
	e = ir.AffineBinary(e.Kind, o.simplifyExpr(e.LHS), o.simplifyExpr(e.RHS))
	if e.Kind != ir.AffineFloorDiv && e.Kind != ir.AffineCeilDiv && e.Kind != ir.AffineMod {
		return e
	}
	lhs, rhs := e.LHS, e.RHS
	if rhs.Kind != ir.AffineConst || rhs.Value <= 0 {
		return e
	}
	c := rhs.Value
	lo := boundFor(lhs, o.dims, o.syms, o.lows, o.highs, false)
	hi := boundFor(lhs, o.dims, o.syms, o.lows, o.highs, true)
	if lo.ok && hi.ok {
		switch {
		case e.Kind == ir.AffineFloorDiv && ir.FloorDiv(lo.v, c) == ir.FloorDiv(hi.v, c):
			return ir.AffineConstExpr(ir.FloorDiv(lo.v, c))
		case e.Kind == ir.AffineCeilDiv && -ir.FloorDiv(-lo.v, c) == -ir.FloorDiv(-hi.v, c):
			return ir.AffineConstExpr(-ir.FloorDiv(-lo.v, c))
		case e.Kind == ir.AffineMod && lo.v >= 0 && lo.v < c && hi.v < c:
			return lhs
		}
	}
	// (q * d + r) floordiv c with 0 <= r < d and d | c is q * d floordiv c;
	// mod c with c | d is r mod c.
	if lhs.Kind == ir.AffineAdd {
		for _, pair := range [][2]*ir.AffineExpr{{lhs.LHS, lhs.RHS}, {lhs.RHS, lhs.LHS}} {
			d := divisorWithOperands(pair[0], o.operands)
			if !nonNegativeBelow(pair[1], o.operands, d) {
				continue
			}
			switch {
			case c%d == 0 && e.Kind == ir.AffineFloorDiv:
				return ir.AffineBinary(ir.AffineFloorDiv, pair[0], rhs)
			case d%c == 0 && e.Kind == ir.AffineMod:
				return ir.AffineBinary(ir.AffineMod, pair[1], rhs)
			}
			return e
		}
	}
	if e.Kind == ir.AffineFloorDiv && nonNegativeBelow(lhs, o.operands, c) ||
		e.Kind == ir.AffineMod && divisorWithOperands(lhs, o.operands)%c == 0 {
		return ir.AffineConstExpr(0)
	}
	return e
}

// simplifyMapWithOperands is MLIR's simplifyMapWithOperands.
func simplifyMapWithOperands(m exprs, operands []*ir.Value) exprs {
	o := &mapOperands{dims: m.Dims, syms: m.Syms, operands: operands}
	o.lows, o.highs = operandBounds(operands)
	out := exprs{m.Dims, m.Syms, make([]*ir.AffineExpr, len(m.List))}
	for i, e := range m.List {
		out.List[i] = o.simplifyExpr(e)
	}
	return out
}
