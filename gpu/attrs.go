package gpu

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// enumSpec describes one of the dialect's enum attributes: how it is
// spelled (#gpu<mnemonic value> or, dotted, #gpu.mnemonic<value>) and the
// keyword of each value.
type enumSpec struct {
	mnemonic string
	cppName  string // for MLIR's "expected gpu::X to be one of" message
	names    []string
	dotted   bool
}

// enumKind is an enum type of the dialect.
type enumKind interface {
	~int32
	spec() *enumSpec
}

// EnumAttr is a uniqued enum attribute of the gpu dialect: #gpu<dim x>,
// #gpu<all_reduce_op add>, #gpu<shuffle_mode xor>, #gpu<broadcast
// first_active_lane>, #gpu.address_space<workgroup>.
type EnumAttr[K enumKind] struct {
	ir.Storage
	Value K
}

// Enum returns the uniqued attribute for v.
func Enum[K enumKind](ctx *ir.Context, v K) *EnumAttr[K] {
	return ir.UniqueInt(ctx, "gpu."+v.spec().mnemonic, int64(v), func() *EnumAttr[K] {
		return &EnumAttr[K]{Value: v}
	})
}

func (a *EnumAttr[K]) Print(p *ir.Printer) {
	s := a.Value.spec()
	if s.dotted {
		p.WriteString("#gpu." + s.mnemonic + "<" + enumName(a.Value) + ">")
		return
	}
	p.WriteString("#gpu<" + s.mnemonic + " " + enumName(a.Value) + ">")
}

func enumName[K enumKind](v K) string {
	if names := v.spec().names; v >= 0 && int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return "<invalid>"
}

// lookupEnum returns the value spelled s.
func lookupEnum[K enumKind](s string) (K, bool) {
	var zero K
	for i, n := range zero.spec().names {
		if n == s && n != "" {
			return K(i), true
		}
	}
	return zero, false
}

// parseEnumKeyword reads a bare enum keyword, as custom op forms spell it.
func parseEnumKeyword[K enumKind](p *ir.Parser) (K, error) {
	var zero K
	at := p.Pos()
	w, err := p.ParseKeywordAny()
	if err != nil {
		return zero, err
	}
	v, ok := lookupEnum[K](w)
	if !ok {
		return zero, ir.Errorf(p.LocAt(at), "expected %s to be one of: %s", zero.spec().cppName, validNames(zero.spec()))
	}
	return v, nil
}

func validNames(s *enumSpec) string {
	var ns []string
	for _, n := range s.names {
		if n != "" {
			ns = append(ns, n)
		}
	}
	return strings.Join(ns, ", ")
}

// opEnum returns the enum stored in op's attribute name.
func opEnum[K enumKind](op *ir.Operation, name string) (K, bool) {
	a, ok := op.Attr(name).(*EnumAttr[K])
	if !ok {
		var zero K
		return zero, false
	}
	return a.Value, true
}

// Dimension is x, y or z (MLIR's gpu::Dimension).
type Dimension int32

const (
	DimX Dimension = iota
	DimY
	DimZ
)

var dimSpec = &enumSpec{mnemonic: "dim", cppName: "::mlir::gpu::Dimension", names: []string{"x", "y", "z"}}

func (Dimension) spec() *enumSpec  { return dimSpec }
func (d Dimension) String() string { return enumName(d) }

// AllReduceOperation is the combining kind of gpu.all_reduce and
// gpu.subgroup_reduce. Max and Min are MLIR 16's spellings, accepted on
// input; custom forms resolve them by the operand type (see Resolve).
type AllReduceOperation int32

const (
	ReduceAdd AllReduceOperation = iota
	ReduceMul
	ReduceMinUI
	ReduceMinSI
	ReduceMinNumF
	ReduceMaxUI
	ReduceMaxSI
	ReduceMaxNumF
	ReduceAnd
	ReduceOr
	ReduceXor
	ReduceMinimumF
	ReduceMaximumF
	ReduceMax // MLIR 16: maxsi on integers, maxnumf on floats
	ReduceMin // MLIR 16: minsi on integers, minnumf on floats
)

var reduceSpec = &enumSpec{mnemonic: "all_reduce_op", cppName: "::mlir::gpu::AllReduceOperation", names: []string{
	"add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "minimumf", "maximumf", "max", "min"}}

func (AllReduceOperation) spec() *enumSpec  { return reduceSpec }
func (k AllReduceOperation) String() string { return enumName(k) }

// Resolve maps MLIR 16's max and min to today's kinds for element type t.
func (k AllReduceOperation) Resolve(t ir.Type) AllReduceOperation {
	float := ir.IsFloat(ir.ElementTypeOrSelf(t))
	switch {
	case k == ReduceMax && float:
		return ReduceMaxNumF
	case k == ReduceMax:
		return ReduceMaxSI
	case k == ReduceMin && float:
		return ReduceMinNumF
	case k == ReduceMin:
		return ReduceMinSI
	}
	return k
}

// ShuffleMode is how gpu.shuffle picks its source lane.
type ShuffleMode int32

const (
	ShuffleXor ShuffleMode = iota
	ShuffleDown
	ShuffleUp
	ShuffleIdx
)

var shuffleSpec = &enumSpec{mnemonic: "shuffle_mode", cppName: "::mlir::gpu::ShuffleMode", names: []string{"xor", "down", "up", "idx"}}

func (ShuffleMode) spec() *enumSpec  { return shuffleSpec }
func (m ShuffleMode) String() string { return enumName(m) }

// BroadcastType is which lane gpu.subgroup_broadcast reads.
type BroadcastType int32

const (
	BroadcastFirstActiveLane BroadcastType = iota
	BroadcastSpecificLane
)

var broadcastSpec = &enumSpec{mnemonic: "broadcast", cppName: "::mlir::gpu::BroadcastType", names: []string{"first_active_lane", "specific_lane"}}

func (BroadcastType) spec() *enumSpec  { return broadcastSpec }
func (b BroadcastType) String() string { return enumName(b) }

// AddressSpace is a GPU memory space, used as a memref memory space:
// memref<32xf32, #gpu.address_space<workgroup>>.
type AddressSpace int32

const (
	AddressSpaceGlobal AddressSpace = iota + 1
	AddressSpaceWorkgroup
	AddressSpacePrivate
	// AddressSpaceConstant is read-only device memory (MLIR's PR 190211).
	AddressSpaceConstant
)

var addressSpaceSpec = &enumSpec{mnemonic: "address_space", cppName: "::mlir::gpu::AddressSpace",
	names: []string{"", "global", "workgroup", "private", "constant"}, dotted: true}

func (AddressSpace) spec() *enumSpec  { return addressSpaceSpec }
func (s AddressSpace) String() string { return enumName(s) }

// Scope is the execution scope of a gpu.barrier (MLIR's gpu::Scope): the
// work items that wait for each other at it.
type Scope int32

const (
	ScopeThread Scope = iota
	ScopeSubgroup
	ScopeWorkgroup
	ScopeCluster
	ScopeDevice
)

var scopeSpec = &enumSpec{mnemonic: "scope", cppName: "::mlir::gpu::Scope",
	names: []string{"thread", "subgroup", "workgroup", "cluster", "device"}, dotted: true}

func (Scope) spec() *enumSpec  { return scopeSpec }
func (s Scope) String() string { return enumName(s) }

// Aliases for the instantiated attribute types.
type (
	ScopeAttr         = EnumAttr[Scope]
	DimensionAttr     = EnumAttr[Dimension]
	AllReduceOpAttr   = EnumAttr[AllReduceOperation]
	ShuffleModeAttr   = EnumAttr[ShuffleMode]
	BroadcastTypeAttr = EnumAttr[BroadcastType]
	AddressSpaceAttr  = EnumAttr[AddressSpace]
)

// MemorySpaceOf returns the gpu address space of a memref type, if it has one.
func MemorySpaceOf(t ir.Type) (AddressSpace, bool) {
	var ms ir.Attribute
	switch t := t.(type) {
	case *ir.MemRefType:
		ms = t.MemorySpace
	case *ir.UnrankedMemRefType:
		ms = t.MemorySpace
	}
	if a, ok := ms.(*AddressSpaceAttr); ok {
		return a.Value, true
	}
	return 0, false
}

// AsyncTokenType is !gpu.async.token, the result of async gpu ops.
type AsyncTokenType struct{ ir.Storage }

// AsyncToken returns the uniqued !gpu.async.token type.
func AsyncToken(ctx *ir.Context) *AsyncTokenType {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.async.token"), func() *AsyncTokenType { return &AsyncTokenType{} })
}

func (*AsyncTokenType) Print(p *ir.Printer) { p.WriteString("!gpu.async.token") }

// NamedBarrierType is !gpu.named_barrier, a barrier object that
// gpu.initialize_named_barrier makes for a number of subgroups.
type NamedBarrierType struct{ ir.Storage }

// NamedBarrier returns the uniqued !gpu.named_barrier type.
func NamedBarrier(ctx *ir.Context) *NamedBarrierType {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.named_barrier"), func() *NamedBarrierType { return &NamedBarrierType{} })
}

func (*NamedBarrierType) Print(p *ir.Printer) { p.WriteString("!gpu.named_barrier") }

func parseType(p *ir.Parser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "async.token":
		return AsyncToken(p.Context()), nil
	case "named_barrier":
		return NamedBarrier(p.Context()), nil
	case "sparse.spmat_handle":
		return SparseSpMatHandle(p.Context()), nil
	case "sparse.dntensor_handle":
		return SparseDnTensorHandle(p.Context()), nil
	case "sparse.spgemmop_handle":
		return SparseSpGEMMOpHandle(p.Context()), nil
	case "mma_matrix":
		return parseMMAMatrixBody(p)
	}
	return nil, p.Errorf("unknown gpu type: %s", mnemonic)
}

// parseAttr reads #gpu<dim x>, #gpu<all_reduce_op add>, #gpu<shuffle_mode
// xor>, #gpu<broadcast specific_lane>, #gpu.address_space<workgroup> and
// the scf.forall mapping attributes (#gpu.thread<x>, #gpu.mask<5>, ...).
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	ctx := p.Context()
	switch mnemonic {
	case "dim":
		return enumBody[Dimension](p, ctx)
	case "all_reduce_op":
		return enumBody[AllReduceOperation](p, ctx)
	case "shuffle_mode":
		return enumBody[ShuffleMode](p, ctx)
	case "broadcast":
		return enumBody[BroadcastType](p, ctx)
	case "mma_element_wise":
		return enumBody[MMAElementwiseOp](p, ctx)
	case "mat_transpose_mode":
		return enumBody[TransposeMode](p, ctx)
	case "spgemm_work_estimation_or_compute_kind":
		return enumBody[SpGEMMKind](p, ctx)
	case "prune_2to4_spmat_flag":
		return enumBody[Prune2To4Flag](p, ctx)
	case "object":
		return parseObjectBody(p)
	case "kernel_table":
		return parseKernelTableBody(p)
	case "kernel_metadata":
		return parseKernelMetadataBody(p)
	case "select_object":
		return parseSelectObjectBody(p)
	case "block":
		return parseMappingBody(p, MapBlock)
	case "warpgroup":
		return parseMappingBody(p, MapWarpgroup)
	case "warp":
		return parseMappingBody(p, MapWarp)
	case "thread":
		return parseMappingBody(p, MapThread)
	case "lane":
		return parseMappingBody(p, MapLane)
	case "mask":
		return parseMaskBody(p)
	case "loop_dim_map":
		return parseLoopDimMapBody(p)
	case "memory_space":
		return parseMemorySpaceBody(p)
	case "address_space":
		return angledEnum[AddressSpace](p)
	case "scope":
		return angledEnum[Scope](p)
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `gpu`", mnemonic)
}

// angledEnum reads the `<value>` of a dotted enum attribute
// (#gpu.address_space<workgroup>, #gpu.scope<subgroup>).
func angledEnum[K enumKind](p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	v, err := enumBody[K](p, p.Context())
	if err != nil {
		return nil, err
	}
	return v, p.ParsePunct(">")
}

func enumBody[K enumKind](p *ir.Parser, ctx *ir.Context) (ir.Attribute, error) {
	v, err := parseEnumKeyword[K](p)
	if err != nil {
		return nil, err
	}
	return Enum(ctx, v), nil
}
