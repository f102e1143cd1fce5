package ir_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestOpDefEffects: an OpDef's Effects replaces the effect traits of its
// Traits for each op, here Pure on f32 operands and ReadOnly otherwise,
// while its other traits stay.
func TestOpDefEffects(t *testing.T) {
	ctx := ir.NewContext(&ir.Dialect{Name: "ef", Ops: []*ir.OpDef{{
		Name: "ef.read", Traits: ir.ReadOnly | ir.Commutative, Operands: ir.Exactly(1), Results: ir.Exactly(1),
		Effects: func(op *ir.Operation) ir.Trait {
			if op.Operand(0).Type() == op.Context().F32() {
				return ir.Pure
			}
			return ir.ReadOnly
		},
	}}})
	b := ir.NewBuilder(ctx)
	blk := ir.NewBlock([]ir.Type{ctx.F32(), ctx.I(32)}, []ir.Location{ctx.UnknownLoc(), ctx.UnknownLoc()})
	b.SetInsertionPointToEnd(blk)
	onF32 := b.CreateOp("ef.read", ctx.UnknownLoc(), []*ir.Value{blk.Arg(0)}, []ir.Type{ctx.F32()})
	onI32 := b.CreateOp("ef.read", ctx.UnknownLoc(), []*ir.Value{blk.Arg(1)}, []ir.Type{ctx.F32()})
	for _, c := range []struct {
		op                           *ir.Operation
		pure, readOnly, speculatable bool
	}{{onF32, true, false, true}, {onI32, false, true, false}} {
		if got := c.op.HasTrait(ir.Pure); got != c.pure {
			t.Errorf("%s: HasTrait(Pure) = %v", c.op.Operand(0).Type(), got)
		}
		if got := c.op.HasTrait(ir.ReadOnly); got != c.readOnly {
			t.Errorf("%s: HasTrait(ReadOnly) = %v", c.op.Operand(0).Type(), got)
		}
		if got := ir.IsPure(c.op); got != c.pure {
			t.Errorf("%s: IsPure = %v", c.op.Operand(0).Type(), got)
		}
		if got := ir.IsSpeculatable(c.op); got != c.speculatable {
			t.Errorf("%s: IsSpeculatable = %v", c.op.Operand(0).Type(), got)
		}
		if !c.op.HasTrait(ir.Commutative) || !ir.IsTriviallyDead(c.op) {
			t.Errorf("%s: lost a static trait, or not dead unused (pure or read-only)", c.op.Operand(0).Type())
		}
	}
}
