package fn_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestCallIndirectOfConstant(t *testing.T) {
	got := irtest.Transformed(t, newContext, `func.func private @g(i32) -> f32
func.func @f(%a: i32) -> f32 {
  %c = constant @g : (i32) -> f32
  %r = call_indirect %c(%a) : (i32) -> f32
  return %r : f32
}`, ir.PrintOptions{}, canonicalize)
	want := `func.func private @g(i32) -> f32
func.func @f(%arg0: i32) -> f32 {
  %0 = call @g(%arg0) : (i32) -> f32
  return %0 : f32
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestConstantFoldAndMaterialize(t *testing.T) {
	ctx := newContext()
	m, err := irtest.ParseAndVerify(ctx, `func.func private @g()
func.func @f() {
  %c = constant @g : () -> ()
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	var c *ir.Operation
	for op := range m.Ops() {
		if op.Name() == "func.constant" {
			c = op
		}
	}
	res, ok := c.Def().Fold(c, nil)
	if !ok || len(res) != 1 || res[0].Attr != ctx.SymbolRef("g") {
		t.Fatalf("fold = %v, %v", res, ok)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(c)
	made := fn.Dialect().MaterializeConstant(b, res[0].Attr, c.Result(0).Type(), c.Loc())
	if made == nil || ir.OpString(made, ir.PrintOptions{}) != `%f = constant @g : () -> ()` {
		t.Fatalf("materialized %v", made)
	}
	if fn.Dialect().MaterializeConstant(b, ctx.I32Attr(1), ctx.I(32), c.Loc()) != nil {
		t.Error("materialized a non-function constant")
	}
}

func TestViews(t *testing.T) {
	ctx := newContext()
	m, err := irtest.ParseAndVerify(ctx, `func.func private @d(i32 {test.a}) -> (f32 {test.r})
func.func nested @f(%x: i32) {
  call @d(%x) : (i32) -> f32
  return
}`)
	if err != nil {
		t.Fatal(err)
	}
	body := ir.ModuleBody(m).OpList()
	d, _ := fn.AsFunc(body[0])
	f, _ := fn.AsFunc(body[1])
	if d.Name() != "d" || !d.IsDeclaration() || d.Visibility() != "private" || d.Arguments() != nil ||
		len(d.ArgAttrs(0)) != 1 || len(d.ResultAttrs(0)) != 1 || len(d.ArgAttrs(1)) != 0 {
		t.Errorf("declaration view: %s", d)
	}
	if f.IsDeclaration() || f.Visibility() != "nested" || len(f.Arguments()) != 1 || ir.TypeString(f.FunctionType()) != "(i32) -> ()" {
		t.Errorf("function view: %s", f)
	}
	call, ok := fn.AsCall(f.Body().Entry().First())
	if !ok || call.Callee() != ctx.SymbolRef("d") || len(call.Args()) != 1 || call.CalleeType() != d.FunctionType() {
		t.Errorf("call view: %s", call)
	}
	if _, ok := fn.AsFunc(call.Operation); ok {
		t.Error("AsFunc accepted a call")
	}

	n := fn.NewFunc(ctx, "n", ctx.FunctionType([]ir.Type{ctx.I(32)}, nil), ctx.UnknownLoc())
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(n.Body().Entry())
	b.Create(&ir.OpState{Name: "func.return"})
	ir.ModuleBody(m).Append(n.Operation)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if got := ir.OpString(n.Operation, ir.PrintOptions{}); got != "func.func @n(%arg0: i32) {\n  return\n}" {
		t.Errorf("NewFunc printed %s", got)
	}
}
