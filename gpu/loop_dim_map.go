package gpu

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Processor is the hardware id an scf.parallel dimension maps to, MLIR's
// gpu::Processor: a block or thread id, or a sequential loop.
type Processor int32

const (
	ProcessorBlockX Processor = iota
	ProcessorBlockY
	ProcessorBlockZ
	ProcessorThreadX
	ProcessorThreadY
	ProcessorThreadZ
	ProcessorSequential
)

var processorSpec = &enumSpec{mnemonic: "processor", cppName: "::mlir::gpu::Processor", names: []string{
	"block_x", "block_y", "block_z", "thread_x", "thread_y", "thread_z", "sequential"}}

func (Processor) spec() *enumSpec  { return processorSpec }
func (p Processor) String() string { return enumName(p) }

// MappingAttrName is the scf.parallel attribute that holds one
// #gpu.loop_dim_map per dimension (MLIR's gpu::getMappingAttrName).
const MappingAttrName = "mapping"

// LoopDimMapAttr is #gpu.loop_dim_map<processor = P, map = M, bound = B>,
// MLIR's ParallelLoopDimMappingAttr: the processor one scf.parallel
// dimension runs on, the map from the hardware id to the loop index and the
// map from the iteration count to the launch size.
type LoopDimMapAttr struct {
	ir.Storage
	Processor  Processor
	Map, Bound *ir.AffineMap
}

// LoopDimMap returns the uniqued mapping attribute.
func LoopDimMap(ctx *ir.Context, p Processor, m, bound *ir.AffineMap) *LoopDimMapAttr {
	ma, ba := ctx.AffineMapAttr(m), ctx.AffineMapAttr(bound)
	return ir.UniqueKey(ctx, ir.NewKey("gpu.loop_dim_map").Int(int64(p)).Attr(ma).Attr(ba), func() *LoopDimMapAttr {
		return &LoopDimMapAttr{Processor: p, Map: ma.Map, Bound: ba.Map}
	})
}

func (a *LoopDimMapAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.loop_dim_map<processor = " + a.Processor.String() + ", map = ")
	p.BareAffineMap(a.Map)
	p.WriteString(", bound = ")
	p.BareAffineMap(a.Bound)
	p.WriteString(">")
}

var loopDimMapParams = []string{"processor", "map", "bound"}

// parseLoopDimMapBody reads `<processor = P, map = M, bound = B>`, the
// parameters in any order, as MLIR's struct directive does.
func parseLoopDimMapBody(p *ir.Parser) (ir.Attribute, error) {
	var proc Processor
	var maps [3]*ir.AffineMap
	seen := [3]bool{}
	err := p.ParseStructParams(len(loopDimMapParams), func(name string, at ir.Pos) error {
		k := slices.Index(loopDimMapParams, name)
		if k < 0 || seen[k] {
			return ir.Errorf(p.LocAt(at), "duplicate or unknown struct parameter name: %s", name)
		}
		seen[k] = true
		if k == 0 {
			var err error
			proc, err = parseEnumKeyword[Processor](p)
			return err
		}
		m, err := p.ParseBareAffineMap()
		if err != nil {
			return err
		}
		maps[k] = m.Map
		return nil
	})
	if err != nil {
		return nil, err
	}
	return LoopDimMap(p.Context(), proc, maps[1], maps[2]), nil
}
