package kiln

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// VulkanRunnerPipeline is the pass behind MLIR's test-only
// -test-vulkan-runner-pipeline, which upstream's Vulkan integration tests
// run before mlir-runner: kernels outlined, each gpu.module compiled by the
// runner's Pipeline (then spirv-webgpu-prepare with that option) and its
// spirv.module placed before it, checked by spirv-val. MLIR goes on to
// serialize the kernels and lower the host code to LLVM for its JIT; `kiln
// run` interprets the host code and dispatches the spirv.module each
// gpu.module carries (see Compiler.Compile), so the pipeline stops here.
// The passes come from reg.
func VulkanRunnerPipeline(reg pass.Registry) func() *pass.Pass {
	return func() *pass.Pass {
		return &pass.Pass{
			Name:     "TestVulkanRunnerPipeline",
			Argument: "test-vulkan-runner-pipeline",
			Summary:  "Runs a series of passes for lowering GPU-dialect MLIR to SPIR-V for the Vulkan runner",
			OpName:   "builtin.module",
			Options: []pass.Option{
				{Name: "spirv-webgpu-prepare", Kind: pass.BoolOption, Default: "false", Help: "Run MLIR transforms used when targetting WebGPU"},
			},
			Run: func(op *ir.Operation, pc *pass.Context) error {
				if err := Outline(op, reg); err != nil {
					return err
				}
				c := &Compiler{Passes: reg}
				if pc.Options.Bool("spirv-webgpu-prepare") {
					c.Extra = []string{"spirv-webgpu-prepare"}
				}
				for _, gm := range gpuModules(op) {
					r, err := c.Compile(gm, nil)
					if err != nil {
						return err
					}
					r.SPIRV.MoveBefore(gm)
				}
				return nil
			},
		}
	}
}
