package outline

import (
	"math"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// DeriveWorkgroupSizes sets spirv.entry_point_abi = #spirv.entry_point_abi<
// workgroup_size = [x, y, z]> on the kernels of the gpu.modules of module
// that have none: from the kernel's known_block_size, or else from the
// `threads in` sizes of the gpu.launch_func ops of module that launch it,
// when all are constants and every launch agrees. Kernels whose size is
// not known this way are left for the SPIR-V lowering to reject. One walk
// of the module finds all launches, so the cost is linear.
func DeriveWorkgroupSizes(module *ir.Operation) {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return
	}
	var kernels []*ir.Operation
	for top := range module.Region(0).Entry().Ops() {
		m, ok := gpu.AsModule(top)
		if !ok || m.NumRegions() == 0 || m.Region(0).Empty() {
			continue
		}
		for op := range m.Region(0).Entry().Ops() {
			if gpu.IsKernel(op) && !hasEntryPointABI(op) {
				kernels = append(kernels, op)
			}
		}
	}
	if len(kernels) == 0 {
		return
	}
	launched := launchSizes(module)
	ctx := module.Context()
	for _, k := range kernels {
		size, ok := gpu.Func{Operation: k}.KnownBlockSize()
		if !ok {
			ls := launched[kernelKey{ir.SymbolName(k.ParentOp()), ir.SymbolName(k)}]
			size, ok = ls.size, ls.agree
		}
		if !ok || !validWorkgroupSize(size) {
			continue
		}
		ws := []int32{int32(size[0]), int32(size[1]), int32(size[2])}
		k.SetAttr(spirv.EntryPointABIAttrName, spirv.NewEntryPointABI(ctx, spirv.EntryPointABI{WorkgroupSize: ws}))
	}
}

func hasEntryPointABI(op *ir.Operation) bool {
	return op.HasAttr(spirv.EntryPointABIAttrName) || op.HasAttr("spv.entry_point_abi")
}

func validWorkgroupSize(s [3]int64) bool {
	for _, v := range s {
		if v < 1 || v > math.MaxInt32 {
			return false
		}
	}
	return true
}

type kernelKey struct{ module, kernel string }

// launchSize is what the launches of one kernel say about its block size:
// agree is false when one of them is not constant or they differ.
type launchSize struct {
	size  [3]int64
	agree bool
}

func launchSizes(module *ir.Operation) map[kernelKey]launchSize {
	m := map[kernelKey]launchSize{}
	module.Walk(func(op *ir.Operation) bool {
		lf, ok := gpu.AsLaunchFunc(op)
		if !ok || lf.Kernel() == nil || len(lf.Kernel().Nested) != 1 {
			return true
		}
		key := kernelKey{lf.KernelModuleName(), lf.KernelName()}
		size, constant := constantSizes(lf.BlockSize())
		prev, seen := m[key]
		switch {
		case !seen:
			m[key] = launchSize{size, constant}
		case !constant || size != prev.size:
			m[key] = launchSize{agree: false}
		}
		return true
	})
	return m
}

func constantSizes(vs [3]*ir.Value) ([3]int64, bool) {
	var s [3]int64
	for i, v := range vs {
		if v == nil {
			return s, false
		}
		a, ok := arith.ConstantValue(v).(*ir.IntegerAttr)
		if !ok {
			return s, false
		}
		s[i] = a.Int()
	}
	return s, true
}
