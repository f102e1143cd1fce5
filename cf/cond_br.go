package cf

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ub"
)

const condBrName = "cf.cond_br"

var condBrDef = &ir.OpDef{
	Name:    condBrName,
	Summary: "Branches to one of two blocks on an i1 condition.",
	Example: "func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {\n" +
		"  cf.cond_br %arg0 weights([60, 40]), ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)\n" +
		"^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0\n  return %0 : i32\n}",
	Traits:     ir.Terminator | ir.Pure | ir.AttrSizedOperandSegments,
	Operands:   ir.AtLeast(1),
	Successors: ir.Exactly(2),
	Inherent:   []string{"branch_weights"},
	Format: &ir.Format{Syntax: "$condition (`weights` `(` $branch_weights^ `)`)? `,` " +
		"$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` " +
		"$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict",
		Operands:   []string{"condition", "trueDestOperands*", "falseDestOperands*"},
		Successors: []string{"trueDest", "falseDest"},
		Attrs:      []ir.FormatAttr{ir.DenseIntArrayFormat("branch_weights", 32)},
		Types:      map[string]func(*ir.Context) ir.Type{"condition": func(ctx *ir.Context) ir.Type { return ctx.I(1) }}},
	Verify:               verifyCondBr,
	SuccessorOperands:    condBrSuccessorOperands,
	SetSuccessorOperands: func(op *ir.Operation, i int, vals []*ir.Value) { ir.SetOperandSegment(op, i+1, vals) },
	Canonicalize: []*ir.Pattern{
		{Name: "constant-condition", Root: condBrName, Benefit: 1, Rewrite: condBrConstant},
		{Name: "forward-pass-through-cond-br", Root: condBrName, Benefit: 1, Rewrite: condBrForward},
		{Name: "identical-successors", Root: condBrName, Benefit: 1, Rewrite: condBrIdenticalSuccessors},
		{Name: "cond-br-on-same-condition", Root: condBrName, Benefit: 1, Rewrite: condBrSameCondition},
		{Name: "truth-propagation", Root: condBrName, Benefit: 1, Rewrite: condBrTruthPropagation},
		{Name: "drop-unreachable-cond-br", Root: condBrName, Benefit: 1, Rewrite: condBrDropUnreachable},
	},

	SuccessorForOperands: ir.CondSuccessor,
}

// CondBr is a typed view of cf.cond_br.
type CondBr struct{ *ir.Operation }

// Condition returns the i1 condition.
func (c CondBr) Condition() *ir.Value { return c.Operand(0) }

// TrueDest returns the block taken when the condition holds.
func (c CondBr) TrueDest() *ir.Block { return c.Successor(0) }

// FalseDest returns the block taken otherwise.
func (c CondBr) FalseDest() *ir.Block { return c.Successor(1) }

// TrueOperands returns the values passed to TrueDest.
func (c CondBr) TrueOperands() []*ir.Value { return operandRange(c.Operation, 0) }

// FalseOperands returns the values passed to FalseDest.
func (c CondBr) FalseOperands() []*ir.Value { return operandRange(c.Operation, 1) }

func condBrSuccessorOperands(op *ir.Operation, i int) (int, int) {
	seg := denseI32s(op, "operandSegmentSizes", 3)
	if seg == nil || i > 1 {
		return badRange, 0
	}
	if i == 0 {
		return int(seg[0]), int(seg[1])
	}
	return int(seg[0] + seg[1]), int(seg[2])
}

// condBrState builds a cf.cond_br that replaces op, keeping its branch weights.
func condBrState(op *ir.Operation, cond *ir.Value, t *ir.Block, tArgs []*ir.Value, f *ir.Block, fArgs []*ir.Value) *ir.OpState {
	ctx := op.Context()
	st := &ir.OpState{Name: condBrName, Loc: op.Loc(), Successors: []*ir.Block{t, f},
		Operands: append(append([]*ir.Value{cond}, tArgs...), fArgs...)}
	if w := op.Attr("branch_weights"); w != nil {
		st.AddAttr("branch_weights", w)
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(1, int64(len(tArgs)), int64(len(fArgs))))
	return st
}

func verifyCondBr(op *ir.Operation) error {
	if err := verifyI1(op, 0); err != nil {
		return err
	}
	return verifyWeights(op)
}

// verifyWeights checks the optional branch_weights: one per successor, not all zero.
func verifyWeights(op *ir.Operation) error {
	a := op.Attr("branch_weights")
	if a == nil {
		return nil
	}
	w := denseI32s(op, "branch_weights", -1)
	if w == nil {
		return op.Errorf("attribute 'branch_weights' failed to satisfy constraint: i32 dense array attribute")
	}
	if len(w) != op.NumSuccessors() {
		return op.EmitErrorf("expects number of branch weights to match number of successors: %d vs %d", len(w), op.NumSuccessors())
	}
	for _, v := range w {
		if v != 0 {
			return nil
		}
	}
	return op.EmitErrorf("branch weights cannot all be zero")
}

// condBrConstant: cond_br true, ^a, ^b -> br ^a (and false -> ^b).
func condBrConstant(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	k, ok := ir.ConstantIntAttr(c.Condition())
	if !ok {
		return false
	}
	if k.Bool() {
		rw.ReplaceOpWith(op, brState(op.Loc(), c.TrueDest(), c.TrueOperands()))
	} else {
		rw.ReplaceOpWith(op, brState(op.Loc(), c.FalseDest(), c.FalseOperands()))
	}
	return true
}

// condBrForward branches straight past successors that only branch on.
func condBrForward(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	t, tArgs := c.TrueDest(), c.TrueOperands()
	f, fArgs := c.FalseDest(), c.FalseOperands()
	nt, ntArgs, okT := collapseBranch(t, tArgs)
	if okT {
		t, tArgs = nt, ntArgs
	}
	nf, nfArgs, okF := collapseBranch(f, fArgs)
	if okF {
		f, fArgs = nf, nfArgs
	}
	if !okT && !okF {
		return false
	}
	rw.ReplaceOpWith(op, condBrState(op, c.Condition(), t, tArgs, f, fArgs))
	return true
}

// condBrIdenticalSuccessors: cond_br %c, ^a(%x), ^a(%x) -> br ^a(%x); when
// the operands differ and this block is ^a's only predecessor, each
// differing pair becomes arith.select %c (MLIR's
// SimplifyCondBranchIdenticalSuccessors).
func condBrIdenticalSuccessors(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	dest := c.TrueDest()
	if dest != c.FalseDest() {
		return false
	}
	tArgs, fArgs := c.TrueOperands(), c.FalseOperands()
	if slices.Equal(tArgs, fArgs) {
		rw.ReplaceOpWith(op, brState(op.Loc(), dest, tArgs))
		return true
	}
	for _, p := range dest.Predecessors() {
		if p != op.Block() {
			return false
		}
	}
	if len(tArgs) != len(fArgs) {
		return false // invalid IR, which the verifier reports
	}
	merged := make([]*ir.Value, len(tArgs))
	rw.SetInsertionPointBefore(op)
	for i, t := range tArgs {
		merged[i] = t
		if f := fArgs[i]; f != t {
			merged[i] = rw.Create(&ir.OpState{Name: "arith.select", Loc: op.Loc(),
				Operands: []*ir.Value{c.Condition(), t, f}, ResultTypes: []ir.Type{t.Type()}}).Result(0)
		}
	}
	rw.ReplaceOpWith(op, brState(op.Loc(), dest, merged))
	return true
}

// condBrTruthPropagation: in a successor reached only along one edge of
// cond_br %c, the condition is known, so its uses by ops of that block
// become a constant true or false (MLIR's CondBranchTruthPropagation).
func condBrTruthPropagation(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	cond := c.Condition()
	replaced := false
	for i, dest := range []*ir.Block{c.TrueDest(), c.FalseDest()} {
		if dest == op.Block() || len(dest.Predecessors()) != 1 {
			continue
		}
		var k *ir.Value
		for u := range cond.Uses() {
			owner := u.Owner()
			if owner.Block() != dest {
				continue
			}
			if k == nil {
				rw.SetInsertionPointBefore(op)
				k = arith.NewConstant(&rw.Builder, op.Context().BoolAttr(i == 0), cond.Type(), op.Loc())
			}
			rw.ModifyInPlace(owner, func() { u.Set(k) })
			replaced = true
		}
	}
	return replaced
}

// condBrSameCondition: a cond_br whose block is reached along a single edge
// from a cond_br on the same condition knows which way it goes.
func condBrSameCondition(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	preds := op.Block().Predecessors()
	if len(preds) != 1 {
		return false
	}
	pred := preds[0]
	if pred.Last() == nil || pred.Last().Name() != condBrName || pred.Last().NumOperands() == 0 {
		return false
	}
	pc := CondBr{pred.Last()}
	if pc.Condition() != c.Condition() {
		return false
	}
	if op.Block() == pc.TrueDest() {
		rw.ReplaceOpWith(op, brState(op.Loc(), c.TrueDest(), c.TrueOperands()))
	} else {
		rw.ReplaceOpWith(op, brState(op.Loc(), c.FalseDest(), c.FalseOperands()))
	}
	return true
}

// condBrDropUnreachable: a successor whose block holds only ub.unreachable
// is never taken, so cond_br %c, ^a, ^u -> br ^a (MLIR's
// DropUnreachableCondBranch).
func condBrDropUnreachable(op *ir.Operation, rw *ir.Rewriter) bool {
	c := CondBr{op}
	switch {
	case onlyUnreachable(c.TrueDest()):
		rw.ReplaceOpWith(op, brState(op.Loc(), c.FalseDest(), c.FalseOperands()))
	case onlyUnreachable(c.FalseDest()):
		rw.ReplaceOpWith(op, brState(op.Loc(), c.TrueDest(), c.TrueOperands()))
	default:
		return false
	}
	return true
}

func onlyUnreachable(b *ir.Block) bool {
	return b.First() != nil && b.First() == b.Last() && b.First().Name() == ub.UnreachableName
}
