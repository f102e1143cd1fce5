package kiln

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/looptransforms"
	affinetransforms "github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/arith/emulate"
	arithtransforms "github.com/kiln-gpu/kiln/arith/transforms"
	"github.com/kiln-gpu/kiln/cf"
	cftoscf "github.com/kiln-gpu/kiln/cf/toscf"
	"github.com/kiln-gpu/kiln/fn"
	fntransforms "github.com/kiln-gpu/kiln/fn/transforms"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/gpu/fromscf"
	"github.com/kiln-gpu/kiln/gpu/outline"
	"github.com/kiln-gpu/kiln/gpu/tobinary"
	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/linalg"
	"github.com/kiln-gpu/kiln/llvm"
	mathd "github.com/kiln-gpu/kiln/math"
	mathtransforms "github.com/kiln-gpu/kiln/math/transforms"
	"github.com/kiln-gpu/kiln/mem2reg"
	"github.com/kiln-gpu/kiln/memref"
	memreftransforms "github.com/kiln-gpu/kiln/memref/transforms"
	"github.com/kiln-gpu/kiln/runtimeverify"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/tocf"
	scftransforms "github.com/kiln-gpu/kiln/scf/transforms"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	spirvtransforms "github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/tensor"
	"github.com/kiln-gpu/kiln/ub"
	"github.com/kiln-gpu/kiln/vector"
	"github.com/kiln-gpu/kiln/vector/toscf"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

// Dialects returns every dialect Kiln defines.
func Dialects() []*ir.Dialect {
	return []*ir.Dialect{fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect(),
		memref.Dialect(), scf.Dialect(), vector.Dialect(), gpu.Dialect(), spirv.Dialect(), index.Dialect(), ub.Dialect(), llvm.Dialect(), tensor.Dialect(), affine.Dialect(), linalg.Dialect()}
}

// NewContext returns a context with every dialect Kiln defines loaded.
func NewContext() *ir.Context {
	return ir.NewContext(Dialects()...)
}

// Passes returns a registry of every pass Kiln defines, by the argument
// name `kiln opt` and pass pipelines use (canonicalize, convert-to-spirv,
// test-vulkan-runner-pipeline, ...). It holds the passes of Pipeline.
func Passes() pass.Registry {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	arithtransforms.Register(reg)
	emulate.Register(reg)
	mathtransforms.Register(reg)
	affinetransforms.Register(reg)
	looptransforms.Register(reg)
	outline.Register(reg)
	fromscf.Register(reg)
	spirvtransforms.Register(reg)
	transforms.Register(reg)
	toscf.Register(reg)
	lowering.Register(reg)
	tocf.Register(reg)
	cftoscf.Register(reg)
	scftransforms.Register(reg)
	memreftransforms.Register(reg)
	mem2reg.Register(reg)
	fntransforms.Register(reg)
	runtimeverify.Register(reg)
	reg.Add(lowering.TestEntryPointABIPass, VulkanRunnerPipeline(reg), tobinary.Pass, tobinary.AttachTargetPass)
	return reg
}
