package outline

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// KernelOutlining returns the gpu-kernel-outlining pass: Outline, then,
// unless derive-workgroup-size=false, DeriveWorkgroupSizes.
func KernelOutlining() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuKernelOutlining",
		Argument: "gpu-kernel-outlining",
		Summary:  "Outline gpu.launch bodies to kernel functions",
		OpName:   "builtin.module",
		Options: []pass.Option{{Name: "derive-workgroup-size", Kind: pass.BoolOption, Default: "true",
			Help: "Give kernels without spirv.entry_point_abi one from their known or launched block size"}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			if err := Outline(op); err != nil {
				return err
			}
			if pc.Options.Bool("derive-workgroup-size") {
				DeriveWorkgroupSizes(op)
			}
			return nil
		},
	}
}

// DeriveWorkgroupSize returns the gpu-derive-workgroup-size pass, which
// runs DeriveWorkgroupSizes on the module.
func DeriveWorkgroupSize() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuDeriveWorkgroupSize",
		Argument: "gpu-derive-workgroup-size",
		Summary:  "Set spirv.entry_point_abi on kernels from their known or launched block size",
		OpName:   "builtin.module",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			DeriveWorkgroupSizes(op)
			return nil
		},
	}
}

// LaunchSinkIndexComputations returns the gpu-launch-sink-index-computations
// pass: in each gpu.launch, copies of the index computations defined above
// it that its body uses, so that outlining passes fewer arguments.
func LaunchSinkIndexComputations() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuLaunchSinkIndexComputationsPass",
		Argument: "gpu-launch-sink-index-computations",
		Summary:  "Sink index computations into gpu.launch body",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			for _, l := range launchesIn(op) {
				SinkIntoLaunch(l, isLikelyIndexComputation)
			}
			return nil
		},
	}
}

// EliminateBarriers returns the gpu-eliminate-barriers pass: MLIR's
// GpuEliminateBarriers, gpu.EliminateBarrierPatterns applied greedily.
func EliminateBarriers() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuEliminateBarriers",
		Argument: "gpu-eliminate-barriers",
		Summary:  "Erase unnecessary barriers",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return rewrite.ApplyGreedily(op, gpu.EliminateBarrierPatterns()...)
		},
	}
}

// LowerMemorySpaceAttributes returns the gpu-lower-memory-space-attributes
// pass (MLIR's GPULowerMemorySpaceAttributesPass) with its options.
func LowerMemorySpaceAttributes() *pass.Pass {
	return &pass.Pass{
		Name:     "GPULowerMemorySpaceAttributesPass",
		Argument: "gpu-lower-memory-space-attributes",
		Summary:  "Assign numeric values to memref memory space attributes",
		Options: []pass.Option{
			{Name: "private", Kind: pass.IntOption, Default: "5", Help: "private address space numeric value"},
			{Name: "workgroup", Kind: pass.IntOption, Default: "3", Help: "workgroup address space numeric value"},
			{Name: "global", Kind: pass.IntOption, Default: "1", Help: "global address space numeric value"},
			{Name: "constant", Kind: pass.IntOption, Default: "4", Help: "constant address space numeric value"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			o := pc.Options
			gpu.LowerMemorySpaceAttributes(op, map[gpu.AddressSpace]int64{gpu.AddressSpacePrivate: int64(o.Int("private")),
				gpu.AddressSpaceWorkgroup: int64(o.Int("workgroup")), gpu.AddressSpaceGlobal: int64(o.Int("global")),
				gpu.AddressSpaceConstant: int64(o.Int("constant"))})
			return nil
		},
	}
}

// Register adds gpu-kernel-outlining, gpu-derive-workgroup-size,
// gpu-launch-sink-index-computations, gpu-eliminate-barriers,
// gpu-lower-memory-space-attributes and gpu-decompose-memrefs to reg.
func Register(reg pass.Registry) {
	reg.Add(KernelOutlining, DeriveWorkgroupSize, LaunchSinkIndexComputations, EliminateBarriers, LowerMemorySpaceAttributes, DecomposeMemrefs, AsyncRegion)
}
