package fn

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var callIndirectDef = &ir.OpDef{
	Name:    "func.call_indirect",
	Summary: "Calls a function value.",
	Example: "func.func @f(%arg0: (i32) -> f32, %arg1: i32) -> f32 {\n" +
		"  %0 = call_indirect %arg0(%arg1) : (i32) -> f32\n  return %0 : f32\n}",
	Operands: ir.AtLeast(1),
	Results:  ir.Variadic,
	Format: &ir.Format{Syntax: "$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
		Operands: []string{"callee", "callee_operands*"}, Results: []string{"results*"},
		Kinds: map[string]ir.TypeKind{"callee": {Name: "builtin.function", Is: func(t ir.Type) bool { _, ok := t.(*ir.FunctionType); return ok }}},
		TypesFrom: []ir.TypeFrom{
			{From: "callee", To: "callee_operands", Types: func(_ *ir.Context, t ir.Type) []ir.Type { return t.(*ir.FunctionType).Inputs }},
			{From: "callee", To: "results", Types: func(_ *ir.Context, t ir.Type) []ir.Type { return t.(*ir.FunctionType).Results }},
		}},
	Verify:       verifyCallIndirect,
	Canonicalize: []*ir.Pattern{{Name: "fold-constant-callee", Root: "func.call_indirect", Benefit: 1, Rewrite: callIndirectOfConstant}},
}

func verifyCallIndirect(op *ir.Operation) error {
	ft, ok := op.Operand(0).Type().(*ir.FunctionType)
	if !ok {
		return op.Errorf("operand #0 must be function type, but got '%s'", ir.TypeString(op.Operand(0).Type()))
	}
	if !slices.Equal(ft.Inputs, op.OperandTypes()[1:]) {
		return op.Errorf("failed to verify that callee input types match argument types")
	}
	if !slices.Equal(ft.Results, op.ResultTypes()) {
		return op.Errorf("failed to verify that callee result types match result types")
	}
	return nil
}

// callIndirectOfConstant turns call_indirect of a func.constant into a direct call.
func callIndirectOfConstant(op *ir.Operation, rw *ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	if c == nil || !c.HasTrait(ir.ConstantLike) {
		return false
	}
	ref, ok := c.Attr("value").(*ir.SymbolRefAttr)
	if !ok {
		return false
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: callDef.Name, Loc: op.Loc(), Operands: op.Operands()[1:],
		ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: "callee", Value: ref}}})
	return true
}
