package index

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// simplifyFn folds op to one of its operands given its constant operands
// (nil when not constant), or returns nil.
type simplifyFn func(op *ir.Operation, lhs, rhs *ir.IntegerAttr) *ir.Value

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

// foldBinary folds constant operands through arith's evaluation of
// arithName, then tries simplify.
func foldBinary(arithName string, simplify simplifyFn) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		lhs, rhs := constInt(operands[0]), constInt(operands[1])
		if lhs != nil && rhs != nil {
			r, ok := atBothWidths([]uint64{uint64(lhs.Int()), uint64(rhs.Int())}, func(w int, xs []uint64) (uint64, bool) {
				return arith.EvalInt(arithName, w, xs[0], xs[1])
			})
			if ok {
				return []ir.FoldResult{{Attr: op.Context().IndexAttr(int64(r))}}, true
			}
		}
		if simplify != nil {
			if v := simplify(op, lhs, rhs); v != nil {
				return []ir.FoldResult{{Value: v}}, true
			}
		}
		return nil, false
	}
}

// rhsIs folds op(x, c) to x.
func rhsIs(c int64) simplifyFn {
	return func(op *ir.Operation, _, rhs *ir.IntegerAttr) *ir.Value {
		if rhs != nil && rhs.Int() == c {
			return op.Operand(0)
		}
		return nil
	}
}

// sameOperands folds op(x, x) to x.
func sameOperands(op *ir.Operation, _, _ *ir.IntegerAttr) *ir.Value {
	if op.Operand(0) == op.Operand(1) {
		return op.Operand(0)
	}
	return nil
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
				x = uint64(arith.SExt(fromWidth, x))
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
