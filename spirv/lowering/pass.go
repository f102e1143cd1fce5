package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// The options of MLIR's SPIR-V conversion passes (Conversion/Passes.td).
var (
	use64BitIndexOption = pass.Option{Name: "use-64bit-index", Kind: pass.BoolOption, Default: "false",
		Help: "Use 64-bit integers to convert index types"}
	emulateOption = pass.Option{Name: "emulate-lt-32-bit-scalar-types", Kind: pass.BoolOption, Default: "true",
		Help: "Emulate narrower scalar types with 32-bit ones if not supported by the target"}
	floatEmulationOption = pass.Option{Name: "emulate-unsupported-float-types", Kind: pass.BoolOption, Default: "true",
		Help: "Emulate unsupported float types by representing them with integer types of same bit width"}
	fastMathOption = pass.Option{Name: "enable-fast-math", Kind: pass.BoolOption, Default: "false",
		Help: "Enable fast math mode (assuming no NaN and infinity for floating point values) when performing conversion"}
	boolNumBitsOption = pass.Option{Name: "bool-num-bits", Kind: pass.IntOption, Default: "8",
		Help: "The number of bits to store a boolean value"}
	// The gpu.subgroup_mma ops lower to the KHR cooperative matrix ops on a
	// target with CooperativeMatrixKHR unless this is set, else to the NV
	// ones (MLIR's default is KHR whatever the target; its older tests
	// expect NV from targets with the NV extension only).
	// Kiln's own: kernel and workgroup buffers of static memrefs indexed
	// by dimension (Options.IndexByDimension); kiln compile turns it on.
	indexByDimensionOption = pass.Option{Name: "index-by-dimension", Kind: pass.BoolOption, Default: "false",
		Help: "Give kernel and workgroup buffers of static memrefs accessed only by memref.load and memref.store nested arrays, indexed by dimension"}
	coopMatrixNVOption = pass.Option{Name: "use-coop-matrix-nv", Kind: pass.BoolOption, Default: "false",
		Help: "Use the NV cooperative matrix extension insted of the KHR extension to lower GPU WMMA ops"}
)

// options reads the conversion options a pass declares from its values.
func options(pc *pass.Context) Options {
	o := Options{BoolNumBits: 8}
	for _, opt := range pc.Pass.Options {
		switch opt.Name {
		case use64BitIndexOption.Name:
			o.Use64BitIndex = pc.Options.Bool(opt.Name)
		case emulateOption.Name:
			o.NoEmulation = !pc.Options.Bool(opt.Name)
		case floatEmulationOption.Name:
			o.NoFloatEmulation = !pc.Options.Bool(opt.Name)
		case fastMathOption.Name:
			o.FastMath = pc.Options.Bool(opt.Name)
		case boolNumBitsOption.Name:
			o.BoolNumBits = pc.Options.Int(opt.Name)
		case coopMatrixNVOption.Name:
			o.CoopMatrixNV = pc.Options.Bool(opt.Name)
		case "convert-gpu-modules":
			o.GPUModules = pc.Options.Bool(opt.Name)
		case "nest-in-gpu-module":
			o.NestInGPUModule = pc.Options.Bool(opt.Name)
		case indexByDimensionOption.Name:
			o.IndexByDimension = pc.Options.Bool(opt.Name)
		}
	}
	return o
}

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
			{Name: "nest-in-gpu-module", Kind: pass.BoolOption, Default: "false",
				Help: "Put converted SPIR-V module inside the gpu.module instead of alongside it"},
			use64BitIndexOption,
			indexByDimensionOption,
			// Accepted for MLIR's command lines; signatures are always
			// converted, and vectors are unrolled by vector/transforms.
			{Name: "run-signature-conversion", Kind: pass.BoolOption, Default: "true", Help: "Accepted for MLIR compatibility"},
			{Name: "run-vector-unrolling", Kind: pass.BoolOption, Default: "true", Help: "Accepted for MLIR compatibility"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return Convert(op, options(pc))
		},
	}
}

// aliasMode says how a per-dialect pass differs from a plain partial
// conversion.
type aliasMode int

const (
	partial    aliasMode = iota
	gpuModules           // converts gpu.modules into spirv.modules
	strict               // no op of its dialects may stay unconverted
)

// alias returns MLIR's per-dialect pass argument running the combined
// conversion with the patterns of the given dialects and MLIR's options
// for that pass.
func alias(argument, name string, mode aliasMode, opts []pass.Option, dialects ...string) func() *pass.Pass {
	var illegal []string
	if mode == strict {
		illegal = dialects
	}
	// MLIR anchors convert-gpu-to-spirv on builtin.module; the others run
	// on any op.
	anchor := ""
	if mode == gpuModules {
		anchor = "builtin.module"
	}
	return func() *pass.Pass {
		return &pass.Pass{
			Name:     name,
			Argument: argument,
			Summary:  "The convert-to-spirv conversion restricted to " + dialects[0] + " ops (MLIR's " + argument + ")",
			OpName:   anchor,
			Options:  opts,
			Run: func(op *ir.Operation, pc *pass.Context) error {
				if argument == "convert-func-to-spirv" && op.Block() == nil && op.Name() == "func.func" {
					// A detached root function (kiln opt
					// --no-implicit-module), which the conversion would
					// replace: MLIR refuses it since llvm-project PR 185068.
					return ir.Errorf(op.Loc(), "'%s' pass requires the target operation to be nested in a block", argument)
				}
				o := options(pc)
				o.Dialects, o.GPUModules, o.Illegal = dialects, mode == gpuModules, illegal
				o.KernelModulesNested = mode == gpuModules
				o.StorageClassesOnly = mode != gpuModules
				return Convert(op, o)
			},
		}
	}
}

// The per-dialect passes, with the companion patterns MLIR's passes add.
var (
	ConvertGPUToSPIRV = alias("convert-gpu-to-spirv", "ConvertGPUToSPIRV", gpuModules,
		[]pass.Option{use64BitIndexOption, coopMatrixNVOption, indexByDimensionOption}, AllDialects...)
	ConvertArithToSPIRV = alias("convert-arith-to-spirv", "ConvertArithToSPIRV", strict,
		[]pass.Option{emulateOption, fastMathOption, floatEmulationOption}, "arith")
	ConvertMathToSPIRV   = alias("convert-math-to-spirv", "ConvertMathToSPIRV", partial, nil, "math")
	ConvertMemRefToSPIRV = alias("convert-memref-to-spirv", "ConvertMemRefToSPIRV", partial,
		[]pass.Option{boolNumBitsOption, use64BitIndexOption}, "memref")
	ConvertSCFToSPIRV = alias("convert-scf-to-spirv", "ConvertSCFToSPIRV", partial, nil, "scf", "func", "memref", "arith", "cf", "index")
	ConvertCFToSPIRV  = alias("convert-cf-to-spirv", "ConvertControlFlowToSPIRV", partial,
		[]pass.Option{emulateOption}, "cf")
	ConvertFuncToSPIRV = alias("convert-func-to-spirv", "ConvertFuncToSPIRV", partial,
		[]pass.Option{emulateOption}, "func")
	ConvertVectorToSPIRV = alias("convert-vector-to-spirv", "ConvertVectorToSPIRV", partial, nil, "vector")
	ConvertIndexToSPIRV  = alias("convert-index-to-spirv", "ConvertIndexToSPIRVPass", strict,
		[]pass.Option{use64BitIndexOption}, "index")
	ConvertTensorToSPIRV = alias("convert-tensor-to-spirv", "ConvertTensorToSPIRV", partial,
		[]pass.Option{emulateOption}, "tensor", "arith", "func")
	ConvertUBToSPIRV = alias("convert-ub-to-spirv", "UBToSPIRVConversionPass", partial, nil, "ub")
)

// Register adds convert-to-spirv and its per-dialect aliases to reg.
func Register(reg pass.Registry) {
	reg.Add(ConvertToSPIRV, ConvertGPUToSPIRV, ConvertArithToSPIRV, ConvertMathToSPIRV, ConvertMemRefToSPIRV,
		ConvertSCFToSPIRV, ConvertCFToSPIRV, ConvertFuncToSPIRV, ConvertVectorToSPIRV, ConvertIndexToSPIRV,
		ConvertTensorToSPIRV, ConvertUBToSPIRV, ReconcileUnrealizedCasts)
}
