package ir_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// foldDialect has a constant, an adder that folds constants to their sum
// and x+0 to x, and a constant materializer that refuses i8.
var foldDialect = &ir.Dialect{
	Name: "fd",
	Ops: []*ir.OpDef{
		{Name: "fd.const", Traits: ir.Pure | ir.ConstantLike, Results: ir.Exactly(1)},
		{Name: "fd.add", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1),
			Fold: func(op *ir.Operation, c []ir.Attribute) ([]ir.FoldResult, bool) {
				x, _ := c[0].(*ir.IntegerAttr)
				y, _ := c[1].(*ir.IntegerAttr)
				switch {
				case x != nil && y != nil:
					return []ir.FoldResult{{Attr: op.Context().IntegerAttr(op.Result(0).Type(), x.Int()+y.Int())}}, true
				case y != nil && y.Int() == 0:
					return []ir.FoldResult{{Value: op.Operand(0)}}, true
				}
				return nil, false
			}},
	},
	MaterializeConstant: func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		if t == b.Context().I(8) {
			return nil
		}
		return b.CreateOp("fd.const", loc, nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: v})
	},
}

type inserted []string

func (l *inserted) OpInserted(op *ir.Operation)         { *l = append(*l, "+"+op.Name()) }
func (l *inserted) OpErased(op *ir.Operation)           { *l = append(*l, "-"+op.Name()) }
func (*inserted) OpModified(*ir.Operation)              {}
func (*inserted) OpReplaced(*ir.Operation, []*ir.Value) {}

func names(blk *ir.Block) string {
	var s []string
	for op := range blk.Ops() {
		s = append(s, op.Name())
	}
	return strings.Join(s, " ")
}

func TestCreateOrFold(t *testing.T) {
	ctx := ir.NewContext(foldDialect)
	i32 := ctx.I(32)
	var heard inserted
	b := ir.NewBuilder(ctx)
	b.Listener = &heard
	blk := ir.NewBlock([]ir.Type{i32}, []ir.Location{ctx.UnknownLoc()})
	b.SetInsertionPointToEnd(blk)
	c := func(v int64) *ir.Value {
		return b.CreateOp("fd.const", ctx.UnknownLoc(), nil, []ir.Type{i32},
			ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(i32, v)}).Result(0)
	}
	two, zero, arg := c(2), c(0), blk.Arg(0)
	heard = nil

	// Constants fold to a materialized constant; the add is never announced.
	v := b.CreateOrFold("fd.add", ctx.UnknownLoc(), []*ir.Value{two, two}, []ir.Type{i32})
	if got := ir.ConstantAttr(v[0].DefiningOp()); got != ctx.IntegerAttr(i32, 4) {
		t.Errorf("2+2 folded to %v", got)
	}
	if got, want := names(blk), "fd.const fd.const fd.const"; got != want {
		t.Errorf("block %q, want %q", got, want)
	}
	// x+0 folds to x and makes nothing.
	if v := b.CreateOrFold("fd.add", ctx.UnknownLoc(), []*ir.Value{arg, zero}, []ir.Type{i32}); v[0] != arg {
		t.Errorf("x+0 folded to %v", v[0])
	}
	// No fold: the add stays and is announced once.
	v = b.CreateOrFold("fd.add", ctx.UnknownLoc(), []*ir.Value{two, arg}, []ir.Type{i32})
	if v[0].DefiningOp() == nil || v[0].DefiningOp().Name() != "fd.add" {
		t.Errorf("2+x gave %v", v[0])
	}
	if want := []string{"+fd.const", "+fd.add"}; !slices.Equal(heard, want) {
		t.Errorf("listener heard %v, want %v", heard, want)
	}
	if got, want := names(blk), "fd.const fd.const fd.const fd.add"; got != want {
		t.Errorf("block %q, want %q", got, want)
	}
}

func TestTryFoldConfig(t *testing.T) {
	ctx := ir.NewContext(foldDialect)
	i8 := ctx.I(8)
	b := ir.NewBuilder(ctx)
	blk := ir.NewBlock(nil, nil)
	b.SetInsertionPointToEnd(blk)
	one := b.CreateOp("fd.const", ctx.UnknownLoc(), nil, []ir.Type{i8},
		ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(i8, 1)}).Result(0)
	add := b.CreateOp("fd.add", ctx.UnknownLoc(), []*ir.Value{one, one}, []ir.Type{i8})

	// The dialect cannot materialize an i8: no fold, nothing left behind.
	b.SetInsertionPointBefore(add)
	if _, ok := b.TryFold(add, nil); ok {
		t.Error("fold without a materialized constant succeeded")
	}
	// A caller's Constant hides the constant operands.
	if _, ok := b.TryFold(add, &ir.FoldConfig{Constant: func(*ir.Value) ir.Attribute { return nil }}); ok {
		t.Error("fold with hidden constants succeeded")
	}
	// A caller's Materialize provides the constant.
	var made *ir.Operation
	vals, ok := b.TryFold(add, &ir.FoldConfig{Materialize: func(b *ir.Builder, op *ir.Operation, v ir.Attribute, ty ir.Type) (*ir.Operation, bool) {
		made = b.CreateOp("fd.const", op.Loc(), nil, []ir.Type{ty}, ir.NamedAttr{Name: "value", Value: v})
		return made, true
	}})
	if !ok || len(vals) != 1 || vals[0] != made.Result(0) || ir.ConstantAttr(made) != ctx.IntegerAttr(i8, 2) {
		t.Errorf("fold through Materialize gave %v, %v", vals, ok)
	}
	if got, want := names(blk), "fd.const fd.const fd.add"; got != want {
		t.Errorf("block %q, want %q", got, want)
	}
}

// An error about an op that is erased before it is reported (a rolled-back
// rewrite) goes out without the "see current operation" note, which would
// print an op whose operands are gone; a live op's error has the note.
func TestErrorAboutErasedOp(t *testing.T) {
	ctx := ir.NewContext(foldDialect)
	ctx.SetPrintOpOnDiagnostic(true)
	i32 := ctx.I(32)
	b := ir.NewBuilder(ctx)
	blk := ir.NewBlock([]ir.Type{i32}, []ir.Location{ctx.UnknownLoc()})
	b.SetInsertionPointToEnd(blk)
	live := b.CreateOp("fd.add", ctx.UnknownLoc(), []*ir.Value{blk.Arg(0), blk.Arg(0)}, []ir.Type{i32})
	gone := b.CreateOp("fd.add", ctx.UnknownLoc(), []*ir.Value{blk.Arg(0), live.Result(0)}, []ir.Type{i32})
	kept, lost := live.Errorf("kept"), gone.Errorf("lost")
	gone.Erase()
	if got := lost.Format(ctx); strings.Contains(got, "see current operation") || !strings.Contains(got, "lost") {
		t.Errorf("error about an erased op:\n%s", got)
	}
	if got := kept.Format(ctx); !strings.Contains(got, `see current operation: %0 = "fd.add"(`) {
		t.Errorf("error about a live op:\n%s", got)
	}
}
