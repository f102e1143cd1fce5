package gpu

import "github.com/kiln-gpu/kiln/ir"

// Canonicalization of gpu.wait, MLIR's EraseRedundantGpuWaitOpPairs and
// SimplifyGpuWaitOp.

// isEmptyWait reports whether v comes from `gpu.wait async` with no dependencies.
func isEmptyWait(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "gpu.wait" && d.NumOperands() == 0
}

// eraseRedundantWaitPairs drops dependencies on tokens of dependency-free waits.
var eraseRedundantWaitPairs = &ir.Pattern{
	Name: "gpu-erase-redundant-wait-pairs",
	Root: "gpu.wait",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		var keep []*ir.Value
		for _, v := range op.Operands() {
			if !isEmptyWait(v) {
				keep = append(keep, v)
			}
		}
		if len(keep) == op.NumOperands() {
			return false
		}
		rw.ModifyInPlace(op, func() { op.SetOperands(keep) })
		return true
	},
}

// simplifyWait erases waits that do nothing and forwards single dependencies.
var simplifyWait = &ir.Pattern{
	Name: "gpu-simplify-wait",
	Root: "gpu.wait",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		token := AsyncTokenOf(op)
		switch {
		case op.NumOperands() == 0 && token == nil:
			rw.EraseOp(op)
		case op.NumOperands() == 1 && token != nil:
			rw.ReplaceOp(op, op.Operands())
		case token != nil && !token.HasUses():
			rw.EraseOp(op)
		default:
			return false
		}
		return true
	},
}
