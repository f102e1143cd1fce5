package intrange

import "github.com/kiln-gpu/kiln/ir"

// Hook is the type of ir.OpDef.InferIntRanges.
type Hook = func(op *ir.Operation, operands []Range, set func(v *ir.Value, r Range))

// Infer makes a hook of a one-result op from a rule over its operands'
// ranges, as MLIR's default inferResultRanges: nothing is inferred while
// an operand has no range.
func Infer(rule func(op *ir.Operation, args []Range) Range) Hook {
	return func(op *ir.Operation, args []Range, set func(*ir.Value, Range)) {
		for _, a := range args {
			if a.Width == 0 {
				return
			}
		}
		if op.NumResults() == 1 {
			set(op.Result(0), rule(op, args))
		}
	}
}

// Binary makes a hook of a two-operand op from a rule on its ranges.
func Binary(rule func(l, r Range) Range) Hook {
	return Infer(func(_ *ir.Operation, args []Range) Range { return rule(args[0], args[1]) })
}

// Cmp evaluates an integer comparison on two ranges: true or false when
// every pair of values compares so, else ok is false (MLIR's
// evaluatePred). pred is arith.cmpi's predicate number (eq, ne, slt, sle,
// sgt, sge, ult, ule, ugt, uge).
func Cmp(pred int, l, r Range) (result, ok bool) {
	if staticallyTrue(pred, l, r) {
		return true, true
	}
	if staticallyTrue(invert[pred], l, r) {
		return false, true
	}
	return false, false
}

// The predicates in arith.cmpi's numbering.
const (
	predEq = iota
	predNe
	predSlt
	predSle
	predSgt
	predSge
	predUlt
	predUle
	predUgt
	predUge
)

var invert = [...]int{predEq: predNe, predNe: predEq, predSlt: predSge, predSle: predSgt, predSgt: predSle,
	predSge: predSlt, predUlt: predUge, predUle: predUgt, predUgt: predUle, predUge: predUlt}

func staticallyTrue(pred int, l, r Range) bool {
	w := l.Width
	switch pred {
	case predSle:
		return !slt(w, r.SMin, l.SMax)
	case predSlt:
		return slt(w, l.SMax, r.SMin)
	case predUle:
		return !ult(r.UMin, l.UMax)
	case predUlt:
		return ult(l.UMax, r.UMin)
	case predSge:
		return !slt(w, l.SMin, r.SMax)
	case predSgt:
		return slt(w, r.SMax, l.SMin)
	case predUge:
		return !ult(l.UMin, r.UMax)
	case predUgt:
		return ult(r.UMax, l.UMin)
	case predEq:
		a, ok1 := ConstantBits(l)
		b, ok2 := ConstantBits(r)
		return ok1 && ok2 && eq(a, b)
	case predNe:
		sne := staticallyTrue(predSlt, l, r) || staticallyTrue(predSgt, l, r)
		une := staticallyTrue(predUlt, l, r) || staticallyTrue(predUgt, l, r)
		return sne && une
	}
	return false
}

// CmpRange is the i1 range of a comparison (arith.cmpi, index.cmp).
func CmpRange(pred int, l, r Range) Range {
	lo, hi := uint64(0), uint64(1)
	if v, ok := Cmp(pred, l, r); ok {
		if v {
			lo = 1
		} else {
			hi = 0
		}
	}
	return FromUnsigned(1, lo, hi)
}

// LoopIV sets the range of a loop's single induction variable iv from the
// ranges of its lower bound, upper bound and step (Width 0 where unknown),
// as MLIR's IntegerRangeAnalysis does for a LoopLikeOpInterface op: from
// the lower bound's smallest signed value to the upper bound's largest
// minus one (swapped for a negative step, an unknown step counting as
// positive); nothing when that range is empty.
func LoopIV(iv *ir.Value, lb, ub, step Range, set func(*ir.Value, Range)) {
	w := StorageWidth(iv.Type())
	if w == 0 {
		return
	}
	lo, hi, st := signMin(w), signMax(w), signMax(w)
	if lb.Width == w {
		lo = lb.SMin
	}
	if ub.Width == w {
		hi = ub.SMax
	}
	if step.Width == w {
		st = step.SMax
	}
	if Negative(w, st) {
		lo, hi = hi, lo
	} else {
		hi = sub(w, hi, Uint(w, 1))
	}
	if !slt(w, hi, lo) {
		set(iv, fromS(w, lo, hi))
	}
}

// AffineExpr is inferAffineExpr: the range of e over dimensions and
// symbols of the given ranges, at index width; additions and products
// do not wrap (affine arithmetic is exact), mod is Euclidean and the
// divisions' divisors are positive.
func AffineExpr(e *ir.AffineExpr, dims, syms []Range) Range {
	switch e.Kind {
	case ir.AffineConst:
		return Constant(64, uint64(e.Value))
	case ir.AffineDim:
		return dims[e.Value]
	case ir.AffineSymbol:
		return syms[e.Value]
	}
	l, r := AffineExpr(e.LHS, dims, syms), AffineExpr(e.RHS, dims, syms)
	switch e.Kind {
	case ir.AffineAdd:
		return Add(l, r, NSW)
	case ir.AffineMul:
		return Mul(l, r, NSW)
	case ir.AffineFloorDiv:
		return FloorDivS(l, clampPositive(r))
	case ir.AffineCeilDiv:
		return CeilDivS(l, clampPositive(r))
	}
	return affineMod(l, r)
}

// clampPositive is MLIR's clampToPositive: a divisor's range without the
// values below 1.
func clampPositive(r Range) Range {
	w, one := r.Width, Uint(r.Width, 1)
	umin, smin := maxOf(w, r.UMin, one, false), maxOf(w, r.SMin, one, true)
	return Intersection(fromU(w, umin, r.UMax), fromS(w, smin, r.SMax))
}

func affineMod(l, r Range) Range {
	w := r.Width
	if isZero(r.SMax) {
		return MaxRange(w)
	}
	umin, umax := zero(w), sub(w, r.SMax, Uint(w, 1))
	switch {
	case positive(w, r.SMin) && !Negative(w, l.SMin) && ult(l.SMax, r.SMin):
		umin, umax = l.SMin, l.SMax
	case eq(r.SMin, r.SMax) && !Negative(w, l.SMin) && ult(sub(w, l.SMax, l.SMin), r.SMax) &&
		eq(udiv(l.SMin, r.SMax), udiv(l.SMax, r.SMax)):
		umin, umax = urem(l.SMin, r.SMax), urem(l.SMax, r.SMax)
	}
	return fromU(w, umin, umax)
}

// ShapedDim is the hook of a dimension query (memref.dim, tensor.dim):
// MLIR's inferShapedDimOpInterface, the union of the sizes of the
// dimensions the index operand's range allows, a dynamic or unranked one
// being [0, signed max].
func ShapedDim(op *ir.Operation, args []Range, set func(*ir.Value, Range)) {
	w := StorageWidth(op.Result(0).Type())
	s, ok := op.Operand(0).Type().(ir.ShapedType)
	if w == 0 || !ok {
		return
	}
	unknown := fromS(w, zero(w), signMax(w))
	if !s.HasRank() {
		set(op.Result(0), unknown)
		return
	}
	shape := s.Shape()
	lo, hi := int64(0), int64(len(shape)-1)
	if d := args[1]; d.Width == 64 {
		lo, hi = max(lo, int64(d.SMin.Lo)), min(hi, int64(d.SMax.Lo))
	}
	var r Range
	for i := lo; i <= hi; i++ {
		if shape[i] == ir.Dynamic {
			r = Join(r, unknown)
		} else {
			r = Join(r, Constant(w, uint64(shape[i])))
		}
	}
	if r.Width == 0 {
		r = unknown
	}
	set(op.Result(0), r)
}
