package gpu

import (
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
)

// MappingID is the processing-unit id an scf.forall loop maps to: x, y, z
// (3-D mode) or linear_dim_0 .. linear_dim_9 (linear mode), MLIR's
// gpu::MappingId.
type MappingID int32

var mappingIDSpec = &enumSpec{mnemonic: "mapping_id", cppName: "::mlir::gpu::MappingId", names: []string{
	"x", "y", "z", "linear_dim_0", "linear_dim_1", "linear_dim_2", "linear_dim_3", "linear_dim_4",
	"linear_dim_5", "linear_dim_6", "linear_dim_7", "linear_dim_8", "linear_dim_9"}}

func (MappingID) spec() *enumSpec  { return mappingIDSpec }
func (m MappingID) String() string { return enumName(m) }

// linearDim0 is the first linear-mode id.
const linearDim0 MappingID = 3

// MappingUnit is the parallelism level a mapping attribute names.
type MappingUnit int32

const (
	MapBlock MappingUnit = iota
	MapWarpgroup
	MapWarp
	MapThread
	MapLane
)

var unitMnemonics = []string{"block", "warpgroup", "warp", "thread", "lane"}

func (u MappingUnit) String() string { return unitMnemonics[u] }

// MappingAttr is one of MLIR's GPU device mapping attributes
// (#gpu.block<x>, #gpu.warpgroup<y>, #gpu.warp<linear_dim_0>,
// #gpu.thread<z>, #gpu.lane<x>): the unit an scf.forall loop's iterations
// are distributed over.
type MappingAttr struct {
	ir.Storage
	Unit MappingUnit
	ID   MappingID
}

// Mapping returns the uniqued mapping attribute.
func Mapping(ctx *ir.Context, u MappingUnit, id MappingID) *MappingAttr {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.mapping").Int(int64(u)).Int(int64(id)), func() *MappingAttr {
		return &MappingAttr{Unit: u, ID: id}
	})
}

func (a *MappingAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu." + a.Unit.String() + "<" + a.ID.String() + ">")
}

// MappingID is MLIR's DeviceMappingAttrInterface::getMappingId.
func (a *MappingAttr) MappingID() int64 { return int64(a.ID) }

// IsLinearMapping reports a linear_dim_N id.
func (a *MappingAttr) IsLinearMapping() bool { return a.ID >= linearDim0 }

// MappingMaskAttr is #gpu.mask<N>: which of the (at most 64) linear ids of
// a linear mapping are active, MLIR's GPUMappingMaskAttr.
type MappingMaskAttr struct {
	ir.Storage
	Mask uint64
}

// MappingMask returns the uniqued mask attribute.
func MappingMask(ctx *ir.Context, mask uint64) *MappingMaskAttr {
	return ir.UniqueInt(ctx, "gpu.mask", int64(mask), func() *MappingMaskAttr { return &MappingMaskAttr{Mask: mask} })
}

func (a *MappingMaskAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.mask<" + strconv.FormatUint(a.Mask, 10) + ">")
}

// MaxNumPhysicalIDs is MLIR's DeviceMaskingAttrInterface::getMaxNumPhysicalIds.
func (a *MappingMaskAttr) MaxNumPhysicalIDs() int64 { return 64 }

// MemorySpaceMappingAttr is #gpu.memory_space<workgroup>: a loop mapped to
// a level of the memory hierarchy, MLIR's GPUMemorySpaceMappingAttr.
type MemorySpaceMappingAttr struct {
	ir.Storage
	Space AddressSpace
}

// MemorySpaceMapping returns the uniqued memory-space mapping attribute.
func MemorySpaceMapping(ctx *ir.Context, s AddressSpace) *MemorySpaceMappingAttr {
	return ir.UniqueInt(ctx, "gpu.memory_space", int64(s), func() *MemorySpaceMappingAttr {
		return &MemorySpaceMappingAttr{Space: s}
	})
}

func (a *MemorySpaceMappingAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.memory_space<" + a.Space.String() + ">")
}

// MappingID is the address space's value, as in MLIR.
func (a *MemorySpaceMappingAttr) MappingID() int64 { return int64(a.Space) }

// IsLinearMapping is false: memory spaces have no linear mode.
func (a *MemorySpaceMappingAttr) IsLinearMapping() bool { return false }

// parseMappingBody reads `<id>` after #gpu.block and its siblings.
func parseMappingBody(p *ir.Parser, u MappingUnit) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	id, err := parseEnumKeyword[MappingID](p)
	if err != nil {
		return nil, err
	}
	return Mapping(p.Context(), u, id), p.ParsePunct(">")
}

// parseMaskBody reads `<N>` after #gpu.mask.
func parseMaskBody(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if p.ParseOptionalPunct("-") {
		return nil, p.Errorf("expected a non-negative mask")
	}
	// A mask above 1<<63 comes back as a negative int64 of the same bits.
	v, err := p.ParseInteger()
	if err != nil {
		return nil, err
	}
	return MappingMask(p.Context(), uint64(v)), p.ParsePunct(">")
}

// parseMemorySpaceBody reads `<workgroup>` after #gpu.memory_space.
func parseMemorySpaceBody(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	s, err := parseEnumKeyword[AddressSpace](p)
	if err != nil {
		return nil, err
	}
	return MemorySpaceMapping(p.Context(), s), p.ParsePunct(">")
}
