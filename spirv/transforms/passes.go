package transforms

import (
	"runtime"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Register adds the package's passes to reg.
func Register(reg pass.Registry) {
	reg.Add(LowerABIAttributes, UpdateVCE, UnifyAliasedResource, MapMemRefStorageClass, Canonicalize, RewriteInserts, DecorateLayout, WebGPUPrepare, CanonicalizeGL,
		HoistLoopInvariants, UnsignedLoopCompares, SSALoopResults, DecorateBufferAccess, ReuseInputLoads, VectorizeBufferAccess,
		PromoteToReplicatedConstants, FuseNaNMinMax, SSASelectionResults)
}

// LowerABIAttributes returns the spirv-lower-abi-attrs pass.
func LowerABIAttributes() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVLowerABIAttributesPass",
		Argument: "spirv-lower-abi-attrs",
		Summary:  "Decorate SPIR-V composite type with layout info and lower entry point ABI attributes",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return LowerABI(op) },
	}
}

// UpdateVCE returns the spirv-update-vce pass.
func UpdateVCE() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVUpdateVCEPass",
		Argument: "spirv-update-vce",
		Summary:  "Deduce and attach minimal (version, capabilities, extensions) requirements to spirv.module ops",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return DeduceVCE(op) },
	}
}

// MapMemRefStorageClass returns the map-memref-spirv-storage-class pass.
func MapMemRefStorageClass() *pass.Pass {
	return &pass.Pass{
		Name:     "MapMemRefStorageClass",
		Argument: "map-memref-spirv-storage-class",
		Summary:  "Map numeric MemRef memory spaces to SPIR-V storage classes",
		Options: []pass.Option{{Name: "client-api", Kind: pass.StringOption, Default: "vulkan",
			Help: "The client API to use for populating mappings (vulkan or opencl)",
			Check: func(v string) error {
				_, err := clientAPIMap(v)
				return err
			}}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			api, err := clientAPIMap(pc.Options.String("client-api"))
			if err != nil {
				return err
			}
			return MapStorageClasses(op, api)
		},
	}
}

// eachModule runs fn on op if it is a spirv.module, else on every
// spirv.module nested in it: the passes are anchored on spirv.module in
// MLIR, and run from a builtin.module pipeline here as well (`kiln opt
// --spirv-update-vce`), as mlir-opt's implicit nesting would.
func eachModule(op *ir.Operation, fn func(*ir.Operation) error) error {
	if op.Name() == moduleName {
		return fn(op)
	}
	var err error
	op.WalkPre(func(o *ir.Operation) (bool, bool) {
		if o.Name() != moduleName {
			return true, true
		}
		err = fn(o)
		return false, err == nil
	})
	return err
}

const moduleName = "spirv.module"

// targetCaps is the set of capabilities env declares, implied ones included.
func targetCaps(env *spirv.TargetEnvAttr) map[spv.Capability]bool {
	m := map[spv.Capability]bool{}
	for _, c := range env.Capabilities() {
		for _, d := range c.Implied() {
			m[d] = true
		}
	}
	return m
}

// minParallel is the fewest functions of a module (or top-level ops, for
// spirv-update-vce) worth spreading a pass's work over goroutines.
const minParallel = 16

// maxWorkers is how many goroutines the passes may use in ctx.
func maxWorkers(ctx *ir.Context) int {
	if !ctx.Multithreading() {
		return 1
	}
	return runtime.GOMAXPROCS(0)
}

// parallelism is how many of w goroutines to use on n functions.
func parallelism(w, n int) int {
	if n < minParallel {
		return 1
	}
	return w
}
