package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// Stages of vector-lower-for-spirv, in the order it runs them: transfers
// first (they make loads, masked loads and gathers of memory), then the
// ops that make vector.reduction, fma and masks, then the memory ops that
// masks guard, then the shape changes, and the unrolling last.

// TransferPatterns lower vector.transfer_read/transfer_write on memrefs.
func TransferPatterns() []*ir.Pattern {
	return []*ir.Pattern{lowerTransferRead, lowerTransferWrite}
}

// MultiReductionPatterns lower vector.multi_reduction to vector.reduction.
func MultiReductionPatterns() []*ir.Pattern { return []*ir.Pattern{lowerMultiReduction} }

// ContractPatterns lower vector.contract and vector.outerproduct to fma chains.
func ContractPatterns() []*ir.Pattern { return []*ir.Pattern{lowerContract, lowerOuterProduct} }

// MaskOpPatterns lower vector.mask into the op it predicates.
func MaskOpPatterns() []*ir.Pattern { return []*ir.Pattern{lowerMaskOp} }

// ScanPatterns lower vector.scan to element-wise arith ops.
func ScanPatterns() []*ir.Pattern { return []*ir.Pattern{lowerScan} }

// MaskPatterns lower create_mask, constant_mask, maskedload, maskedstore,
// expandload and compressstore.
func MaskPatterns() []*ir.Pattern {
	return []*ir.Pattern{lowerCreateMask, lowerConstantMask,
		lowerMaskedMemory("vector-lower-masked-load-store", "vector.maskedload", "vector.maskedstore"), lowerCompressed}
}

// GatherScatterPatterns lower vector.gather and vector.scatter to scalar code.
func GatherScatterPatterns() []*ir.Pattern {
	return []*ir.Pattern{lowerMaskedMemory("vector-lower-gather-scatter", "vector.gather", "vector.scatter")}
}

// ShapePatterns lower vector.transpose and n-d vector.shape_cast.
func ShapePatterns() []*ir.Pattern { return []*ir.Pattern{lowerShape} }

// UnrollPatterns cut vectors to the sizes SPIR-V allows (8 and 16 too
// when vector16, the Vector16 capability, is set).
func UnrollPatterns(vector16 bool) []*ir.Pattern {
	return append([]*ir.Pattern{unrollElementwise(vector16), unrollReduction(vector16), unrollBroadcast(vector16),
		unrollFromElements(vector16), unrollLoadStore(vector16), unrollMoves(vector16)}, cancelPatterns()...)
}

var vector16Option = pass.Option{Name: "vector16", Kind: pass.BoolOption, Default: "false",
	Help: "Allow vectors of 8 and 16 elements (the Vector16 capability)"}

func simplePass(name, arg, summary string, patterns func() []*ir.Pattern) func() *pass.Pass {
	return func() *pass.Pass {
		return &pass.Pass{Name: name, Argument: arg, Summary: summary,
			Run: func(op *ir.Operation, _ *pass.Context) error { return rewrite.ApplyGreedily(op, patterns()...) }}
	}
}

// The passes, as constructors for a pass.Registry.
var (
	LowerTransferPass = simplePass("LowerVectorTransfer", "vector-lower-transfer",
		"Lower vector.transfer_read/write to vector.load/store or memref.load/store", TransferPatterns)
	LowerMultiReductionPass = simplePass("LowerVectorMultiReduction", "vector-lower-multi-reduction",
		"Lower vector.multi_reduction to vector.reduction", MultiReductionPatterns)
	LowerMaskOpPass = simplePass("LowerVectorMaskOp", "vector-lower-mask-op",
		"Lower vector.mask into the masked transfer or reduction", MaskOpPatterns)
	// MLIRLowerMaskPass is the same under MLIR's pass name.
	MLIRLowerMaskPass = simplePass("LowerVectorMaskPass", "lower-vector-mask",
		"Lower vector.mask into the masked transfer or reduction", MaskOpPatterns)
	LowerScanPass = simplePass("LowerVectorScan", "vector-lower-scan",
		"Lower vector.scan to element-wise arith ops", ScanPatterns)
	LowerContractPass = simplePass("LowerVectorContract", "vector-lower-contract",
		"Lower vector.contract and vector.outerproduct to vector.fma chains", ContractPatterns)
	LowerMasksPass = simplePass("LowerVectorMasks", "vector-lower-masks",
		"Lower create_mask, constant_mask, maskedload/maskedstore and expandload/compressstore to selects and guarded scalar accesses", MaskPatterns)
	LowerGatherScatterPass = simplePass("LowerVectorGatherScatter", "vector-lower-gather-scatter",
		"Lower vector.gather/scatter to memref.load/store per lane under scf.if", GatherScatterPatterns)
	LowerShapePass = simplePass("LowerVectorShape", "vector-lower-shape",
		"Lower vector.transpose and n-d vector.shape_cast to element moves", ShapePatterns)
)

// MLIRLowerMultiReductionPass is MLIR's lower-vector-multi-reduction: the
// three phases of MLIRMultiReductionPhases, each applied greedily, its
// lowering-strategy inner-parallel by default, as MLIR.
func MLIRLowerMultiReductionPass() *pass.Pass {
	return &pass.Pass{Name: "LowerVectorMultiReduction", Argument: "lower-vector-multi-reduction",
		Summary: "Lower 'vector.multi_reduction' operations", OpName: "func.func",
		Options: []pass.Option{{Name: "lowering-strategy", Kind: pass.EnumOption, Default: "inner-parallel", Values: []string{"inner-reduction", "inner-parallel"},
			Help: "Select the strategy to control how multi_reduction is lowered: inner-parallel (outer-reduction and inner-parallel ops) or inner-reduction (outer-parallel and inner-reduction ops)"}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			for _, phase := range MLIRMultiReductionPhases(pc.Options.String("lowering-strategy") == "inner-reduction") {
				if err := rewrite.ApplyGreedily(op, phase...); err != nil {
					return err
				}
			}
			return nil
		}}
}

// UnrollPass is vector-unroll-for-spirv.
func UnrollPass() *pass.Pass {
	return &pass.Pass{Name: "VectorUnrollForSPIRV", Argument: "vector-unroll-for-spirv",
		Summary: "Unroll vector ops to the vector sizes SPIR-V allows",
		Options: []pass.Option{vector16Option},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return rewrite.ApplyGreedily(op, UnrollPatterns(pc.Options.Bool("vector16"))...)
		}}
}

// LowerForSPIRVPass is vector-lower-for-spirv: every stage above, in order,
// ready for the conversion to SPIR-V.
func LowerForSPIRVPass() *pass.Pass {
	return &pass.Pass{Name: "VectorLowerForSPIRV", Argument: "vector-lower-for-spirv",
		Summary: "Lower and unroll vector ops to what the SPIR-V conversion accepts",
		Options: []pass.Option{vector16Option},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return runStages(op, append(loweringStages(), UnrollPatterns(pc.Options.Bool("vector16"))))
		}}
}

// loweringStages are the stages of vector-lower-for-spirv before the
// unrolling: vector.mask and vector.scan first, since they make masked
// transfers and reductions.
func loweringStages() [][]*ir.Pattern {
	return [][]*ir.Pattern{append(MaskOpPatterns(), ScanPatterns()...), TransferPatterns(), MultiReductionPatterns(),
		ContractPatterns(), MaskPatterns(), GatherScatterPatterns(), ShapePatterns()}
}

func runStages(op *ir.Operation, stages [][]*ir.Pattern) error {
	for _, s := range stages {
		if err := rewrite.ApplyGreedily(op, s...); err != nil {
			return err
		}
	}
	return nil
}

// LowerForConversion runs the stages of vector-lower-for-spirv but the
// unrolling on op when it holds a vector op that the SPIR-V conversion has
// no pattern for (masks, scans, transfers, compressed, masked and gathered
// accesses, multi_reduction, contract, outerproduct, transpose), and does
// nothing otherwise, so that IR without them converts unchanged.
func LowerForConversion(op *ir.Operation) error {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		found = found || needsLowering[o.Name()]
		return !found
	})
	if !found {
		return nil
	}
	return runStages(op, loweringStages())
}

var needsLowering = map[string]bool{
	"vector.mask": true, "vector.scan": true, "vector.transfer_read": true, "vector.transfer_write": true,
	"vector.create_mask": true, "vector.constant_mask": true, "vector.maskedload": true, "vector.maskedstore": true,
	"vector.expandload": true, "vector.compressstore": true, "vector.gather": true, "vector.scatter": true,
	"vector.multi_reduction": true, "vector.contract": true, "vector.outerproduct": true, "vector.transpose": true,
}

// Register adds the passes of this package to reg.
func Register(reg pass.Registry) {
	reg.Add(LowerMaskOpPass, MLIRLowerMaskPass, LowerScanPass, LowerTransferPass, LowerMultiReductionPass, MLIRLowerMultiReductionPass, LowerContractPass,
		LowerMasksPass, LowerGatherScatterPass, LowerShapePass, UnrollPass, LowerForSPIRVPass, ShuffleTreePass)
}
