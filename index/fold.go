package index

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// simplifyFn folds op given its constant operands (nil when not constant),
// or returns false.
type simplifyFn func(op *ir.Operation, lhs, rhs *ir.IntegerAttr) (ir.FoldResult, bool)

// constInt returns a as an integer constant, or nil.
func constInt(a ir.Attribute) *ir.IntegerAttr {
	ia, _ := a.(*ir.IntegerAttr)
	return ia
}

// atBothWidths evaluates f on the operands as 64-bit and as truncated
// 32-bit values and returns the 64-bit result when the two agree: an index
// is 32 or 64 bits wide depending on the target, so only such results fold.
func atBothWidths(xs []uint64, f func(width int, xs []uint64) (uint64, bool)) (uint64, bool) {
	r64, ok := f(64, xs)
	if !ok {
		return 0, false
	}
	narrow := make([]uint64, len(xs))
	for i, x := range xs {
		narrow[i] = arith.Mask(32, x)
	}
	r32, ok := f(32, narrow)
	return r64, ok && arith.Mask(32, r64) == r32
}

// evalFn computes a binary index op on width-bit operands; ok is false
// where the op does not fold.
type evalFn func(width int, a, b uint64) (r uint64, ok bool)

// arithEval evaluates as the arith op of that name does.
func arithEval(arithName string) evalFn {
	return func(w int, a, b uint64) (uint64, bool) { return arith.EvalInt(arithName, w, a, b) }
}

// wrap truncates v to width bits and sign-extends it back, as APInt's
// fixed-width arithmetic wraps.
func wrap(width int, v int64) int64 { return arith.SExt(width, uint64(v)) }

// sdiv is APInt's sdiv: it wraps on INT_MIN / -1 where arith.divsi refuses.
func sdiv(width int, x, y int64) int64 { return wrap(width, x/y) }

// evalDivS, evalCeilDivS and evalFloorDivS follow MLIR's index folds, which
// compute with wrapping APInt arithmetic (so ceildivs(INT_MIN, -1) folds
// where the 32- and 64-bit bit patterns agree), refusing only division by zero.
func evalDivS(w int, a, b uint64) (uint64, bool) {
	n, m := arith.SExt(w, a), arith.SExt(w, b)
	if m == 0 {
		return 0, false
	}
	return arith.Mask(w, uint64(sdiv(w, n, m))), true
}

// evalCeilDivS is `n*m > 0 ? (n+x)/m + 1 : -(-n/m)` with x = m > 0 ? -1 : 1.
func evalCeilDivS(w int, a, b uint64) (uint64, bool) {
	n, m := arith.SExt(w, a), arith.SExt(w, b)
	switch {
	case m == 0:
		return 0, false
	case n == 0:
		return 0, true
	case (n > 0) != (m > 0):
		return arith.Mask(w, uint64(wrap(w, -sdiv(w, wrap(w, -n), m)))), true
	}
	x := int64(1)
	if m > 0 {
		x = -1
	}
	return arith.Mask(w, uint64(wrap(w, sdiv(w, wrap(w, n+x), m)+1))), true
}

// evalFloorDivS is `n*m < 0 ? -1 - (x-n)/m : n/m` with x = m < 0 ? 1 : -1.
func evalFloorDivS(w int, a, b uint64) (uint64, bool) {
	n, m := arith.SExt(w, a), arith.SExt(w, b)
	switch {
	case m == 0:
		return 0, false
	case n == 0:
		return 0, true
	case (n < 0) == (m < 0):
		return arith.Mask(w, uint64(sdiv(w, n, m))), true
	}
	x := int64(-1)
	if m < 0 {
		x = 1
	}
	return arith.Mask(w, uint64(wrap(w, -1-sdiv(w, wrap(w, x-n), m)))), true
}

// foldBinary folds constant operands through eval, then tries simplify.
func foldBinary(eval evalFn, simplify simplifyFn) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		lhs, rhs := constInt(operands[0]), constInt(operands[1])
		if lhs != nil && rhs != nil {
			r, ok := atBothWidths([]uint64{uint64(lhs.Int()), uint64(rhs.Int())}, func(w int, xs []uint64) (uint64, bool) {
				return eval(w, xs[0], xs[1])
			})
			if ok {
				return []ir.FoldResult{{Attr: op.Context().IndexAttr(int64(r))}}, true
			}
		}
		if simplify != nil {
			if r, ok := simplify(op, lhs, rhs); ok {
				return []ir.FoldResult{r}, true
			}
		}
		return nil, false
	}
}

// rhsIs folds op(x, c) to x.
func rhsIs(c int64) simplifyFn {
	return func(op *ir.Operation, _, rhs *ir.IntegerAttr) (ir.FoldResult, bool) {
		if rhs != nil && rhs.Int() == c {
			return ir.FoldResult{Value: op.Operand(0)}, true
		}
		return ir.FoldResult{}, false
	}
}

// mulIdentities folds mul(x, 1) to x and mul(x, 0) to the 0.
func mulIdentities(op *ir.Operation, lhs, rhs *ir.IntegerAttr) (ir.FoldResult, bool) {
	if rhs != nil && rhs.Int() == 0 {
		return ir.FoldResult{Attr: rhs}, true
	}
	return rhsIs(1)(op, lhs, rhs)
}

// sameOperands folds op(x, x) to x.
func sameOperands(op *ir.Operation, _, _ *ir.IntegerAttr) (ir.FoldResult, bool) {
	if op.Operand(0) == op.Operand(1) {
		return ir.FoldResult{Value: op.Operand(0)}, true
	}
	return ir.FoldResult{}, false
}

// foldCmp folds comparisons of constants that agree at both widths, and of
// a value with itself.
func foldCmp(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	pa, ok := op.Attr("pred").(*CmpPredicateAttr)
	if !ok {
		return nil, false
	}
	p := pa.Pred
	ctx := op.Context()
	if op.Operand(0) == op.Operand(1) {
		eq := p == arith.CmpIEQ || p == arith.CmpISLE || p == arith.CmpISGE || p == arith.CmpIULE || p == arith.CmpIUGE
		return []ir.FoldResult{{Attr: ctx.BoolAttr(eq)}}, true
	}
	lhs, rhs := constInt(operands[0]), constInt(operands[1])
	if lhs == nil && rhs != nil {
		return foldCmpOfMaxOrMin(op, p, rhs)
	}
	if lhs == nil || rhs == nil {
		return nil, false
	}
	r, ok := atBothWidths([]uint64{uint64(lhs.Int()), uint64(rhs.Int())}, func(w int, xs []uint64) (uint64, bool) {
		if arith.EvalCmpI(p, w, xs[0], xs[1]) {
			return 1, true
		}
		return 0, true
	})
	if !ok {
		return nil, false
	}
	return []ir.FoldResult{{Attr: ctx.BoolAttr(r == 1)}}, true
}

// foldCast folds a cast of a constant; signed casts sign-extend. From an
// index it folds only when the 32- and 64-bit index give the same result.
func foldCast(signed bool) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		in := constInt(operands[0])
		if in == nil {
			return nil, false
		}
		from, to := op.Operand(0).Type(), op.Result(0).Type()
		if ir.IntOrFloatBitWidth(from) > 64 || ir.IntOrFloatBitWidth(to) > 64 {
			return nil, false // wider than the evaluation
		}
		ext := func(fromWidth, toWidth int, x uint64) uint64 {
			if signed {
				return arith.Mask(toWidth, uint64(arith.SExt(fromWidth, x)))
			}
			return arith.Mask(toWidth, arith.Mask(fromWidth, x))
		}
		var r uint64
		if isIndex(from) {
			w := ir.IntOrFloatBitWidth(to)
			r64, r32 := ext(64, w, uint64(in.Int())), ext(32, w, uint64(in.Int()))
			if r64 != r32 {
				return nil, false
			}
			r = r64
		} else {
			r = ext(ir.IntOrFloatBitWidth(from), 64, uint64(in.Int()))
		}
		return []ir.FoldResult{{Attr: op.Context().IntegerAttr(to, int64(r))}}, true
	}
}

// intRange is a value's possible range under both interpretations, as
// MLIR's ConstantIntRanges at one width (bounds held as width-bit patterns
// sign- or zero-extended).
type intRange struct {
	umin, umax uint64
	smin, smax int64
}

// fromSigned is ConstantIntRanges::fromSigned: the unsigned bounds are the
// same unless the range crosses zero.
func fromSigned(w int, smin, smax int64) intRange {
	r := intRange{umin: 0, umax: arith.Mask(w, ^uint64(0)), smin: smin, smax: smax}
	if (smin >= 0) == (smax >= 0) {
		a, b := arith.Mask(w, uint64(smin)), arith.Mask(w, uint64(smax))
		r.umin, r.umax = min(a, b), max(a, b)
	}
	return r
}

// fromUnsigned is ConstantIntRanges::fromUnsigned.
func fromUnsigned(w int, umin, umax uint64) intRange {
	r := intRange{umin: umin, umax: umax, smin: arith.SExt(w, 1<<uint(w-1)), smax: arith.SExt(w, 1<<uint(w-1)-1)}
	if a, b := arith.SExt(w, umin), arith.SExt(w, umax); (a < 0) == (b < 0) {
		r.smin, r.smax = min(a, b), max(a, b)
	}
	return r
}

// staticallyTrue is intrange's isStaticallyTrue: p holds for every pair of
// values in the ranges.
func staticallyTrue(p arith.CmpIPredicate, l, r intRange) bool {
	switch p {
	case arith.CmpISLT:
		return l.smax < r.smin
	case arith.CmpISLE:
		return l.smax <= r.smin
	case arith.CmpISGT:
		return l.smin > r.smax
	case arith.CmpISGE:
		return l.smin >= r.smax
	case arith.CmpIULT:
		return l.umax < r.umin
	case arith.CmpIULE:
		return l.umax <= r.umin
	case arith.CmpIUGT:
		return l.umin > r.umax
	case arith.CmpIUGE:
		return l.umin >= r.umax
	case arith.CmpIEQ:
		lc, lok := l.constant()
		rc, rok := r.constant()
		return lok && rok && lc == rc
	case arith.CmpINE:
		return (staticallyTrue(arith.CmpISLT, l, r) || staticallyTrue(arith.CmpISGT, l, r)) &&
			(staticallyTrue(arith.CmpIULT, l, r) || staticallyTrue(arith.CmpIUGT, l, r))
	}
	return false
}

// constant is ConstantIntRanges::getConstantValue, as an unsigned pattern.
func (r intRange) constant() (uint64, bool) {
	if r.umin == r.umax {
		return r.umin, true
	}
	if r.smin == r.smax {
		return uint64(r.smin), true
	}
	return 0, false
}

// foldCmpOfMaxOrMin folds cmp(max/min(x, cstA), cstB) when the range the
// max or min leaves decides the comparison at both index widths (MLIR's
// foldCmpOfMaxOrMin).
func foldCmpOfMaxOrMin(op *ir.Operation, p arith.CmpIPredicate, cstB *ir.IntegerAttr) ([]ir.FoldResult, bool) {
	def := op.Operand(0).DefiningOp()
	if def == nil {
		return nil, false
	}
	name := def.Name()
	if name != "index.maxs" && name != "index.maxu" && name != "index.mins" && name != "index.minu" {
		return nil, false
	}
	cstA, ok := ir.ConstantIntAttr(def.Operand(1))
	if !ok {
		return nil, false
	}
	eval := func(w int) (bool, bool) {
		a, b := arith.Mask(w, uint64(cstA.Int())), arith.Mask(w, uint64(cstB.Int()))
		sa, sb := arith.SExt(w, a), arith.SExt(w, b)
		var l intRange
		switch name {
		case "index.maxs":
			l = fromSigned(w, sa, arith.SExt(w, 1<<uint(w-1)-1))
		case "index.mins":
			l = fromSigned(w, arith.SExt(w, 1<<uint(w-1)), sa)
		case "index.maxu":
			l = fromUnsigned(w, a, arith.Mask(w, ^uint64(0)))
		default:
			l = fromUnsigned(w, 0, a)
		}
		r := intRange{umin: b, umax: b, smin: sb, smax: sb}
		switch {
		case staticallyTrue(p, l, r):
			return true, true
		case staticallyTrue(p.Inverse(), l, r):
			return false, true
		}
		return false, false
	}
	r64, ok64 := eval(64)
	r32, ok32 := eval(32)
	if !ok64 || !ok32 || r64 != r32 {
		return nil, false
	}
	return []ir.FoldResult{{Attr: op.Context().BoolAttr(r64)}}, true
}
