package spirv

import "github.com/kiln-gpu/kiln/ir"

// allOps lists every op of the dialect.
func allOps() []*ir.OpDef {
	ops := []*ir.OpDef{
		moduleOp, funcOp, entryPointOp, executionModeOp, executionModeIDOp, globalVariableOp,
		constantOp, specConstantOp, specConstantCompositeOp, specConstantOperationOp, yieldOp,
		addressOfOp, referenceOfOp, undefOp,
	}
	for _, group := range [][]*ir.OpDef{
		memoryOps(), controlFlowOps(), arithOps(), compositeOps(), atomicOps(), barrierOps(),
		groupOps(), uniformGroupOps(), imageOps(), coopMatrixOps(), glOps(), clOps(), intelOps(), miscOps(), jointMatrixOps(), graphOps(), tosaOps(),
		meshOps(), replicateOps(),
	} {
		ops = append(ops, group...)
	}
	attachCanonicalization(ops)
	for _, d := range ops {
		if inModuleScope[d.Name] {
			d.Verify = verifyInModuleScope(d.Verify)
		}
	}
	return ops
}

// inModuleScope names the ops that MLIR's InModuleScope trait keeps
// directly in a symbol table (spirv.module, builtin.module).
var inModuleScope = map[string]bool{
	"spirv.func": true, "spirv.GlobalVariable": true, "spirv.EntryPoint": true, "spirv.ExecutionMode": true, "spirv.ExecutionModeId": true,
	"spirv.SpecConstant": true, "spirv.SpecConstantComposite": true, "spirv.EXT.SpecConstantCompositeReplicate": true,
}

// verifyInModuleScope checks the trait before the op's own verifier.
func verifyInModuleScope(verify func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if p := op.ParentOp(); p == nil || !p.HasTrait(ir.SymbolTable) {
			return op.Errorf("failed to verify that op must appear in a module-like op's block")
		}
		if verify == nil {
			return nil
		}
		return verify(op)
	}
}
