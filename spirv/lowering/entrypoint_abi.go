package lowering

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// TestEntryPointABIPass is MLIR's test-only -test-spirv-entry-point-abi:
// it gives every gpu.func kernel of a gpu.module that has none a
// spirv.entry_point_abi with the workgroup size of its options (missing
// dimensions are 1) and, when set, the subgroup size and target width.
func TestEntryPointABIPass() *pass.Pass {
	return &pass.Pass{
		Name:     "TestSpirvEntryPointABIPass",
		Argument: "test-spirv-entry-point-abi",
		Summary:  "Set the spirv.entry_point_abi attribute on GPU kernel functions within the module, intended for testing only",
		Options: []pass.Option{
			{Name: "workgroup-size", Kind: pass.ListOption, Elem: pass.Int64Option, Help: "Workgroup size to use for all gpu.func kernels in the module, specified with x-dimension first, y-dimension next and z-dimension last. Unspecified dimensions will be set to 1"},
			{Name: "subgroup-size", Kind: pass.IntOption, Default: "0", Help: "Subgroup size to use for all gpu.func kernels in the module"},
			{Name: "target-width", Kind: pass.IntOption, Default: "0", Help: "Specify the component width of floating-point instructions"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			abi := spirv.EntryPointABI{WorkgroupSize: []int32{1, 1, 1},
				SubgroupSize: int32(pc.Options.Int("subgroup-size")), TargetWidth: int32(pc.Options.Int("target-width"))}
			// As MLIR, the sizes past the third are dropped and each is
			// truncated to i32.
			sizes := pc.Options.Ints("workgroup-size")
			for i := range min(len(sizes), 3) {
				abi.WorkgroupSize[i] = int32(sizes[i])
			}
			attr := spirv.NewEntryPointABI(op.Context(), abi)
			op.Walk(func(o *ir.Operation) bool {
				if f, ok := gpu.AsFunc(o); ok && f.IsKernel() && o.ParentOp() != nil && o.ParentOp().Name() == "gpu.module" &&
					spirv.LookupEntryPointABI(o) == nil {
					o.SetAttr(spirv.EntryPointABIAttrName, attr)
				}
				return true
			})
			return nil
		},
	}
}
