package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// inlineDialect takes part in inlining through its ir.Inliner alone: calls
// and functions, a return, a terminator that is no return, and an op whose
// region refuses inlined bodies. The "other" dialect has no Inliner.
func inlineDialects() []*ir.Dialect {
	d := &ir.Dialect{Name: "tin"}
	d.Ops = []*ir.OpDef{
		{Name: "tin.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Regions: ir.Exactly(1)},
		{Name: "tin.call", Operands: ir.Variadic, Results: ir.Variadic},
		{Name: "tin.op", Operands: ir.Variadic, Results: ir.Variadic},
		{Name: "tin.sealed", Regions: ir.Exactly(1)},
		{Name: "tin.ret", Traits: ir.Terminator | ir.ReturnLike, Operands: ir.Variadic},
		{Name: "tin.stop", Traits: ir.Terminator},
	}
	d.Inliner = &ir.Inliner{
		Call: func(op *ir.Operation) (*ir.SymbolRefAttr, []*ir.Value, bool) {
			callee, ok := op.Attr("callee").(*ir.SymbolRefAttr)
			return callee, op.Operands(), op.Name() == "tin.call" && ok
		},
		Callable: func(op *ir.Operation) (*ir.Region, []ir.Type, bool) {
			ft := ir.FunctionTypeOf(op)
			if op.Name() != "tin.func" || ft == nil {
				return nil, nil, false
			}
			return op.Region(0), ft.Results, true
		},
		CanInlineCall: func(call, _ *ir.Operation) bool { return true },
		CanInlineInto: func(dest *ir.Region) bool { return dest.ParentOp().Name() != "tin.sealed" },
		CanInline:     func(*ir.Operation, *ir.Region) bool { return true },
		Returned: func(term *ir.Operation) ([]*ir.Value, bool) {
			return term.Operands(), term.Name() == "tin.ret"
		},
	}
	other := &ir.Dialect{Name: "other", Ops: []*ir.OpDef{{Name: "other.op"}}}
	return []*ir.Dialect{d, other}
}

func TestInlineHooks(t *testing.T) {
	src := `
"tin.func"() ({
^bb0(%a: i32):
  %r = "tin.op"(%a) : (i32) -> i32
  "tin.ret"(%r) : (i32) -> ()
}) {sym_name = "plain", function_type = (i32) -> i32} : () -> ()
"tin.func"() ({
  "other.op"() : () -> ()
  "tin.ret"() : () -> ()
}) {sym_name = "foreign", function_type = () -> ()} : () -> ()
"tin.func"() ({
  "tin.stop"() : () -> ()
}) {sym_name = "stops", function_type = () -> ()} : () -> ()
"tin.func"() ({
^bb0(%x: i32):
  %0 = "tin.call"(%x) {callee = @plain} : (i32) -> i32
  "tin.sealed"() ({
    %1 = "tin.call"(%x) {callee = @plain} : (i32) -> i32
    "tin.stop"() : () -> ()
  }) : () -> ()
  "tin.call"() {callee = @foreign} : () -> ()
  "tin.call"() {callee = @stops} : () -> ()
  "tin.ret"(%0) : (i32) -> ()
}) {sym_name = "caller", function_type = (i32) -> i32} : () -> ()`
	ctx := ir.NewContext(inlineDialects()...)
	m, err := ir.Parse(ctx, src, "inline.mlir")
	if err != nil {
		t.Fatal(err)
	}
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	p, err := pass.Parse("builtin.module(inline{default-pipeline=})", reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := pass.New(p, pass.Config{}).Run(m); err != nil {
		t.Fatal(err)
	}
	caller := ir.LookupSymbol(m, "caller")
	got := normalize(ir.OpString(caller, ir.PrintOptions{}))
	for _, want := range []string{
		// The call in the function's own region is inlined...
		`%0 = "tin.op"(%arg0) : (i32) -> i32`,
		// ...the one in a region that refuses bodies stays, as do the
		// calls of a body with a foreign op and of one that does not return.
		`"tin.call"(%arg0) {callee = @plain}`,
		`"tin.call"() {callee = @foreign}`,
		`"tin.call"() {callee = @stops}`,
		`"tin.ret"(%0) : (i32) -> ()`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "tin.call"); n != 3 {
		t.Errorf("%d calls left, want 3:\n%s", n, got)
	}
}

func TestInlinePipelineText(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	p, err := pass.Parse("builtin.module(inline{op-pipelines={func.func(cse),spirv.func(canonicalize)}})", reg)
	if err != nil {
		t.Fatal(err)
	}
	want := "builtin.module(inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 op-pipelines={func.func(cse),spirv.func(canonicalize)}})"
	if got := p.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := pass.Parse(p.String(), reg); err != nil {
		t.Errorf("printed pipeline does not parse back: %v", err)
	}
}
