package outline

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
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

// Register adds gpu-kernel-outlining and gpu-derive-workgroup-size to reg.
func Register(reg pass.Registry) { reg.Add(KernelOutlining, DeriveWorkgroupSize) }
