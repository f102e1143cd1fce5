package fn

import "github.com/kiln-gpu/kiln/ir"

var returnDef = &ir.OpDef{
	Name:     "func.return",
	Summary:  "Returns from a function with values matching its result types.",
	Example:  "func.func @f(%arg0: i32, %arg1: f32) -> (i32, f32) {\n  return %arg0, %arg1 : i32, f32\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure | ir.MemRefsNormalizable,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($operands^ `:` type($operands))?", Operands: []string{"operands*"}},
	Verify:   verifyReturn,
}

func verifyReturn(op *ir.Operation) error {
	f, ok := AsFunc(op.ParentOp())
	if !ok {
		return op.Errorf("expects parent op '%s'", funcDef.Name)
	}
	ft := f.FunctionType()
	if ft == nil {
		return nil // the function's own verifier reports it
	}
	if op.NumOperands() != len(ft.Results) {
		return op.Errorf("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), f.Name(), len(ft.Results))
	}
	for i, t := range ft.Results {
		if got := op.Operand(i).Type(); got != t {
			return op.EmitErrorf("type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s",
				i, ir.TypeString(got), ir.TypeString(t), f.Name())
		}
	}
	return nil
}
