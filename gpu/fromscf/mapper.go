package fromscf

import (
	"strings"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// mappingLevel is the level a loop nest maps to: the grid (block ids), the
// block (thread ids), then sequential loops.
type mappingLevel int

const (
	mapGrid mappingLevel = iota
	mapBlock
	mapSequential
)

// numHardwareIDs is how many dimensions (x, y, z) each level has.
const numHardwareIDs = 3

// MapParallelLoops returns the gpu-map-parallel-loops pass: MLIR's
// GpuMapParallelLoopsPass, which gives each outermost scf.parallel without
// a mapping attribute, and the scf.parallel ops directly in its body, a
// #gpu.loop_dim_map per dimension.
func MapParallelLoops() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuMapParallelLoopsPass",
		Argument: "gpu-map-parallel-loops",
		Summary:  "Greedily maps loops to GPU hardware dimensions.",
		OpName:   "func.func",
		Options: []pass.Option{{Name: "mapping-policy", Kind: pass.StringOption, Default: "outermost-first",
			Help: "Policy outlining how to assign loops to GPU dimensions.Supported values are `outermost-first` and `innermost-first`."}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			policy := strings.ToLower(strings.TrimSpace(pc.Options.String("mapping-policy")))
			if policy != "outermost-first" && policy != "innermost-first" {
				return op.EmitErrorf("Invalid mapping policy specified.")
			}
			var loops []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o != op && o.Name() == "scf.parallel" {
					loops = append(loops, o)
				}
				return true
			})
			for _, l := range loops {
				mapParallel(l, mapGrid, policy == "innermost-first")
			}
			return nil
		},
	}
}

// hardwareID is the processor of dimension dim at level (MLIR's
// getHardwareIdForMapping).
func hardwareID(level mappingLevel, dim int) gpu.Processor {
	if dim >= numHardwareIDs || level == mapSequential {
		return gpu.ProcessorSequential
	}
	if level == mapGrid {
		return gpu.ProcessorBlockX + gpu.Processor(dim)
	}
	return gpu.ProcessorThreadX + gpu.Processor(dim)
}

// mapParallel maps op unless it has a mapping already or is nested in
// another scf.parallel at the grid level, then maps the scf.parallel ops of
// its body one level down.
func mapParallel(op *ir.Operation, level mappingLevel, innermostFirst bool) {
	if op.HasAttr(gpu.MappingAttrName) || level == mapGrid && op.ParentOfName("scf.parallel") != nil {
		return
	}
	ctx := op.Context()
	numLoops := op.Region(0).Entry().NumArgs()
	toMap := min(numLoops, numHardwareIDs)
	id := &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineDimExpr(0)}}
	attrs := make([]ir.Attribute, numLoops)
	for i := range numLoops {
		hw := numHardwareIDs
		if i < toMap {
			hw = i
			if innermostFirst {
				hw = toMap - 1 - i
			}
		}
		attrs[i] = gpu.LoopDimMap(ctx, hardwareID(level, hw), id, id)
	}
	op.SetAttr(gpu.MappingAttrName, ctx.ArrayAttr(attrs...))
	if level < mapSequential {
		level++
	}
	for nested := range op.Region(0).Entry().Ops() {
		if nested.Name() == "scf.parallel" {
			mapParallel(nested, level, innermostFirst)
		}
	}
}
