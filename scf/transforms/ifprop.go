package transforms

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// IfConditionPropagationPass is scf-if-condition-propagation.
func IfConditionPropagationPass() *pass.Pass {
	return &pass.Pass{Name: "SCFIfConditionPropagation", Argument: "scf-if-condition-propagation",
		Summary: "Propagate the condition of an scf.if into its then and else regions as true and false",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.if", func(rw *ir.Rewriter, o *ir.Operation) error {
				propagateIfCondition(rw, o)
				return nil
			})
		}}
}

// propagateIfCondition replaces the uses of an scf.if's condition inside
// its then region (at any depth) by true and inside its else region by
// false, with constants made before the if (MLIR's
// SCFIfConditionPropagation); a constant nothing uses is not kept.
func propagateIfCondition(rw *ir.Rewriter, ifOp *ir.Operation) {
	ctx := rw.Context()
	cond := ifOp.Operand(0)
	var inThen, inElse []*ir.OpOperand
	for u := range cond.Uses() {
		switch owner := u.Owner(); {
		case ifOp.Region(0).IsAncestorOf(owner):
			inThen = append(inThen, u)
		case ifOp.Region(1).IsAncestorOf(owner):
			inElse = append(inElse, u)
		}
	}
	rw.SetInsertionPointBefore(ifOp)
	for i, uses := range [][]*ir.OpOperand{inThen, inElse} {
		if len(uses) == 0 {
			continue
		}
		c := arith.NewConstant(&rw.Builder, ctx.IntegerAttr(ctx.I(1), int64(1-i)), ctx.I(1), ifOp.Loc())
		for _, u := range uses {
			owner := u.Owner()
			rw.ModifyInPlace(owner, func() { u.Set(c) })
		}
	}
}
