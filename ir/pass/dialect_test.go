package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// testDialect has functions and calls, integer constants and arithmetic
// with a folder and a canonicalization pattern, branches, a loop-like op
// with a region, and an op with side effects.
func testDialect() *ir.Dialect {
	d := &ir.Dialect{Name: "test"}
	d.Ops = []*ir.OpDef{
		{Name: "test.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Regions: ir.Exactly(1)},
		{Name: "test.call", Operands: ir.Variadic, Results: ir.Variadic},
		{Name: "test.constant", Traits: ir.ConstantLike | ir.Pure, Results: ir.Exactly(1)},
		{Name: "test.add", Traits: ir.Pure | ir.Commutative, Operands: ir.Exactly(2), Results: ir.Exactly(1), Fold: foldAdd},
		{Name: "test.neg", Traits: ir.Pure, Operands: ir.Exactly(1), Results: ir.Exactly(1), Canonicalize: []*ir.Pattern{negNeg}},
		{Name: "test.loop", Traits: ir.RecursiveEffects, Regions: ir.Exactly(1)},
		{Name: "test.yield", Traits: ir.Terminator | ir.Pure, Operands: ir.Variadic},
		{Name: "test.return", Traits: ir.Terminator | ir.ReturnLike | ir.Pure, Operands: ir.Variadic},
		{Name: "test.br", Traits: ir.Terminator | ir.Pure, Operands: ir.Variadic, Successors: ir.Between(1, 2),
			SuccessorOperands: func(op *ir.Operation, _ int) (int, int) { return 0, 0 }},
		{Name: "test.effect", Operands: ir.Variadic, Results: ir.Variadic},
	}
	d.MaterializeConstant = func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return b.Create(&ir.OpState{Name: "test.constant", Loc: loc, ResultTypes: []ir.Type{t}, Attrs: []ir.NamedAttr{{Name: "value", Value: v}}})
	}
	return d
}

func foldAdd(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	l, lok := operands[0].(*ir.IntegerAttr)
	r, rok := operands[1].(*ir.IntegerAttr)
	if lok && rok {
		return []ir.FoldResult{{Attr: op.Context().IntegerAttr(op.Result(0).Type(), l.Int()+r.Int())}}, true
	}
	return nil, false
}

var negNeg = &ir.Pattern{Name: "neg-neg", Root: "test.neg", Benefit: 1,
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		in := op.Operand(0).DefiningOp()
		if in == nil || in.Name() != "test.neg" {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{in.Operand(0)})
		return true
	}}

// runPipeline parses src, runs the pipeline on it and returns the result.
func runPipeline(t testing.TB, pipeline, src string) (*ir.Operation, error) {
	t.Helper()
	ctx := ir.NewContext(testDialect())
	m, err := ir.Parse(ctx, src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	p, err := pass.Parse(pipeline, reg)
	if err != nil {
		t.Fatal(err)
	}
	return m, pass.New(p, pass.Config{}).Run(m)
}

func check(t *testing.T, pipeline, src, want string) {
	t.Helper()
	m, err := runPipeline(t, pipeline, src)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := normalize(ir.OpString(m, ir.PrintOptions{})), normalize(want); got != w {
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
