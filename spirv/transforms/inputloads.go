package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// ReuseInputLoads returns the spirv-reuse-input-loads pass.
func ReuseInputLoads() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVReuseInputLoads",
		Argument: "spirv-reuse-input-loads",
		Summary:  "Replace repeated loads of an Input variable (a built-in) by the function's first load of it",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, InputLoads) },
	}
}

// InputLoads replaces, in each spirv.func of module, every plain load of an
// Input variable by an earlier load of the same variable in the entry
// block, which dominates it: Input variables cannot be written, so both
// read the same value. This is the common-subexpression elimination that
// the generic cse pass cannot do, since it does not move or merge loads.
func InputLoads(module *ir.Operation) error {
	module.Walk(func(fn *ir.Operation) bool {
		if fn.Name() != "spirv.func" || fn.NumRegions() == 0 || fn.Region(0).Entry() == nil {
			return true
		}
		entry := fn.Region(0).Entry()
		first := map[inputKey]*ir.Value{}
		var dups []*ir.Operation
		fn.Walk(func(op *ir.Operation) bool {
			if k, ok := inputLoad(op); ok {
				if v := first[k]; v != nil {
					dups = append(dups, op)
				} else if op.Block() == entry {
					first[k] = op.Result(0)
				}
			}
			return true
		})
		for _, op := range dups {
			k, _ := inputLoad(op)
			if v := first[k]; v.DefiningOp().IsBeforeInBlock(op) || op.Block() != entry {
				op.Result(0).ReplaceAllUsesWith(v)
				op.Erase()
			}
		}
		return true
	})
	return nil
}

type inputKey struct {
	variable string
	typ      ir.Type
}

// inputLoad reports whether op is a spirv.Load of an Input variable's
// address without memory access operands, and which.
func inputLoad(op *ir.Operation) (inputKey, bool) {
	if op.Name() != "spirv.Load" || op.NumOperands() != 1 || op.HasAttr("memory_access") {
		return inputKey{}, false
	}
	addr := op.Operand(0).DefiningOp()
	if addr == nil || addr.Name() != "spirv.mlir.addressof" {
		return inputKey{}, false
	}
	pt, ok := op.Operand(0).Type().(*spirv.PointerType)
	ref, ok2 := addr.Attr("variable").(*ir.SymbolRefAttr)
	if !ok || !ok2 || pt.StorageClass != spv.StorageClassInput {
		return inputKey{}, false
	}
	return inputKey{ref.Leaf(), op.Result(0).Type()}, true
}
