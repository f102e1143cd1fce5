package spirv

import "github.com/kiln-gpu/kiln/ir"

// inliner is the spirv dialect's part in inlining, as MLIR's
// SPIRVInlinerInterface: spirv.FunctionCall calls spirv.func; bodies go
// into spirv.func, spirv.mlir.selection and spirv.mlir.loop regions; a
// selection or loop with a return directly in its region is not inlined
// (its return would leave the caller). A spirv.Return or spirv.ReturnValue
// that ends one of several inlined blocks becomes a spirv.Branch passing
// the value to the code after the call.
var inliner = &ir.Inliner{
	Call: func(op *ir.Operation) (*ir.SymbolRefAttr, []*ir.Value, bool) {
		if op.Name() != functionCallOp.Name {
			return nil, nil, false
		}
		callee, _ := op.Attr("callee").(*ir.SymbolRefAttr)
		return callee, op.Operands(), callee != nil
	},
	Callable: func(op *ir.Operation) (*ir.Region, []ir.Type, bool) {
		ft := ir.FunctionTypeOf(op)
		if op.Name() != funcOp.Name || ft == nil {
			return nil, nil, false
		}
		if body := op.Region(0); !body.Empty() {
			return body, ft.Results, true
		}
		return nil, ft.Results, true
	},
	CanInlineCall: func(*ir.Operation, *ir.Operation) bool { return true },
	CanInlineInto: func(dest *ir.Region) bool {
		switch dest.ParentOp().Name() {
		case funcOp.Name, selectionOp.Name, loopOp.Name:
			return true
		}
		return false
	},
	CanInline: func(op *ir.Operation, _ *ir.Region) bool {
		if op.Name() != selectionOp.Name && op.Name() != loopOp.Name {
			return true
		}
		for b := range op.Region(0).Blocks() {
			if t := b.Terminator(); t != nil && (t.Name() == "spirv.Return" || t.Name() == "spirv.ReturnValue") {
				return false
			}
		}
		return true
	},
	ReturnTo: inlineReturns.ReturnTo,
	Returned: inlineReturns.Returned,
}

// inlineReturns: a spirv.Return or spirv.ReturnValue ending one of several
// inlined blocks becomes a spirv.Branch.
var inlineReturns = ir.BranchingReturns{Branch: "spirv.Branch", Returns: []string{"spirv.Return", "spirv.ReturnValue"}}
