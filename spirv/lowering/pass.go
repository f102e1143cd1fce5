package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// ConvertToSPIRV returns the convert-to-spirv pass: every source
// dialect's patterns in one conversion with one type converter.
func ConvertToSPIRV() *pass.Pass {
	return &pass.Pass{
		Name:     "ConvertToSPIRV",
		Argument: "convert-to-spirv",
		Summary:  "Convert gpu, vector, arith, math, memref, scf, cf and func to the SPIR-V dialect in one conversion",
		OpName:   "builtin.module",
		Options: []pass.Option{
			{Name: "convert-gpu-modules", Kind: pass.BoolOption, Default: "false",
				Help: "Convert gpu.modules into spirv.modules placed before them"},
			{Name: "use-64bit-index", Kind: pass.BoolOption, Default: "false",
				Help: "Convert index to i64 when the target has Int64"},
			// Accepted for MLIR's command lines; signatures are always
			// converted, and vectors are unrolled by vector/transforms.
			{Name: "run-signature-conversion", Kind: pass.BoolOption, Default: "true", Help: "Accepted for MLIR compatibility"},
			{Name: "run-vector-unrolling", Kind: pass.BoolOption, Default: "true", Help: "Accepted for MLIR compatibility"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return Convert(op, Options{GPUModules: pc.Options.Bool("convert-gpu-modules"),
				Use64BitIndex: pc.Options.Bool("use-64bit-index")})
		},
	}
}

// alias returns MLIR's per-dialect pass argument running the combined
// conversion with the patterns of the given dialects.
func alias(argument, name string, gpuModules bool, dialects ...string) func() *pass.Pass {
	return func() *pass.Pass {
		return &pass.Pass{
			Name:     name,
			Argument: argument,
			Summary:  "The convert-to-spirv conversion restricted to " + dialects[0] + " ops (MLIR's " + argument + ")",
			OpName:   "builtin.module",
			Options: []pass.Option{{Name: "use-64bit-index", Kind: pass.BoolOption, Default: "false",
				Help: "Convert index to i64 when the target has Int64"}},
			Run: func(op *ir.Operation, pc *pass.Context) error {
				return Convert(op, Options{Dialects: dialects, GPUModules: gpuModules,
					Use64BitIndex: pc.Options.Bool("use-64bit-index")})
			},
		}
	}
}

// The per-dialect passes, with the companion patterns MLIR's passes add.
var (
	ConvertGPUToSPIRV    = alias("convert-gpu-to-spirv", "ConvertGPUToSPIRV", true, AllDialects...)
	ConvertArithToSPIRV  = alias("convert-arith-to-spirv", "ConvertArithToSPIRV", false, "arith")
	ConvertMathToSPIRV   = alias("convert-math-to-spirv", "ConvertMathToSPIRV", false, "math")
	ConvertMemRefToSPIRV = alias("convert-memref-to-spirv", "ConvertMemRefToSPIRV", false, "memref")
	ConvertSCFToSPIRV    = alias("convert-scf-to-spirv", "ConvertSCFToSPIRV", false, "scf", "func", "memref", "arith", "cf")
	ConvertCFToSPIRV     = alias("convert-cf-to-spirv", "ConvertControlFlowToSPIRV", false, "cf")
	ConvertFuncToSPIRV   = alias("convert-func-to-spirv", "ConvertFuncToSPIRV", false, "func")
	ConvertVectorToSPIRV = alias("convert-vector-to-spirv", "ConvertVectorToSPIRV", false, "vector")
	ConvertUBToSPIRV     = alias("convert-ub-to-spirv", "UBToSPIRVConversionPass", false, "ub")
)

// Register adds convert-to-spirv and its per-dialect aliases to reg.
func Register(reg pass.Registry) {
	reg.Add(ConvertToSPIRV, ConvertGPUToSPIRV, ConvertArithToSPIRV, ConvertMathToSPIRV, ConvertMemRefToSPIRV,
		ConvertSCFToSPIRV, ConvertCFToSPIRV, ConvertFuncToSPIRV, ConvertVectorToSPIRV, ConvertUBToSPIRV)
}
