package fn

import "github.com/kiln-gpu/kiln/ir"

// inliner is the func dialect's part in inlining, as MLIR's
// FuncInlinerInterface: every call, op and body may be inlined unless the
// call or the function has no_inline; a return that ends one of several
// inlined blocks becomes a cf.br to the code after the call.
var inliner = &ir.Inliner{
	Call: func(op *ir.Operation) (*ir.SymbolRefAttr, []*ir.Value, bool) {
		switch op.Name() {
		case callDef.Name:
			c := Call{op}
			return c.Callee(), c.Args(), true
		case callIndirectDef.Name:
			return nil, op.Operands()[1:], true
		}
		return nil, nil, false
	},
	Callable: func(op *ir.Operation) (*ir.Region, []ir.Type, bool) {
		f, ok := AsFunc(op)
		if !ok || f.FunctionType() == nil {
			return nil, nil, false
		}
		if f.IsDeclaration() {
			return nil, f.FunctionType().Results, true
		}
		return f.Body(), f.FunctionType().Results, true
	},
	CanInlineCall: func(call, callable *ir.Operation) bool {
		if call.Name() == callDef.Name && call.HasAttr("no_inline") {
			return false
		}
		if f, ok := AsFunc(callable); ok {
			if f.HasAttr("no_inline") {
				return false
			}
			// Returns of a body of several blocks become cf.br.
			if b := f.Body(); b != nil && !b.HasOneBlock() && call.Context().Dialect("cf") == nil {
				return false
			}
		}
		return true
	},
	CanInlineInto: func(*ir.Region) bool { return true },
	CanInline:     func(*ir.Operation, *ir.Region) bool { return true },
	ReturnTo:      inlineReturns.ReturnTo,
	Returned:      inlineReturns.Returned,
}

// inlineReturns: a func.return ending one of several inlined blocks becomes a cf.br.
var inlineReturns = ir.BranchingReturns{Branch: "cf.br", Returns: []string{returnDef.Name}}
