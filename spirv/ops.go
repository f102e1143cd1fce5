package spirv

import "github.com/kiln-gpu/kiln/ir"

// allOps lists every op of the dialect.
func allOps() []*ir.OpDef {
	ops := []*ir.OpDef{
		moduleOp, funcOp, entryPointOp, executionModeOp, globalVariableOp,
		constantOp, specConstantOp, specConstantCompositeOp, specConstantOperationOp, yieldOp,
		addressOfOp, referenceOfOp, undefOp,
	}
	for _, group := range [][]*ir.OpDef{
		memoryOps(), controlFlowOps(), arithOps(), compositeOps(), atomicOps(), barrierOps(),
		groupOps(), uniformGroupOps(), imageOps(), coopMatrixOps(), glOps(), clOps(), intelOps(),
	} {
		ops = append(ops, group...)
	}
	attachCanonicalization(ops)
	return ops
}
