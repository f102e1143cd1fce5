package gpu

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// IsAsyncOp reports whether op implements MLIR's gpu::AsyncOpInterface:
// its leading operands are !gpu.async.token dependencies and it may
// return a token (gpu.launch, launch_func, wait, alloc, dealloc, memcpy,
// memset and the sparse ops).
func IsAsyncOp(op *ir.Operation) bool {
	switch op.Name() {
	case "gpu.launch", "gpu.launch_func", "gpu.wait":
		return true
	}
	d := op.Def()
	return d != nil && op.Name() == d.Name && strings.HasPrefix(op.Name(), "gpu.") &&
		d.Format != nil && len(d.Format.Operands) > 0 && d.Format.Operands[0] == "asyncDependencies*"
}

// AddAsyncDependency makes token the first async dependency of an async
// op unless it is one already (MLIR's AsyncOpInterface::addAsyncDependency,
// which inserts it at operand 0), keeping its operand segment sizes.
func AddAsyncDependency(op *ir.Operation, token *ir.Value) {
	if slices.Contains(asyncDependencies(op), token) {
		return
	}
	op.SetOperands(slices.Insert(slices.Clone(op.Operands()), 0, token))
	if sizes := ir.OperandSegmentSizes(op); sizes != nil {
		sizes = slices.Clone(sizes)
		sizes[0]++
		op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(sizes...))
	}
}

// asyncDependencies are the async dependencies of an async op: its first
// operand segment, or its leading tokens when it has no segments.
func asyncDependencies(op *ir.Operation) []*ir.Value {
	if sizes := ir.OperandSegmentSizes(op); sizes != nil {
		return op.Operands()[:sizes[0]]
	}
	return leadingTokens(op)
}
