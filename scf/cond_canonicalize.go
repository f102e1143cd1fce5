package scf

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// boolConst inserts an i1 constant before op, once per rewrite.
func boolConst(rw *ir.Rewriter, op *ir.Operation, v bool, cache **ir.Value) *ir.Value {
	if *cache == nil {
		rw.SetInsertionPointBefore(op)
		*cache = rw.Create(&ir.OpState{Name: "arith.constant", Loc: op.Loc(), ResultTypes: []ir.Type{op.Context().I(1)},
			Attrs: []ir.NamedAttr{{Name: "value", Value: op.Context().BoolAttr(v)}}}).Result(0)
	}
	return *cache
}

// ifConditionPropagation replaces uses of an scf.if's condition inside its
// then-region by true and inside its else-region by false (MLIR's
// ConditionPropagation).
func ifConditionPropagation(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0)
	if _, ok := ir.ConstantIntAttr(c); ok {
		return false
	}
	var t, f *ir.Value
	changed := false
	for u := range c.Uses() {
		owner := u.Owner()
		var v *ir.Value
		switch {
		case inRegion(owner, op.Region(0)):
			v = boolConst(rw, op, true, &t)
		case inRegion(owner, op.Region(1)):
			v = boolConst(rw, op, false, &f)
		default:
			continue
		}
		rw.ModifyInPlace(owner, func() { owner.SetOperand(u.Index(), v) })
		changed = true
	}
	return changed
}

// whileConditionTruth replaces the after-region arguments that receive the
// loop condition itself by true: the body only runs when it holds (MLIR's
// WhileConditionTruth).
func whileConditionTruth(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	cond, after := w.Condition(), w.After()
	if cond == nil || cond.Name() != "scf.condition" || after == nil || cond.NumOperands()-1 != after.NumArgs() {
		return false
	}
	var t *ir.Value
	changed := false
	for i, v := range cond.Operands()[1:] {
		if v == cond.Operand(0) && after.Arg(i).HasUses() {
			rw.ReplaceAllUsesWith(after.Arg(i), boolConst(rw, op, true, &t))
			changed = true
		}
	}
	return changed
}

// whileCmpCond replaces, in a while body, comparisons that repeat the
// loop's arith.cmpi condition on the forwarded operand by true, and those
// that invert it by false: the body only runs when the condition held
// (MLIR's WhileCmpCond).
func whileCmpCond(op *ir.Operation, rw *ir.Rewriter) bool {
	w := While{op}
	cond, after := w.Condition(), w.After()
	if cond == nil || cond.Name() != "scf.condition" || after == nil || cond.NumOperands()-1 != after.NumArgs() {
		return false
	}
	cmp := cond.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != "arith.cmpi" || cmp.NumOperands() != 2 {
		return false
	}
	p, ok := arith.CmpI{Operation: cmp}.Predicate()
	if !ok {
		return false
	}
	changed := false
	for i, v := range cond.Operands()[1:] {
		for side := range 2 {
			if v != cmp.Operand(side) {
				continue
			}
			for u := range after.Arg(i).Uses() {
				c2 := u.Owner()
				if c2.Name() != "arith.cmpi" || u.Index() != side || c2.Operand(1-side) != cmp.Operand(1-side) {
					continue
				}
				p2, ok := arith.CmpI{Operation: c2}.Predicate()
				if !ok || (p2 != p && p2 != p.Inverse()) {
					continue
				}
				rw.SetInsertionPointBefore(c2)
				rw.ReplaceOpWith(c2, &ir.OpState{Name: "arith.constant", Loc: c2.Loc(), ResultTypes: c2.ResultTypes(),
					Attrs: []ir.NamedAttr{{Name: "value", Value: op.Context().BoolAttr(p2 == p)}}})
				changed = true
			}
		}
	}
	return changed
}
