package rewrite_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// The test dialect: integer constants and arithmetic with folders, a
// function and a return, a branch, and an op with side effects.
func testDialect() *ir.Dialect {
	d := &ir.Dialect{Name: "test"}
	d.Ops = []*ir.OpDef{
		{Name: "test.constant", Traits: ir.ConstantLike | ir.Pure, Results: ir.Exactly(1)},
		{Name: "test.add", Traits: ir.Pure | ir.Commutative, Operands: ir.Exactly(2), Results: ir.Exactly(1), Fold: foldAdd},
		{Name: "test.neg", Traits: ir.Pure | ir.Involution, Operands: ir.Exactly(1), Results: ir.Exactly(1)},
		{Name: "test.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Regions: ir.Exactly(1)},
		{Name: "test.region", Traits: ir.RecursiveEffects, Regions: ir.Exactly(1)},
		{Name: "test.return", Traits: ir.Terminator | ir.ReturnLike | ir.Pure, Operands: ir.Variadic},
		{Name: "test.br", Traits: ir.Terminator | ir.Pure, Operands: ir.Variadic, Successors: ir.Exactly(1),
			SuccessorOperands:    func(op *ir.Operation, _ int) (int, int) { return 0, op.NumOperands() },
			SetSuccessorOperands: func(op *ir.Operation, _ int, vals []*ir.Value) { op.SetOperands(vals) }},
		{Name: "test.cond_br", Traits: ir.Terminator | ir.Pure | ir.AttrSizedOperandSegments, Operands: ir.AtLeast(1), Successors: ir.Exactly(2),
			SuccessorOperands: func(op *ir.Operation, i int) (int, int) {
				seg := ir.OperandSegmentSizes(op)
				if i == 0 {
					return int(seg[0]), int(seg[1])
				}
				return int(seg[0] + seg[1]), int(seg[2])
			},
			SetSuccessorOperands: func(op *ir.Operation, i int, vals []*ir.Value) { ir.SetOperandSegment(op, i+1, vals) }},
		// test.switch branches without a way to change its successor operands.
		{Name: "test.switch", Traits: ir.Terminator | ir.Pure, Operands: ir.Exactly(1), Successors: ir.Exactly(2)},
		{Name: "test.effect", Operands: ir.Variadic, Results: ir.Variadic},
	}
	d.MaterializeConstant = func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		if _, ok := v.(*ir.IntegerAttr); !ok {
			return nil
		}
		return b.Create(&ir.OpState{Name: "test.constant", Loc: loc, ResultTypes: []ir.Type{t}, Attrs: []ir.NamedAttr{{Name: "value", Value: v}}})
	}
	return d
}

// foldAdd folds c1 + c2 to a constant and x + 0 to x.
func foldAdd(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	l, lok := operands[0].(*ir.IntegerAttr)
	r, rok := operands[1].(*ir.IntegerAttr)
	switch {
	case lok && rok:
		return []ir.FoldResult{{Attr: op.Context().IntegerAttr(op.Result(0).Type(), l.Int()+r.Int())}}, true
	case rok && r.Int() == 0:
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, false
}

// negNeg rewrites neg(neg(x)) to x.
var negNeg = &ir.Pattern{Name: "neg-neg", Root: "test.neg", Benefit: 1,
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		in := op.Operand(0).DefiningOp()
		if in == nil || in.Name() != "test.neg" {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{in.Operand(0)})
		return true
	}}

func parse(t testing.TB, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(ctx, src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify input: %v", err)
	}
	return m
}

// checkIR compares the printed module with want, ignoring the indentation
// and blank lines of want so tests can be written indented.
func checkIR(t testing.TB, m *ir.Operation, want string) {
	t.Helper()
	if err := ir.Verify(m); err != nil {
		t.Errorf("verify output: %v\n%s", err, ir.OpString(m, ir.PrintOptions{}))
	}
	got := normalize(ir.OpString(m, ir.PrintOptions{}))
	if w := normalize(want); got != w {
		t.Errorf("got:\n%s\nwant:\n%s", got, w)
	}
}

func normalize(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
