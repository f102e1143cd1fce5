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
	eq = iota
	ne
	slt
	sle
	sgt
	sge
	ult
	ule
	ugt
	uge
)

var invert = [...]int{eq: ne, ne: eq, slt: sge, sle: sgt, sgt: sle, sge: slt, ult: uge, ule: ugt, ugt: ule, uge: ult}

func staticallyTrue(pred int, l, r Range) bool {
	switch pred {
	case sle:
		return l.SMax <= r.SMin
	case slt:
		return l.SMax < r.SMin
	case ule:
		return l.UMax <= r.UMin
	case ult:
		return l.UMax < r.UMin
	case sge:
		return l.SMin >= r.SMax
	case sgt:
		return l.SMin > r.SMax
	case uge:
		return l.UMin >= r.UMax
	case ugt:
		return l.UMin > r.UMax
	case eq:
		a, ok1 := ConstantValue(l)
		b, ok2 := ConstantValue(r)
		return ok1 && ok2 && a == b
	case ne:
		sne := staticallyTrue(slt, l, r) || staticallyTrue(sgt, l, r)
		une := staticallyTrue(ult, l, r) || staticallyTrue(ugt, l, r)
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
	lo, hi, st := sminOf(w), smaxOf(w), smaxOf(w)
	if lb.Width != 0 {
		lo = lb.SMin
	}
	if ub.Width != 0 {
		hi = ub.SMax
	}
	if step.Width != 0 {
		st = step.SMax
	}
	if st < 0 {
		lo, hi = hi, lo
	} else {
		hi = sext(w, uint64(hi-1))
	}
	if hi >= lo {
		set(iv, FromSigned(w, lo, hi))
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
		return FloorDivS(l, positive(r))
	case ir.AffineCeilDiv:
		return CeilDivS(l, positive(r))
	}
	return affineMod(l, r)
}

// positive is MLIR's clampToPositive: a divisor's range without the
// values below 1.
func positive(r Range) Range {
	umin, smin := max(r.UMin, 1), max(r.SMin, 1)
	return Intersection(FromUnsigned(r.Width, umin, r.UMax), FromSigned(r.Width, smin, r.SMax))
}

func affineMod(l, r Range) Range {
	w := r.Width
	if r.SMax == 0 {
		return MaxRange(w)
	}
	umin, umax := uint64(0), mask(w, uint64(r.SMax)-1)
	switch {
	case r.SMin > 0 && l.SMin >= 0 && uint64(l.SMax) < uint64(r.SMin):
		umin, umax = uint64(l.SMin), uint64(l.SMax)
	case r.SMin == r.SMax && l.SMin >= 0 && mask(w, uint64(l.SMax-l.SMin)) < uint64(r.SMax) &&
		uint64(l.SMin)/uint64(r.SMax) == uint64(l.SMax)/uint64(r.SMax):
		umin, umax = uint64(l.SMin)%uint64(r.SMax), uint64(l.SMax)%uint64(r.SMax)
	}
	return FromUnsigned(w, umin, umax)
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
	unknown := FromSigned(w, 0, smaxOf(w))
	if !s.HasRank() {
		set(op.Result(0), unknown)
		return
	}
	shape := s.Shape()
	lo, hi := int64(0), int64(len(shape)-1)
	if d := args[1]; d.Width != 0 {
		lo, hi = max(lo, d.SMin), min(hi, d.SMax)
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
